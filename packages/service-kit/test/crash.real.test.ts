import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { createServiceRuntime, type Bus, type Database } from '../src/index.js';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '../src/testing/index.js';
import { effects, kitTestService } from './fixtures/kittest.js';
import { capturingLogger, rows, sleep } from './fixtures/helpers.js';

/**
 * A service process killed with SIGKILL (no shutdown code runs) around publishing an event it
 * committed: after a restart the event is published and its consumer sees it exactly once.
 * Separate processes, so only the database, JetStream and the inbox can carry anything over;
 * on PostgreSQL + NATS (PGlite is one process's database).
 */
const real = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_NATS_URL);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const child = fileURLToPath(new URL('./fixtures/crash-child.mjs', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

beforeAll(() => {
  // The child runs the built package: build it (incremental; nothing to do after `npm test`'s build).
  if (real)
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/service-kit'],
      { cwd: root, stdio: 'inherit' },
    );
}, 120_000);

/** Start the child, wait for its line, SIGKILL it; returns what it printed. */
async function runAndKill(
  mode: 'before-publish' | 'after-publish',
  databaseUrl: string,
  namespace: string,
): Promise<Record<string, string>> {
  const p = spawn(process.execPath, [child, mode], {
    cwd: root,
    env: {
      ...process.env,
      CHILD_DATABASE_URL: databaseUrl,
      CHILD_NATS_URL: process.env.TEST_NATS_URL,
      CHILD_NAMESPACE: namespace,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    p.once('exit', (_code, signal) => resolve(signal)),
  );
  const line = await Promise.race([
    (async () => {
      for await (const l of createInterface({ input: p.stdout }))
        if (l.startsWith('{')) return JSON.parse(l) as Record<string, string>;
      throw new Error('the child exited without committing');
    })(),
    exited.then(() => {
      throw new Error('the child exited early');
    }),
    sleep(60_000).then(() => {
      throw new Error('the child did not commit within 60 s');
    }),
  ]);
  p.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return line;
}

function counting(bus: Bus, deliveries: string[]): Bus {
  return {
    ...bus,
    kind: bus.kind,
    subscribe: (o) =>
      bus.subscribe({ ...o, handler: async (e: EventEnvelope) => (deliveries.push(e.id), o.handler(e)) }),
  };
}

async function restartAndCount(db: Database, namespace: string) {
  const { bus } = await createTestBus(namespace);
  cleanups.push(() => bus.close());
  const deliveries: string[] = [];
  const runtime = await createServiceRuntime(kitTestService(), {
    db,
    bus: counting(bus, deliveries),
    config: testConfig(),
    logger: capturingLogger('silent').logger,
  });
  cleanups.push(() => runtime.stop());
  await runtime.start();
  return deliveries;
}

describe('a service process killed with SIGKILL', () => {
  it.skipIf(!real)(
    'between commit and publish: its event is published after the restart and the consumer sees it exactly once',
    async () => {
      const { db, url, drop } = await createTestDatabase();
      cleanups.push(drop);
      const namespace = `t${randomBytes(5).toString('hex')}`;
      cleanups.push(() => deleteTestStream(namespace));

      const { committed } = await runAndKill('before-publish', url!, namespace);
      expect(await rows(db, 'SELECT id, published_at FROM kittest.outbox')).toEqual([
        { id: committed, published_at: null },
      ]);

      const deliveries = await restartAndCount(db, namespace);
      await expect
        .poll(() => effects(db), { timeout: 15_000, interval: 50 })
        .toEqual([{ event_id: committed, name: 'before-publish' }]);
      await sleep(1000);
      expect(deliveries).toEqual([committed]);
      expect(await effects(db)).toHaveLength(1);
      expect(await rows(db, 'SELECT id FROM kittest.outbox WHERE published_at IS NULL')).toEqual([]);
    },
  );

  it.skipIf(!real)(
    'after publishing and before marking it published: republished after the restart, the consumer still sees it exactly once',
    async () => {
      const { db, url, drop } = await createTestDatabase();
      cleanups.push(drop);
      const namespace = `t${randomBytes(5).toString('hex')}`;
      cleanups.push(() => deleteTestStream(namespace));

      const { published } = await runAndKill('after-publish', url!, namespace);
      expect(await rows(db, 'SELECT id, published_at FROM kittest.outbox')).toEqual([
        { id: published, published_at: null },
      ]);

      const deliveries = await restartAndCount(db, namespace);
      await expect
        .poll(() => effects(db), { timeout: 15_000, interval: 50 })
        .toEqual([{ event_id: published, name: 'after-publish' }]);
      // The restarted relay takes the row over once the dead process's 2 s lease ran out, and publishes it again.
      await expect
        .poll(() => rows(db, 'SELECT id FROM kittest.outbox WHERE published_at IS NULL'), {
          timeout: 15_000,
          interval: 100,
        })
        .toEqual([]);
      await sleep(1000);
      expect(deliveries).toEqual([published]);
      expect(await effects(db)).toHaveLength(1);
    },
  );
});
