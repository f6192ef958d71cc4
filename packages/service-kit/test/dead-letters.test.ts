import { afterEach, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { EventEnvelope } from '@erp/contracts';
import { createServiceRuntime, listDeadLetters, type ServiceRuntime } from '../src/index.js';
import {
  createTestBus,
  createTestDatabase,
  createTestHarness,
  deleteTestStream,
  testConfig,
  type TestHarness,
} from '../src/testing/index.js';
import { createThing, effects, envelopeOf, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, forgetConsumerPosition, rows, sleep } from './fixtures/helpers.js';

let h: TestHarness | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

const nameOf = (e: EventEnvelope) => (e.data as { name: string }).name;
const failures = (db: TestHarness['db']) =>
  rows<{ event_id: string; attempts: number }>(
    db,
    'SELECT event_id, attempts FROM kittest.consumer_failures',
  );

describe('a consumed event whose handler keeps failing', () => {
  it('goes to the dead letters after EVENT_MAX_ATTEMPTS tries, with its envelope, last error and tries; is logged and acknowledged', async () => {
    let tries = 0;
    const { logger, lines } = capturingLogger();
    h = await createTestHarness(
      [kitTestService({ fails: () => true, onTry: () => tries++ })],
      { eventMaxAttempts: 3 },
      { logger },
    );
    const ctx = h.runtimes[0]!.ctx;
    const event = await createThing(ctx, 'poison');

    await expect
      .poll(() => listDeadLetters(h!.db, 'kittest'), { timeout: 15_000, interval: 50 })
      .toHaveLength(1);
    const [dead] = await listDeadLetters(h.db, 'kittest');
    expect(dead).toMatchObject({
      consumer: 'kittest-effects',
      eventId: event.id,
      subject: ThingCreated.subject,
      reason: 'failed',
      attempts: 3,
      lastError: 'cannot handle poison',
      replayedAt: null,
    });
    expect(dead!.envelope).toEqual(event);
    expect(tries).toBe(3);
    expect(await failures(h.db)).toEqual([]);
    // Acknowledged: nothing left on the bus or in the outbox, and no further tries.
    await h.settle();
    await sleep(300);
    expect(tries).toBe(3);
    expect(await effects(h.db)).toEqual([]);
    const logged = lines.find((l) => String(l.msg).includes('moved to the dead letters'));
    expect(logged).toMatchObject({
      level: 50,
      eventId: event.id,
      consumer: 'kittest-effects',
      attempts: 3,
      reason: 'failed',
      deadLetters: 1,
    });
    expect(lines.filter((l) => String(l.msg).includes('will be tried again'))).toHaveLength(2);
  });

  it('does not hold up the events behind it: 50 good events are handled while the poison one is still being retried', async () => {
    const poisonTries: number[] = [];
    h = await createTestHarness(
      [
        kitTestService({
          fails: (e) => nameOf(e) === 'poison',
          onTry: (e) => void (nameOf(e) === 'poison' && poisonTries.push(Date.now())),
        }),
      ],
      { eventMaxAttempts: 3, eventRetryBaseMs: 3000 },
    );
    const ctx = h.runtimes[0]!.ctx;
    const t0 = Date.now();
    await createThing(ctx, 'poison');
    for (let i = 0; i < 50; i++) await createThing(ctx, `good-${String(i).padStart(2, '0')}`);

    await expect.poll(async () => (await effects(h!.db)).length, { timeout: 20_000, interval: 50 }).toBe(50);
    const goodDoneAt = Date.now();
    // Its retries are 3 s and 6 s apart: every good event was handled before the poison was given up on.
    expect(await listDeadLetters(h.db, 'kittest')).toEqual([]);
    expect(poisonTries.length).toBeLessThan(3);
    expect(goodDoneAt - t0).toBeLessThan(9_000);

    await expect
      .poll(() => listDeadLetters(h!.db, 'kittest'), { timeout: 20_000, interval: 100 })
      .toHaveLength(1);
    expect(poisonTries).toHaveLength(3);
    expect((await effects(h.db)).map((e) => e.name).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `good-${String(i).padStart(2, '0')}`),
    );
  });

  it('keeps its count of tries in the database: a redelivery on a fresh bus connection to a restarted service goes on counting', async () => {
    let tries = 0;
    const def = kitTestService({ fails: () => true, onTry: () => tries++ });
    const { db, drop } = await createTestDatabase();
    cleanups.push(drop);
    const first = await createTestBus();
    cleanups.push(() => deleteTestStream(first.namespace));
    let firstBusClosed = false;
    cleanups.push(async () => void (firstBusClosed || (await first.bus.close())));
    const logger = capturingLogger('silent').logger;
    // The first instance would wait a minute before its own retry: it fails once, then stops.
    const a = await createServiceRuntime(def, {
      db,
      bus: first.bus,
      config: testConfig({ eventMaxAttempts: 3, eventRetryBaseMs: 60_000 }),
      logger,
    });
    await a.start();
    const event = await createThing(a.ctx, 'poison');
    await expect
      .poll(() => rows<{ attempts: number }>(db, 'SELECT attempts FROM kittest.consumer_failures'), {
        timeout: 15_000,
      })
      .toEqual([{ attempts: 1 }]);
    await a.stop();
    await first.bus.close();
    firstBusClosed = true;

    // A new process: a new bus connection, no memory of the first one. The event comes again.
    await forgetConsumerPosition(first.namespace, 'kittest-effects');
    const second = await createTestBus(first.namespace);
    cleanups.push(() => second.bus.close());
    const b: ServiceRuntime = await createServiceRuntime(def, {
      db,
      bus: second.bus,
      config: testConfig({ eventMaxAttempts: 3 }),
      logger,
    });
    cleanups.push(() => b.stop());
    await b.start();
    if (second.bus.kind === 'in-process') await second.bus.publish(event);

    await expect
      .poll(() => listDeadLetters(db, 'kittest'), { timeout: 15_000, interval: 50 })
      .toHaveLength(1);
    expect((await listDeadLetters(db, 'kittest'))[0]).toMatchObject({ eventId: event.id, attempts: 3 });
    expect(tries).toBe(3);
  });
});

describe('a consumed event that does not match its contract', () => {
  it('goes straight to the dead letters with the validation error; the handler never runs and later events flow', async () => {
    let tries = 0;
    h = await createTestHarness([kitTestService({ onTry: () => tries++ })]);
    const bad = envelopeOf(ThingCreated.subject, { id: 1, name: 'no id' });
    const noId = { ...envelopeOf(ThingCreated.subject, { id: 'x', name: 'y' }), id: 'not-a-uuid' };
    await h.bus.publish(bad);
    await h.bus.publish(noId);
    const good = await createThing(h.runtimes[0]!.ctx, 'fine');

    await expect
      .poll(() => listDeadLetters(h!.db, 'kittest'), { timeout: 15_000, interval: 50 })
      .toHaveLength(2);
    await expect.poll(async () => (await effects(h!.db)).length, { timeout: 15_000 }).toBe(1);
    const dead = await listDeadLetters(h.db, 'kittest');
    expect(dead.find((d) => d.eventId === bad.id)).toMatchObject({
      reason: 'invalid',
      attempts: 1,
      consumer: 'kittest-effects',
    });
    expect(dead.find((d) => d.eventId === bad.id)!.lastError).toMatch(/does not match its schema: \/id/);
    expect(dead.find((d) => d.eventId === 'not-a-uuid')!.lastError).toMatch(/envelope is not valid: \/id/);
    expect(tries).toBe(1);
    expect(await effects(h.db)).toEqual([{ event_id: good.id, name: 'fine' }]);
    expect(await failures(h.db)).toEqual([]);
  });

  it('is checked by contract for a consumer subscribed by wildcard, by its own pattern schema, or refused when no schema covers it', async () => {
    const seen: string[] = [];
    const record = async (_tx: unknown, e: EventEnvelope) =>
      void seen.push(`${e.subject} ${JSON.stringify(e.data)}`);
    h = await createTestHarness([
      kitTestService({
        consumers: [
          // Like auth's: every service's snapshot requests, no event definitions of its own.
          { name: 'snapshots', events: [], subjects: ['erp.*.access_snapshot_requested.v1'], handle: record },
          {
            name: 'others',
            events: [],
            subjects: ['erp.kitother.>'],
            schemas: [{ subject: 'erp.kitother.*.v1', schema: Type.Object({ n: Type.Integer() }) }],
            handle: record,
          },
          { name: 'unknown', events: [], subjects: ['erp.kitunknown.>'], handle: record },
        ],
      }),
    ]);
    const ok = envelopeOf('erp.vendors.access_snapshot_requested.v1', { service: 'vendors' });
    const wrong = envelopeOf('erp.vendors.access_snapshot_requested.v1', { service: 7 });
    const other = envelopeOf('erp.kitother.counted.v1', { n: 3 });
    const otherWrong = envelopeOf('erp.kitother.counted.v1', { n: 'three' });
    const unknown = envelopeOf('erp.kitunknown.thing.v1', {});
    for (const e of [ok, wrong, other, otherWrong, unknown]) await h.bus.publish(e);

    await expect
      .poll(() => listDeadLetters(h!.db, 'kittest'), { timeout: 15_000, interval: 50 })
      .toHaveLength(3);
    const dead = await listDeadLetters(h.db, 'kittest');
    expect(dead.map((d) => [d.consumer, d.eventId, d.reason]).sort()).toEqual(
      [
        ['kittest-others', otherWrong.id, 'invalid'],
        ['kittest-snapshots', wrong.id, 'invalid'],
        ['kittest-unknown', unknown.id, 'invalid'],
      ].sort(),
    );
    expect(dead.find((d) => d.consumer === 'kittest-unknown')!.lastError).toBe(
      'No contract schema for erp.kitunknown.thing.v1',
    );
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(2);
    expect(seen.sort()).toEqual([
      'erp.kitother.counted.v1 {"n":3}',
      'erp.vendors.access_snapshot_requested.v1 {"service":"vendors"}',
    ]);
  });
});
