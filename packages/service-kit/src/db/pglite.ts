import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './types.js';

/** bigint columns hold paise and hundredths; every value we store fits a double exactly. */
const parsers = { [types.INT8]: (v: string) => Number(v) };

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query<R>(sql, params as unknown[] | undefined);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const pg = await createPglite(dataDir, loadDataDir);
  return pgliteDatabase(pg, () => pg.close());
}

/** The PGlite itself, with the parsers and extensions every service expects. */
export function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  // pg_trgm is there for contains-search indexes (CREATE EXTENSION IF NOT EXISTS pg_trgm), as on PostgreSQL.
  return PGlite.create({
    parsers,
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/**
 * A Database over an open PGlite. `close` decides what closing it means (the tests' pool hands the
 * PGlite back instead); `usable` is asked before every statement, so a Database that was closed
 * refuses work even while its PGlite lives on under another owner.
 */
export function pgliteDatabase(
  pg: PGlite,
  close: () => Promise<void>,
  usable: () => boolean = () => true,
): Database {
  const guard = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => {
    const inner = wrap(q);
    const check = () => {
      if (!usable()) throw new Error('PGlite is closed');
    };
    return {
      async query(sql, params) {
        check();
        return inner.query(sql, params);
      },
      async exec(sql) {
        check();
        return inner.exec(sql);
      },
    };
  };
  const base = guard(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: async (fn) => {
      if (!usable()) throw new Error('PGlite is closed');
      return pg.transaction((tx) => fn(guard(tx)));
    },
    close,
  };
}
