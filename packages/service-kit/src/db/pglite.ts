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
  // pg_trgm is there for contains-search indexes (CREATE EXTENSION IF NOT EXISTS pg_trgm), as on PostgreSQL.
  const pg = await PGlite.create({ parsers, extensions: { pg_trgm }, ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
