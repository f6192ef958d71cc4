/** The database a command line tool opens: the one the services use. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

type Env = Record<string, string | undefined>;

/** The database the services use: PostgreSQL when configured, else the embedded one in DATA_DIR. */
export async function openServiceDatabase(
  env: Env,
  service: string | undefined,
  force = false,
): Promise<{ db: Database; where: string }> {
  const url = (service ? env[`${service.toUpperCase()}_DATABASE_URL`] : undefined) || env.DATABASE_URL;
  if (url) return { db: await openPostgres(url, { max: 2 }), where: 'PostgreSQL' };
  const dir = path.join(path.resolve(env.DATA_DIR || './data'), 'pgdata');
  if (!existsSync(dir))
    throw new Error(`No embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  // PGlite writes postmaster.pid while open and removes it on a clean close.
  if (!force && existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${dir} is open in another process: stop the system first (or add --force if it crashed and is not running)`,
    );
  }
  return { db: await openPglite(dir), where: `embedded PGlite in ${dir}` };
}
