import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Bus } from '../bus/types.js';
import { createInProcessBus } from '../bus/in-process.js';
import { createNatsBus } from '../bus/nats.js';
import { generateSigningKey } from '../auth/keys.js';
import type { KitConfig } from '../config.js';
import { createPglite, pgliteDatabase } from '../db/pglite.js';
import type { PGlite } from '@electric-sql/pglite';
import { DEFAULT_COUNT_CAP } from '../paged-search.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/types.js';
import { installErrorHandling, installNotFound } from '../errors.js';
import { createLogger } from '../logger.js';
import { adminQuery, dropStalePooled, POOLED_PREFIX } from './pooled-databases.js';
import type { Logger } from 'pino';
import {
  createServiceRuntime,
  serverOptions,
  type ServiceDefinition,
  type ServiceRuntime,
} from '../service.js';

/**
 * Test infrastructure: PGlite in memory and the in-process bus by default; a fresh PostgreSQL
 * database and an isolated JetStream stream when TEST_DATABASE_URL / TEST_NATS_URL are set, so the
 * same suites run both ways.
 */
export const usingRealServers = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_NATS_URL);

export interface TestDatabase {
  db: Database;
  /** Connection string of the PostgreSQL test database (undefined on PGlite). */
  url?: string | undefined;
  drop(): Promise<void>;
}

// initdb in WASM takes about 2 s; loading a snapshot of a fresh cluster takes about 1.2 s, and
// resetting a PGlite a test has finished with (below) about a tenth of that. Most service tests
// start a harness per test, so the embedded run reuses each worker's PGlites.
let freshCluster: Promise<Blob> | undefined;
function freshClusterDump(): Promise<Blob> {
  freshCluster ??= (async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create();
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    return dump;
  })();
  return freshCluster;
}

/** The SQL that empties a database of a test: every schema dropped, the public schema made anew. */
const RESET_SCHEMAS = `
  DO $$
  DECLARE r record;
  BEGIN
    FOR r IN SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' LOOP
      EXECUTE format('DROP SCHEMA %I CASCADE', r.nspname);
    END LOOP;
  END $$;
  CREATE SCHEMA public AUTHORIZATION pg_database_owner;
  GRANT USAGE ON SCHEMA public TO PUBLIC;`;

/** What is left of a test in a database after the reset (0 when nothing). */
const LEFT_IN_DATABASE = `
  SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema')
       + (SELECT count(*) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'public'))
       + (SELECT count(*) FROM pg_extension WHERE extname <> 'plpgsql')
       + (SELECT count(*) FROM pg_database WHERE datname = current_database() AND datacl IS NOT NULL)
       + (SELECT count(*) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = current_database())
       AS n`;

/** PGlites handed back and reset, ready for the next test in this worker. */
const idlePglites: Array<{ pg: PGlite; uses: number }> = [];
/** Databases (PGlites, PostgreSQL databases) a worker keeps for its next tests. */
const MAX_IDLE = 2;
/** A database serves at most this many tests (a PGlite's WASM memory never shrinks). */
const MAX_USES = 40;

/**
 * Put a PGlite back as a fresh cluster would be: the session's state discarded (settings, temporary
 * tables, prepared statements, advisory locks, listeners), every schema and role a test made
 * dropped, and the empty public schema of a new database. True only when nothing of the test is
 * left; any doubt and the PGlite is closed instead of reused.
 */
async function resetPglite(pg: PGlite): Promise<boolean> {
  try {
    await pg.exec('DISCARD ALL');
    await pg.exec(RESET_SCHEMAS);
    await pg.exec(`
      DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT rolname FROM pg_roles WHERE rolname NOT LIKE 'pg\\_%' AND rolname <> current_user LOOP
          EXECUTE format('DROP OWNED BY %I CASCADE', r.rolname);
          EXECUTE format('DROP ROLE %I', r.rolname);
        END LOOP;
      END $$;`);
    // A PGlite is a whole cluster: a database a test made is left too.
    const left = await pg.query<{ n: number }>(
      `SELECT (${LEFT_IN_DATABASE}) + (SELECT count(*) FROM pg_database WHERE datname NOT IN ('postgres', 'template0', 'template1')) AS n`,
    );
    return Number(left.rows[0]?.n) === 0;
  } catch {
    return false;
  }
}

async function giveBack(entry: { pg: PGlite; uses: number }): Promise<void> {
  if (
    !entry.pg.closed &&
    entry.uses < MAX_USES &&
    idlePglites.length < MAX_IDLE &&
    (await resetPglite(entry.pg))
  )
    idlePglites.push(entry);
  else if (!entry.pg.closed) await entry.pg.close();
}

/** A PGlite of this worker's, as fresh as a new cluster; closing the Database hands it back. */
async function freshPglite(): Promise<Database> {
  const entry = idlePglites.pop() ?? { pg: await createPglite(undefined, await freshClusterDump()), uses: 0 };
  entry.uses++;
  let open = true;
  return pgliteDatabase(
    entry.pg,
    async () => {
      if (!open) return;
      open = false;
      await giveBack(entry);
    },
    () => open,
  );
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await freshPglite();
    return { db, drop: () => db.close() };
  }
  const entry = await leasePostgresDatabase(url);
  const db = await openPostgres(entry.url, { max: 5, onIdleError: () => undefined });
  let dropped = false;
  return {
    db,
    url: entry.url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close();
      await givePostgresDatabaseBack(url, entry);
    },
  };
}

/**
 * On PostgreSQL, each worker keeps the test databases its tests have finished with and resets them
 * for the next test (CREATE DATABASE and DROP DATABASE took ~0.4 s a test; a reset takes a fraction).
 * Their names carry the worker's pid: a run's first lease drops those of workers no longer alive,
 * and the run's global teardown (dropStaleTestDatabases) drops the rest.
 */
const idleDatabases: Array<{ name: string; url: string; uses: number }> = [];
let swept: Promise<void> | undefined;

/** Drop the pooled test databases of test processes that have ended (all of them after a run). */
export async function dropStaleTestDatabases(
  url = process.env.TEST_DATABASE_URL,
  waitForWorkersMs = 0,
): Promise<void> {
  // This process's own idle databases are kept for its next tests.
  await dropStalePooled(url, waitForWorkersMs, (name) => idleDatabases.some((d) => d.name === name));
}

async function leasePostgresDatabase(url: string): Promise<{ name: string; url: string; uses: number }> {
  swept ??= dropStaleTestDatabases(url).catch(() => undefined);
  await swept;
  const idle = idleDatabases.pop();
  if (idle) {
    idle.uses++;
    return idle;
  }
  const name = `${POOLED_PREFIX}${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), uses: 1 };
}

async function givePostgresDatabaseBack(
  url: string,
  entry: { name: string; url: string; uses: number },
): Promise<void> {
  let reusable = entry.uses < MAX_USES && idleDatabases.length < MAX_IDLE;
  if (reusable) {
    try {
      const client = new pg.Client({ connectionString: entry.url });
      await client.connect();
      try {
        // Connections a test left open (a child process's, a client it did not end) end here.
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        await client.query(RESET_SCHEMAS);
        reusable = Number((await client.query<{ n: string }>(LEFT_IN_DATABASE)).rows[0]?.n) === 0;
      } finally {
        await client.end();
      }
    } catch {
      reusable = false;
    }
  }
  if (reusable) idleDatabases.push(entry);
  else await adminQuery(url, `DROP DATABASE IF EXISTS ${entry.name} WITH (FORCE)`);
}

/** A bus of its own; pass the namespace of an earlier one for a second connection to the same stream (NATS). */
export async function createTestBus(
  reuseNamespace?: string,
): Promise<{ bus: Bus; namespace: string | undefined }> {
  const url = process.env.TEST_NATS_URL;
  if (!url) return { bus: createInProcessBus(), namespace: undefined };
  const namespace = reuseNamespace ?? `t${randomBytes(5).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return { bus: await createNatsBus({ url, namespace, name: 'erp-test' }), namespace };
    } catch (err) {
      // nats-server removes its streams directory when the last stream is deleted; a stream created
      // by another test at that moment fails with "could not create storage directory" (10077).
      // Nothing was created: the test tries again.
      if (
        attempt >= 5 ||
        !/could not create storage directory|error creating store/i.test(String((err as Error).message))
      )
        throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export async function deleteTestStream(namespace: string | undefined): Promise<void> {
  const url = process.env.TEST_NATS_URL;
  if (!url || !namespace) return;
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: url });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(`ERP_${namespace}`).catch(() => undefined);
  await nc.close();
}

/**
 * The session key of this test process, as auth would hold it: auth in a harness signs with it,
 * grantAccess mints with it, and every service verifies with its public half.
 */
export const TEST_SIGNING_KEY = generateSigningKey();

export function testConfig(overrides: Partial<KitConfig> = {}): KitConfig {
  return {
    nodeEnv: 'test',
    production: false,
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    natsUrl: undefined,
    natsNamespace: undefined,
    sessionKeys: { signingKey: TEST_SIGNING_KEY, publicKeys: [] },
    sessionTtlHours: 168,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    relayPollMs: 50,
    outboxLeaseSeconds: 30,
    natsAckWaitSeconds: 30,
    vacuumMinutes: 0,
    eventMaxAttempts: 5,
    eventConcurrency: 8,
    eventRetryBaseMs: 20,
    outboxRetentionHours: 72,
    inboxRetentionDays: 7,
    deadLetterRetentionDays: 30,
    pruneMinutes: 0,
    listCountCap: DEFAULT_COUNT_CAP,
    shutdownDrainMs: 0,
    shutdownTimeoutMs: 20_000,
    databaseConnectTimeoutMs: 5000,
    metricsPublic: false,
    ...overrides,
  };
}

export interface TestHarness {
  app: FastifyInstance;
  runtimes: ServiceRuntime[];
  db: Database;
  bus: Bus;
  config: KitConfig;
  /** Wait until every outbox is empty and every consumer has handled what was published. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** One Fastify app with the given services at their standalone paths, on a fresh database and bus. */
export async function createTestHarness(
  defs: ServiceDefinition[],
  overrides: Partial<KitConfig> = {},
  options: { logger?: Logger } = {},
): Promise<TestHarness> {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const config = testConfig(overrides);
  const logger = options.logger ?? createLogger(config.logLevel, 'test');
  const runtimes: ServiceRuntime[] = [];
  for (const def of defs) runtimes.push(await createServiceRuntime(def, { db, bus, config, logger }));
  const app = Fastify({ ...serverOptions(config, 'test'), logger: false });
  installErrorHandling(app);
  installNotFound(app);
  for (const r of runtimes) await app.register(r.plugin);
  await app.ready();
  for (const r of runtimes) await r.subscribe();
  for (const r of runtimes) await r.startPublishing();
  return {
    app,
    runtimes,
    db,
    bus,
    config,
    async settle() {
      // Quiet twice in a row: a handler may commit its own outbox row and ack its message between
      // one round's outbox count and its bus count, so one quiet round can miss a chained event.
      const unpublished = async () => {
        let n = 0;
        for (const r of runtimes) {
          await r.ctx.relay.drain();
          const res = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${r.ctx.schema}.outbox WHERE published_at IS NULL`,
          );
          n += res.rows[0]!.n;
        }
        return n;
      };
      let quiet = 0;
      for (let round = 0; round < 200; round++) {
        let pending = await unpublished();
        if (pending === 0) pending += await bus.pending();
        if (pending === 0) pending += await unpublished();
        quiet = pending === 0 ? quiet + 1 : 0;
        if (quiet === 2) return;
        await new Promise((res) => setTimeout(res, quiet ? 5 : 20));
      }
      throw new Error('outbox did not drain');
    },
    async close() {
      await app.close();
      for (const r of runtimes) await r.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    },
  };
}
export * from './access.js';
export * from './pdf.js';
export * from './pact.js';
export * from './file-harness.js';
export * from './multipart.js';
export * from './team.js';
export * from './locks.js';
export * from './refusal.js';
