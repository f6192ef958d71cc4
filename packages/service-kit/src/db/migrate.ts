import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE = /^(\d{3,})_([a-z0-9_-]+)\.sql$/i;

export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => FILE.test(f)).sort();
  const out: Migration[] = [];
  for (const f of files) {
    const m = FILE.exec(f)!;
    out.push({ version: Number(m[1]), name: m[2]!, sql: await readFile(path.join(dir, f), 'utf8') });
  }
  const seen = new Set<number>();
  for (const m of out) {
    if (seen.has(m.version)) throw new Error(`Two migrations numbered ${m.version} in ${dir}`);
    seen.add(m.version);
  }
  return out;
}

/**
 * Apply numbered migrations of one schema, each in its own transaction. `{{schema}}` in a file is
 * replaced by the schema name. On PostgreSQL an advisory lock keeps two starting instances apart.
 */
export async function migrate(
  db: Database,
  schema: string,
  track: string,
  migrations: Migration[],
): Promise<number> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  // A schema made for the service beforehand (distributed mode: owned by the service's own role,
  // which may not create schemas) is used as it is: CREATE SCHEMA IF NOT EXISTS would need that right.
  const exists = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (exists.rows.length === 0) await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await db.exec(
    `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
       track text NOT NULL, version integer NOT NULL, name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (track, version));`,
  );
  let applied = 0;
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres')
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${schema}`]);
      const exists = await tx.query(
        `SELECT 1 FROM ${schema}.schema_migrations WHERE track = $1 AND version = $2`,
        [track, m.version],
      );
      if (exists.rows.length > 0) return false;
      await tx.exec(m.sql.replaceAll('{{schema}}', schema));
      await tx.query(`INSERT INTO ${schema}.schema_migrations (track, version, name) VALUES ($1, $2, $3)`, [
        track,
        m.version,
        m.name,
      ]);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}
