/**
 * Contains-search on item names uses a trigram index when pg_trgm can be created (PostgreSQL, or
 * PGlite opened with the extension). Checked on every start, so the index appears as soon as the
 * extension does; without it the search scans, which is correct but slower.
 *
 * The index is built without GIN's pending list (fastupdate off): PGlite has no autovacuum, so a
 * pending list would only be merged when it reaches 4 MB, and every search would scan it until then.
 */
import type { Database } from '@erp/service-kit';

export async function ensureTrigramIndex(db: Database, schema: string): Promise<boolean> {
  await db.exec(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN others THEN NULL; END $$;`);
  const ext = await db.query<{ nsp: string }>(`SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`);
  const nsp = ext.rows[0]?.nsp;
  if (!nsp) return false;
  await db.exec(`CREATE INDEX IF NOT EXISTS items_name_trgm ON ${schema}.items USING gin (name_key "${nsp}".gin_trgm_ops) WITH (fastupdate = off)`);
  // An index made before this setting: switch it and merge what is pending.
  await db.exec(`ALTER INDEX ${schema}.items_name_trgm SET (fastupdate = off)`);
  await db.query(`SELECT gin_clean_pending_list('${schema}.items_name_trgm'::regclass)`);
  return true;
}
