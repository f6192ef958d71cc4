/**
 * Contains-search on item names uses a trigram index when pg_trgm can be created (PostgreSQL, or
 * PGlite opened with the extension). Checked on every start, so the index appears as soon as the
 * extension does; without it the search scans, which is correct but slower.
 */
import type { Database } from '@erp/service-kit';

export async function ensureTrigramIndex(db: Database, schema: string): Promise<boolean> {
  await db.exec(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN others THEN NULL; END $$;`);
  const ext = await db.query<{ nsp: string }>(`SELECT n.nspname AS nsp FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`);
  const nsp = ext.rows[0]?.nsp;
  if (!nsp) return false;
  await db.exec(`CREATE INDEX IF NOT EXISTS items_name_trgm ON ${schema}.items USING gin (name_key "${nsp}".gin_trgm_ops)`);
  return true;
}
