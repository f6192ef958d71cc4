/**
 * Contains-search (`column LIKE '%word%'`) along a trigram index when pg_trgm can be created
 * (PostgreSQL, or PGlite, which the kit opens with the extension). Checked on every start, so the
 * index appears as soon as the extension does; without it the search scans, correct but slower.
 *
 * New rows go to GIN's pending list, merged into the index whenever it holds PENDING_LIST_KB (256 kB)
 * by the write that fills it (`gin_pending_list_limit`), not only by autovacuum, which PGlite
 * lacks: so a search scans at most 256 kB of unmerged entries. Without the pending list (fastupdate
 * off, until 2026-11-28) every write of a row put each of its trigrams into the tree one by one: a
 * PO's status change cost 1.2 ms, 0.26 ms of it the row and its other sixteen indexes; with the
 * list 0.37 ms, merges included (decision 0030).
 */
import type { Logger } from 'pino';
import type { Database } from './db/types.js';

/** Unmerged entries a trigram index keeps before the write that passes this size merges them (kB). */
export const PENDING_LIST_KB = 256;
const OPTION_LIST = ['fastupdate=on', `gin_pending_list_limit=${PENDING_LIST_KB}`];
const OPTIONS = OPTION_LIST.join(', ');

export interface TrigramIndex {
  /** The index's name, unqualified (it lives in the table's schema). */
  name: string;
  /** `schema.table`. */
  table: string;
  /** The lower-cased text the search matches (a plain or generated column). */
  column: string;
}

/** Make each index when pg_trgm is there; answers whether it is (false: searches scan). */
export async function ensureTrigramIndexes(db: Database, indexes: readonly TrigramIndex[]): Promise<boolean> {
  await db.exec(
    `DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN others THEN NULL; END $$;`,
  );
  const ext = await db.query<{ nsp: string }>(
    `SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  const nsp = ext.rows[0]?.nsp;
  if (!nsp) return false;
  for (const ix of indexes) {
    const schema = ix.table.split('.')[0]!;
    await db.exec(
      `CREATE INDEX IF NOT EXISTS ${ix.name} ON ${ix.table} USING gin (${ix.column} "${nsp}".gin_trgm_ops) WITH (${OPTIONS})`,
    );
    // An index made before this setting: switch it, and merge what is pending. Only then: the
    // ALTER locks the table against every read and write while it runs, and an instance that
    // starts while another serves would otherwise take that lock each time.
    const set = await db.query<{ options: string[] | null }>(
      `SELECT reloptions AS options FROM pg_class WHERE oid = '${schema}.${ix.name}'::regclass`,
    );
    if (!OPTION_LIST.every((o) => set.rows[0]?.options?.includes(o))) {
      await db.exec(`ALTER INDEX ${schema}.${ix.name} SET (${OPTIONS})`);
      await db.query(`SELECT gin_clean_pending_list('${schema}.${ix.name}'::regclass)`);
    }
  }
  return true;
}

/**
 * The search indexes of a service, made at its start; when pg_trgm is missing the log says so:
 * `unavailable` tells what scans instead ("pg_trgm is not available: …").
 */
export async function ensureSearchIndexes(
  ctx: { db: Database; log: Pick<Logger, 'info'> },
  indexes: readonly TrigramIndex[],
  unavailable: string,
): Promise<void> {
  if (!(await ensureTrigramIndexes(ctx.db, indexes)))
    ctx.log.info(`pg_trgm is not available: ${unavailable}`);
}
