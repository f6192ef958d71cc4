/**
 * One database, one schema and one login role per service (ARCHITECTURE §3: each service owns its
 * schema; no SQL crosses one). Run with an administrator's connection before the services start:
 * it creates the database when missing, a role `erp_<schema>` per service owning its schema, and
 * takes every other right away, so a service's role cannot read (or even see into) another
 * service's schema. The services then migrate their own schema as its owner. Safe to run on every
 * start: it only adds what is missing and sets the roles' passwords to the ones given.
 */
import pg from 'pg';

export interface ServiceSchema {
  service: string;
  schema: string;
}

export interface ProvisionOptions {
  /** An administrator's connection string (a superuser, or a role with CREATEROLE and CREATEDB). */
  adminUrl: string;
  /** The database the services share (one schema each). */
  database: string;
  services: ServiceSchema[];
  /** Password of each role, by schema (kept by the caller: DATA_DIR, or a secret store). */
  passwords: Record<string, string>;
  /** Roles are `<prefix><schema>`; `erp_` unless a test keeps its roles apart. */
  rolePrefix?: string;
}

const NAME = /^[a-z_][a-z0-9_]*$/;
const ident = (s: string) => {
  if (!NAME.test(s)) throw new Error(`Not a plain SQL name: ${s}`);
  return s;
};
export const roleOf = (schema: string, prefix = 'erp_') => ident(`${prefix}${ident(schema)}`);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The connection string each service uses: its own role on the shared database. */
export function serviceDatabaseUrl(
  adminUrl: string,
  database: string,
  schema: string,
  password: string,
  prefix?: string,
): string {
  const u = new URL(withDatabase(adminUrl, database));
  u.username = roleOf(schema, prefix);
  u.password = password;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Returns each service's connection string, by service name. */
export async function provisionDatabase(opts: ProvisionOptions): Promise<Record<string, string>> {
  const db = ident(opts.database);
  await withClient(opts.adminUrl, async (c) => {
    const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
    if (exists.rowCount === 0) await c.query(`CREATE DATABASE ${db}`);
    for (const { schema } of opts.services) {
      const role = roleOf(schema, opts.rolePrefix);
      const password = opts.passwords[schema];
      if (!password) throw new Error(`No password for ${role}`);
      const has = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      // A password is a literal in these statements (no parameters in DDL): quote it as one.
      const literal = c.escapeLiteral(password);
      await c.query(
        has.rowCount === 0
          ? `CREATE ROLE ${role} LOGIN PASSWORD ${literal}`
          : `ALTER ROLE ${role} LOGIN PASSWORD ${literal}`,
      );
    }
  });
  await withClient(withDatabase(opts.adminUrl, db), async (c) => {
    // Only the services' roles (and administrators) may connect; none may create schemas.
    await c.query(`REVOKE ALL ON DATABASE ${db} FROM PUBLIC`);
    await c.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    // Contains-search indexes need pg_trgm; created here once, by an administrator, in public.
    await c.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`).catch(() => undefined);
    for (const { schema } of opts.services) {
      const role = roleOf(schema, opts.rolePrefix);
      await c.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${db} TO ${role}`);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)} AUTHORIZATION ${role}`);
      // A schema made earlier by another role (one shared login before): hand it and what is in it over.
      const owner = await c.query<{ owner: string }>(
        `SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1`,
        [schema],
      );
      if (owner.rows[0]?.owner !== role) {
        await c.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
        const objects = await c.query<{ kind: string; name: string }>(
          `SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind, c.relname AS name
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'a' AND c.relkind = 'S')`,
          [schema],
        );
        for (const o of objects.rows) await c.query(`ALTER ${o.kind} ${schema}."${o.name}" OWNER TO ${role}`);
        const fns = await c.query<{ sig: string }>(
          `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1`,
          [schema],
        );
        for (const f of fns.rows) await c.query(`ALTER ROUTINE ${f.sig} OWNER TO ${role}`);
      }
      await c.query(`REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC`);
    }
  });
  return Object.fromEntries(
    opts.services.map(({ service, schema }) => [
      service,
      serviceDatabaseUrl(opts.adminUrl, db, schema, opts.passwords[schema]!, opts.rolePrefix),
    ]),
  );
}

/** Drop a provisioned database and its roles (tests). */
export async function dropProvisioned(
  adminUrl: string,
  database: string,
  schemas: string[],
  rolePrefix?: string,
): Promise<void> {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${ident(database)} WITH (FORCE)`);
    for (const s of schemas)
      await c.query(`DROP ROLE IF EXISTS ${roleOf(s, rolePrefix)}`).catch(() => undefined);
  });
}
