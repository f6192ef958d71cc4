import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Bus } from '../bus/types.js';
import { createInProcessBus } from '../bus/in-process.js';
import { createNatsBus } from '../bus/nats.js';
import { generateSigningKey } from '../auth/keys.js';
import type { KitConfig } from '../config.js';
import { openPglite } from '../db/pglite.js';
import { DEFAULT_COUNT_CAP } from '../paged-search.js';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/types.js';
import { installErrorHandling, installNotFound } from '../errors.js';
import { createLogger } from '../logger.js';
import type { Logger } from 'pino';
import { createServiceRuntime, serverOptions, type ServiceDefinition, type ServiceRuntime } from '../service.js';

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

// initdb in WASM takes about 2 s; loading a snapshot of a fresh cluster takes a third of that.
let freshCluster: Promise<Blob> | undefined;
async function freshPglite(): Promise<Database> {
  freshCluster ??= (async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create();
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    return dump;
  })();
  return openPglite(undefined, await freshCluster);
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await freshPglite();
    return { db, drop: () => db.close() };
  }
  const name = `erp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), { max: 5, onIdleError: () => undefined });
  return {
    db,
    url: u.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A bus of its own; pass the namespace of an earlier one for a second connection to the same stream (NATS). */
export async function createTestBus(reuseNamespace?: string): Promise<{ bus: Bus; namespace: string | undefined }> {
  const url = process.env.TEST_NATS_URL;
  if (!url) return { bus: createInProcessBus(), namespace: undefined };
  const namespace = reuseNamespace ?? `t${randomBytes(5).toString('hex')}`;
  return { bus: await createNatsBus({ url, namespace, name: 'erp-test' }), namespace };
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
    seedDemo: false,
    relayPollMs: 50,
    outboxLeaseSeconds: 30,
    natsAckWaitSeconds: 30,
    vacuumMinutes: 0,
    eventMaxAttempts: 5,
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
          const res = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${r.ctx.schema}.outbox WHERE published_at IS NULL`);
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
