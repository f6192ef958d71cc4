import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import {
  createServiceRuntime,
  enqueueEvent,
  type Bus,
  type Database,
  type KitConfig,
  type ServiceRuntime,
} from '../src/index.js';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '../src/testing/index.js';
import { createThing, effects, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, rows, sleep } from './fixtures/helpers.js';

/**
 * On PostgreSQL + NATS the relay has one path, as on PGlite: it claims outbox rows, publishes them
 * and marks them, at once after a commit of its own process and at each poll (decision 0048).
 */
const real = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_NATS_URL);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

/** The kit's test service on a fresh database and stream; `wrap` changes what the relay and consumers see of the bus. */
async function start(
  wrap: (bus: Bus) => Bus = (b) => b,
  config: Partial<KitConfig> = {},
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
    config: testConfig(config),
    logger: capturingLogger('silent').logger,
  });
  cleanups.push(() => runtime.stop());
  await runtime.start();
  return { db, runtime, deliveries };
}

describe('the outbox on PostgreSQL and NATS', () => {
  it.skipIf(!real)(
    'publishes the events of each committed transaction, each claimed once and consumed once',
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
      expect(outbox.map((r) => [r.attempts, r.published])).toEqual(written.map(() => [1, true]));
      expect(new Set(outbox.map((r) => r.id))).toEqual(new Set(written.map((e) => e.id)));
      await sleep(500);
      expect(deliveries.sort()).toEqual(written.map((e) => e.id).sort());
    },
  );

  it.skipIf(!real)('publishes a row another process committed at the next poll', async () => {
    const { db, deliveries } = await start(undefined, { relayPollMs: 200 });
    // Written as another process would: not through this runtime, which would kick its relay.
    const other = await db.transaction((tx) =>
      enqueueEvent(tx, 'kittest', 'kittest', ThingCreated, { id: randomUUID(), name: 'elsewhere' }),
    );
    await expect
      .poll(async () => (await effects(db)).map((e) => e.event_id), { timeout: 15_000, interval: 50 })
      .toEqual([other.id]);
    expect(deliveries).toEqual([other.id]);
  });

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

  it.skipIf(!real)('publishes again, once, an event whose first publish failed', async () => {
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
    const outbox = await rows<{ id: string; attempts: number; published: boolean }>(
      db,
      'SELECT id, attempts, published_at IS NOT NULL AS published FROM kittest.outbox ORDER BY seq',
    );
    expect(outbox.map((r) => [r.id, r.published])).toEqual([
      [flaky.id, true],
      [steady.id, true],
    ]);
    expect(outbox[0]!.attempts).toBeGreaterThanOrEqual(2);
    await sleep(500);
    expect(deliveries.filter((id) => id === flaky.id)).toHaveLength(1);
    expect(deliveries.filter((id) => id === steady.id)).toHaveLength(1);
  });
});
