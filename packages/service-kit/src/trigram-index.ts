/**
 * Contains-search (`column LIKE '%word%'`) along a trigram index when pg_trgm can be created
 * (PostgreSQL, or PGlite, which the kit opens with the extension). Checked on every start, so the
 * index appears as soon as the extension does; without it the search scans, correct but slower.
 *
 * The index is built without GIN's pending list (fastupdate off): PGlite has no autovacuum, so a
 * pending list would only be merged when it reaches 4 MB, and every search would scan it until then.
 */
import type { Database } from './db/types.js';

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
  await db.exec(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN others THEN NULL; END $$;`);
  const ext = await db.query<{ nsp: string }>(`SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`);
  const nsp = ext.rows[0]?.nsp;
  if (!nsp) return false;
  for (const ix of indexes) {
    const schema = ix.table.split('.')[0]!;
    await db.exec(`CREATE INDEX IF NOT EXISTS ${ix.name} ON ${ix.table} USING gin (${ix.column} "${nsp}".gin_trgm_ops) WITH (fastupdate = off)`);
    // An index made before this setting: switch it and merge what is pending.
    await db.exec(`ALTER INDEX ${schema}.${ix.name} SET (fastupdate = off)`);
    await db.query(`SELECT gin_clean_pending_list('${schema}.${ix.name}'::regclass)`);
  }
  return true;
}
