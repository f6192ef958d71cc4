/**
 * A consumer that says what must stay in order (`orderKey`) is handed several events at once on
 * NATS (issue 14: one at a time, the vendors' ledger could not keep up with 150 POs a second while
 * its process and PostgreSQL had time to spare). Events with one key still arrive one after the
 * other, in the order published; each is acknowledged once handled, and the subscription's stop
 * waits for every event in hand.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { orderKeyOf } from '../src/index.js';
import {
  createTestBus,
  createTestHarness,
  deleteTestStream,
  type TestHarness,
} from '../src/testing/index.js';
import { createThing, kitTestService, ThingCreated } from './fixtures/kittest.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bus on a stream of its own, closed and deleted after the test. */
async function natsBus() {
  const { bus, namespace } = await createTestBus();
  cleanups.push(async () => {
    await bus.close();
    await deleteTestStream(namespace);
  });
  return bus;
}

const event = (key: string, n: number): EventEnvelope => ({
  id: randomUUID(),
  subject: 'erp.kittest.ordered.v1',
  occurredAt: new Date().toISOString(),
  source: 'kittest',
  actorId: null,
  data: { key, n },
});

describe.runIf(process.env.TEST_NATS_URL)('a consumer with an order key (NATS)', () => {
  it('handles events of different keys side by side, those of one key in the order published, each once', async () => {
    const bus = await natsBus();
    const keys = ['vendor-a', 'vendor-b', 'vendor-c', 'vendor-d'];
    const published: EventEnvelope[] = [];
    for (let n = 1; n <= 10; n++) for (const key of keys) published.push(event(key, n));
    for (const e of published) await bus.publish(e);

    const seen = new Map<string, number[]>();
    let inHand = 0;
    let mostInHand = 0;
    const handled = new Set<string>();
    const sub = await bus.subscribe({
      durable: 'kittest-ordered',
      subjects: ['erp.kittest.ordered.v1'],
      concurrency: 8,
      orderKey: (e) => (e.data as { key: string }).key,
      handler: async (e) => {
        inHand++;
        mostInHand = Math.max(mostInHand, inHand);
        const { key, n } = e.data as { key: string; n: number };
        // A later event of a key answers sooner: only the chain per key keeps them in order.
        await sleep(n % 2 === 1 ? 15 : 2);
        seen.set(key, [...(seen.get(key) ?? []), n]);
        handled.add(e.id);
        inHand--;
      },
    });
    await expect.poll(() => handled.size, { timeout: 10_000 }).toBe(published.length);
    await sub.stop();
    for (const key of keys) expect(seen.get(key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Side by side: one event per key at a time, so at most the four keys at once.
    expect(mostInHand).toBeGreaterThan(1);
    expect(mostInHand).toBeLessThanOrEqual(keys.length);
    // Every one acknowledged: nothing waits for this consumer.
    await expect.poll(() => bus.consumerPending('kittest-ordered'), { timeout: 5_000 }).toBe(0);
  });

  it("a service's consumer that names a concurrency takes at most that many events at once, below EVENT_CONCURRENCY", async () => {
    let inHand = 0;
    let mostInHand = 0;
    const names = new Set<string>();
    const h: TestHarness = await createTestHarness(
      [
        kitTestService({
          consumers: [
            {
              name: 'two-at-a-time',
              events: [ThingCreated],
              ordered: (e) => orderKeyOf(e, 'id'),
              concurrency: 2,
              async handle(_tx, e) {
                inHand++;
                mostInHand = Math.max(mostInHand, inHand);
                await sleep(20);
                names.add((e.data as { name: string }).name);
                inHand--;
              },
            },
          ],
        }),
      ],
      { eventConcurrency: 8 },
    );
    cleanups.push(() => h.close());
    const ctx = h.runtimes[0]!.ctx;
    for (let i = 0; i < 20; i++) await createThing(ctx, `thing ${i}`);
    await expect.poll(() => names.size, { timeout: 10_000 }).toBe(20);
    expect(mostInHand).toBe(2);
  });

  it('stopping waits for every event in hand, and the next subscriber gets whatever was not handled', async () => {
    const bus = await natsBus();
    const published = Array.from({ length: 20 }, (_, i) => event(`po-${i}`, i));
    for (const e of published) await bus.publish(e);
    const done = new Set<string>();
    let started = 0;
    const sub = await bus.subscribe({
      durable: 'kittest-stop',
      subjects: ['erp.kittest.ordered.v1'],
      concurrency: 4,
      orderKey: (e) => (e.data as { key: string }).key,
      handler: async (e) => {
        started++;
        await sleep(100);
        done.add(e.id);
      },
    });
    await expect.poll(() => started, { timeout: 5_000 }).toBeGreaterThan(0);
    await sub.stop();
    // Every event that was started was finished before stop returned: none is left half-handled.
    expect(done.size).toBe(started);
    // Whatever this one did not take comes to the next subscriber of the durable.
    const again = new Set<string>();
    const next = await bus.subscribe({
      durable: 'kittest-stop',
      subjects: ['erp.kittest.ordered.v1'],
      handler: async (e) => void again.add(e.id),
    });
    await expect.poll(() => new Set([...done, ...again]).size, { timeout: 10_000 }).toBe(published.length);
    await next.stop();
  });
});
