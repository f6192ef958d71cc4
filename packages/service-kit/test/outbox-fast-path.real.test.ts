import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { createServiceRuntime, type Bus, type Database, type ServiceRuntime } from '../src/index.js';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '../src/testing/index.js';
import { createThing, effects, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, rows, sleep } from './fixtures/helpers.js';

/**
 * On NATS the relay publishes a committed transaction's events from memory, without claiming
 * their rows first (outbox.ts, OutboxRelay.committed); the poll leaves young rows to their writer
 * and publishes what the writer could not. PostgreSQL + NATS only: the in-process bus runs its
 * consumers inside publish and keeps the relay's runs after each commit.
 */
const real = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_NATS_URL);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

/** The kit's test service on a fresh database and stream; `wrap` changes what the relay and consumers see of the bus. */
async function start(
  wrap: (bus: Bus) => Bus = (b) => b,
): Promise<{ db: Database; runtime: ServiceRuntime; deliveries: string[] }> {
  const { db, drop } = await createTestDatabase();
  cleanups.push(drop);
  const { bus, namespace } = await createTestBus();
  cleanups.push(() => deleteTestStream(namespace));
  cleanups.push(() => bus.close());
  const deliveries: string[] = [];
  const seen: Bus = {
    ...bus,
    kind: bus.kind,
    subscribe: (o) =>
      bus.subscribe({ ...o, handler: async (e: EventEnvelope) => (deliveries.push(e.id), o.handler(e)) }),
  };
  const runtime = await createServiceRuntime(kitTestService(), {
    db,
    bus: wrap(seen),
    config: testConfig(),
    logger: capturingLogger('silent').logger,
  });
  cleanups.push(() => runtime.stop());
  await runtime.start();
  return { db, runtime, deliveries };
}

describe('the outbox on NATS', () => {
  it.skipIf(!real)(
    'publishes the events of each committed transaction at once without claiming their rows, each consumed once',
    async () => {
      const { db, runtime, deliveries } = await start();
      const written = await Promise.all(
        ['cement', 'sand', 'steel', 'bricks', 'wire'].map((name) => createThing(runtime.ctx, name)),
      );
      await expect.poll(async () => (await effects(db)).length, { timeout: 10_000, interval: 50 }).toBe(5);
      const outbox = await rows<{ id: string; attempts: number; published: boolean }>(
        db,
        'SELECT id, attempts, published_at IS NOT NULL AS published FROM kittest.outbox ORDER BY seq',
      );
      // Never claimed (a claim counts an attempt), all marked published.
      expect(outbox.map((r) => [r.attempts, r.published])).toEqual(written.map(() => [0, true]));
      expect(new Set(outbox.map((r) => r.id))).toEqual(new Set(written.map((e) => e.id)));
      await sleep(500);
      expect(deliveries.sort()).toEqual(written.map((e) => e.id).sort());
    },
  );

  it.skipIf(!real)(
    'never publishes an event written before a savepoint its transaction rolled back to, and publishes the others',
    async () => {
      const { db, runtime, deliveries } = await start();
      const { ctx } = runtime;
      const kept: EventEnvelope[] = [];
      let undone: EventEnvelope | undefined;
      await ctx.tx(async (tx) => {
        kept.push(await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'kept before' }));
        await tx.query('SAVEPOINT maybe');
        undone = await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'rolled back' });
        await tx.query('ROLLBACK TO SAVEPOINT maybe');
        kept.push(await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'kept after' }));
      });
      await expect
        .poll(async () => (await effects(db)).map((e) => e.name).sort(), { timeout: 10_000, interval: 50 })
        .toEqual(['kept after', 'kept before']);
      await sleep(1000);
      expect(deliveries).not.toContain(undone!.id);
      expect(deliveries.sort()).toEqual(kept.map((e) => e.id).sort());
      expect(await rows(db, 'SELECT id FROM kittest.outbox WHERE published_at IS NULL')).toEqual([]);
    },
  );

  it.skipIf(!real)(
    'publishes from the outbox, once, an event whose writer could not publish it after the commit',
    async () => {
      let refused = 0;
      const { db, runtime, deliveries } = await start((bus) => ({
        ...bus,
        kind: bus.kind,
        // The first publish of the event named "flaky" fails, as while NATS is away.
        publish: async (e: EventEnvelope) => {
          if ((e.data as { name?: string }).name === 'flaky' && refused++ === 0)
            throw new Error('NATS is away');
          return bus.publish(e);
        },
      }));
      const flaky = await createThing(runtime.ctx, 'flaky');
      const steady = await createThing(runtime.ctx, 'steady');
      await expect
        .poll(async () => (await effects(db)).map((e) => e.name).sort(), { timeout: 15_000, interval: 50 })
        .toEqual(['flaky', 'steady']);
      expect(refused).toBeGreaterThanOrEqual(2);
      const outbox = await rows<{ id: string; attempts: number; published: boolean; waited: boolean }>(
        db,
        `SELECT id, attempts, published_at IS NOT NULL AS published, published_at - created_at >= interval '2 seconds' AS waited FROM kittest.outbox ORDER BY seq`,
      );
      // The flaky one was claimed and published by the poll once older than its writer's two seconds.
      expect(outbox).toEqual([
        { id: flaky.id, attempts: 1, published: true, waited: true },
        { id: steady.id, attempts: 0, published: true, waited: false },
      ]);
      await sleep(500);
      expect(deliveries.filter((id) => id === flaky.id)).toHaveLength(1);
    },
  );
});
