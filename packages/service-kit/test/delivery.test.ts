import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { createInProcessBus, createServiceRuntime, type Bus } from '../src/index.js';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '../src/testing/index.js';
import { createThing, effects, envelopeOf, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, forgetConsumerPosition, rows, sleep } from './fixtures/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The bus as the service sees it, counting what reaches each durable consumer's handler. */
function counting(bus: Bus, deliveries: string[]): Bus {
  return {
    ...bus,
    kind: bus.kind,
    subscribe: (o) => bus.subscribe({ ...o, handler: async (e) => (deliveries.push(e.id), o.handler(e)) }),
  };
}

describe('redelivery', () => {
  it('an already handled event redelivered on a fresh bus connection changes nothing: the inbox drops it', async () => {
    const { db, drop } = await createTestDatabase();
    cleanups.push(drop);
    const logger = capturingLogger('silent').logger;
    const def = kitTestService();
    const first = await createTestBus();
    cleanups.push(() => deleteTestStream(first.namespace));
    const a = await createServiceRuntime(def, { db, bus: first.bus, config: testConfig(), logger });
    await a.start();
    const event = await createThing(a.ctx, 'cement');
    await expect.poll(async () => (await effects(db)).length, { timeout: 15_000 }).toBe(1);
    await a.stop();
    await first.bus.close();

    // A fresh connection (a new process): nothing in memory knows the event was handled.
    await forgetConsumerPosition(first.namespace, 'kittest-effects');
    const second = await createTestBus(first.namespace);
    cleanups.push(() => second.bus.close());
    const deliveries: string[] = [];
    const b = await createServiceRuntime(def, {
      db,
      bus: counting(second.bus, deliveries),
      config: testConfig(),
      logger,
    });
    cleanups.push(() => b.stop());
    await b.start();
    // NATS delivers the stream again to the recreated consumer; in process, the event is published again.
    if (second.bus.kind === 'in-process') await second.bus.publish(event);

    await expect.poll(() => deliveries, { timeout: 15_000 }).toContain(event.id);
    await sleep(200);
    expect(await effects(db)).toEqual([{ event_id: event.id, name: 'cement' }]);
    expect(await rows(db, 'SELECT event_id FROM kittest.inbox')).toEqual([{ event_id: event.id }]);
    expect(await rows(db, 'SELECT 1 FROM kittest.dead_letters')).toEqual([]);
  });

  it('the in-process bus delivers an event published twice to its consumers twice: it keeps no de-duplication of its own', async () => {
    const bus = createInProcessBus();
    const got: string[] = [];
    await bus.subscribe({
      durable: 'c',
      subjects: [ThingCreated.subject],
      handler: async (e: EventEnvelope) => void got.push(e.id),
    });
    const e = envelopeOf(ThingCreated.subject, { id: '1', name: 'x' });
    await bus.publish(e);
    await bus.publish(e);
    // A second bus in the same process is as forgetful.
    const again = createInProcessBus();
    await again.subscribe({
      durable: 'c',
      subjects: [ThingCreated.subject],
      handler: async (x: EventEnvelope) => void got.push(x.id),
    });
    await again.publish(e);
    expect(got).toEqual([e.id, e.id, e.id]);
    await bus.close();
    await again.close();
  });
});
