import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { defineEvent, type EventEnvelope } from '@erp/contracts';
import { event, handleOnce, OutboxRelay, type ServiceDefinition } from '../src/index.js';
import { createTestHarness, type TestHarness } from '../src/testing/index.js';

const ThingCreated = defineEvent(
  'erp.kittest.thing_created.v1',
  Type.Object({ id: Type.String(), name: Type.String() }),
);
const ThingRenamed = defineEvent(
  'erp.kittest.thing_renamed.v1',
  Type.Object({ id: Type.String(), name: Type.String() }),
);

let failNext = 0;
/** A minimal service: writes things with an event; its consumer records an effect per event. */
const kitTest: ServiceDefinition = {
  name: 'kittest',
  schema: 'kittest',
  migrationsDir: fileURLToPath(new URL('./fixtures/migrations', import.meta.url)),
  directory: () => ({ resolve: async () => null }),
  routes: async () => undefined,
  consumers: [
    {
      name: 'effects',
      events: [ThingCreated, ThingRenamed],
      async handle(tx, envelope) {
        if (failNext > 0) {
          failNext--;
          throw new Error('consumer crashed');
        }
        await tx.query('INSERT INTO kittest.effects (event_id, name) VALUES ($1, $2)', [
          envelope.id,
          (envelope.data as { name: string }).name,
        ]);
      },
    },
  ],
};

let h: TestHarness;
afterEach(async () => {
  failNext = 0;
  await h?.close();
});

async function createThing(name: string) {
  const ctx = h.runtimes[0]!.ctx;
  return ctx.tx(async (tx) => {
    const id = randomUUID();
    await tx.query('INSERT INTO kittest.things (id, name) VALUES ($1, $2)', [id, name]);
    return ctx.emit(tx, ThingCreated, { id, name });
  });
}

async function effects() {
  return (
    await h.db.query<{ event_id: string; name: string }>(
      'SELECT event_id, name FROM kittest.effects ORDER BY handled_at',
    )
  ).rows;
}

/** A relay that "crashes" after publishing and before marking the row as published. */
class CrashingRelay extends OutboxRelay {
  protected override async markPublished(): Promise<void> {
    throw new Error('process died before marking the event published');
  }
}

describe('transactional outbox', () => {
  it('delivers an event once across a relay crash and restart', async () => {
    h = await createTestHarness([kitTest]);
    const ctx = h.runtimes[0]!.ctx;
    await ctx.relay.stop(); // take over publishing by hand
    const envelope = await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO kittest.things (id, name) VALUES ($1, $2)', [randomUUID(), 'cement']);
      return ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'cement' });
    });

    const crashing = new CrashingRelay(h.db, 'kittest', h.bus, { leaseSeconds: 0 });
    await expect(crashing.drain()).rejects.toThrow(/process died/);
    await expect.poll(async () => (await effects()).length).toBe(1);

    // After the restart the row is still pending and is published again with the same id.
    const pending = await h.db.query('SELECT id FROM kittest.outbox WHERE published_at IS NULL');
    expect(pending.rows).toHaveLength(1);
    const restarted = new OutboxRelay(h.db, 'kittest', h.bus);
    expect(await restarted.drain()).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await effects()).toEqual([{ event_id: envelope.id, name: 'cement' }]);
    expect((await h.db.query('SELECT id FROM kittest.outbox WHERE published_at IS NULL')).rows).toHaveLength(
      0,
    );
  });

  it('publishes nothing for a transaction that rolled back', async () => {
    h = await createTestHarness([kitTest]);
    const ctx = h.runtimes[0]!.ctx;
    await expect(
      ctx.tx(async (tx) => {
        await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'steel' });
        throw new Error('validation failed after writing');
      }),
    ).rejects.toThrow();
    await h.settle();
    expect((await h.db.query('SELECT * FROM kittest.outbox')).rows).toHaveLength(0);
    expect(await effects()).toEqual([]);
  });

  it('redelivers to a consumer that failed, and the effect happens once', async () => {
    h = await createTestHarness([kitTest]);
    failNext = 2;
    const envelope = await createThing('sand');
    await expect.poll(async () => (await effects()).length, { timeout: 20_000, interval: 100 }).toBe(1);
    await h.settle();
    await new Promise((r) => setTimeout(r, 300));
    expect(await effects()).toEqual([{ event_id: envelope.id, name: 'sand' }]);
  });

  it('keeps events in commit order', async () => {
    h = await createTestHarness([kitTest]);
    for (const name of ['a', 'b', 'c', 'd', 'e']) await createThing(name);
    await expect.poll(async () => (await effects()).length).toBe(5);
    expect((await effects()).map((e) => e.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("stamps an event's row when it is written, not when its transaction began, so its lag counts only the wait to be published", async () => {
    h = await createTestHarness([kitTest]);
    const ctx = h.runtimes[0]!.ctx;
    const { began, envelope } = await ctx.tx(async (tx) => {
      const start = await tx.query<{ began: Date }>('SELECT now() AS began');
      await tx.query('SELECT pg_sleep(0.5)');
      return {
        began: new Date(start.rows[0]!.began),
        envelope: await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'late' }),
      };
    });
    const row = await h.db.query<{ created_at: Date }>(
      'SELECT created_at FROM kittest.outbox WHERE id = $1',
      [envelope.id],
    );
    expect(new Date(row.rows[0]!.created_at).getTime() - began.getTime()).toBeGreaterThanOrEqual(500);
  });

  it('publishes events committed while the relay is busy publishing others without waiting for its poll', async () => {
    h = await createTestHarness([kitTest], { relayPollMs: 600_000 });
    const names = Array.from({ length: 30 }, (_, i) => `bag ${i}`);
    // Started together: most commit while a run of the relay is publishing the first ones.
    await Promise.all(names.map((name) => createThing(name)));
    await expect
      .poll(async () => (await effects()).length, { timeout: 10_000, interval: 50 })
      .toBe(names.length);
    expect((await h.db.query('SELECT id FROM kittest.outbox WHERE published_at IS NULL')).rows).toHaveLength(
      0,
    );
  });

  it('writes events of several kinds with their audit rows in one statement, and publishes the events in the order given', async () => {
    h = await createTestHarness([kitTest], { relayPollMs: 600_000 });
    const ctx = h.runtimes[0]!.ctx;
    const id = randomUUID();
    const statements: string[] = [];
    const envelopes = await ctx.tx(async (tx) => {
      // The statements the call sends, counted on the transaction itself.
      const query = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[]) => {
        statements.push(sql);
        return query(sql, params);
      }) as typeof tx.query;
      return ctx.emitAll(
        tx,
        [
          event(ThingCreated, { id, name: 'cement' }),
          event(ThingRenamed, { id, name: 'cement OPC 53' }),
          event(ThingCreated, { id: randomUUID(), name: 'steel' }),
        ],
        {
          meta: { requestId: 'req-emit-all' },
          audit: [
            {
              actorId: null,
              action: 'thing_created',
              entity: 'thing',
              entityId: id,
              requestId: 'req-emit-all',
            },
            {
              actorId: null,
              action: 'thing_renamed',
              entity: 'thing',
              entityId: id,
              requestId: 'req-emit-all',
              details: { name: 'cement OPC 53' },
            },
          ],
        },
      );
    });
    expect(statements).toHaveLength(1);
    // In the outbox in the order given (the relay publishes in that order), and published after the
    // commit although the relay's poll is 10 minutes away; the consumer has them all.
    const rows = await h.db.query<{ name: string }>(
      `SELECT envelope->'data'->>'name' AS name FROM kittest.outbox ORDER BY seq`,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(['cement', 'cement OPC 53', 'steel']);
    await expect
      .poll(async () => (await effects()).map((e) => e.name).sort(), { timeout: 10_000 })
      .toEqual(['cement', 'cement OPC 53', 'steel']);
    expect((await h.db.query('SELECT 1 FROM kittest.outbox WHERE published_at IS NULL')).rows).toHaveLength(
      0,
    );
    expect(envelopes.map((e) => [e.subject, e.requestId])).toEqual([
      [ThingCreated.subject, 'req-emit-all'],
      [ThingRenamed.subject, 'req-emit-all'],
      [ThingCreated.subject, 'req-emit-all'],
    ]);
    const audit = await h.db.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM kittest.audit_log WHERE request_id = 'req-emit-all' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      { action: 'thing_created', details: {} },
      { action: 'thing_renamed', details: { name: 'cement OPC 53' } },
    ]);
  });

  it('writes nothing of a change whose event does not match its schema, audit rows included', async () => {
    h = await createTestHarness([kitTest]);
    const ctx = h.runtimes[0]!.ctx;
    const id = randomUUID();
    await expect(
      ctx.tx((tx) =>
        ctx.emitAll(tx, [event(ThingCreated, { id, name: 'fine' }), event(ThingRenamed, { id } as never)], {
          audit: {
            actorId: null,
            action: 'thing_renamed',
            entity: 'thing',
            entityId: id,
            requestId: 'req-bad',
          },
        }),
      ),
    ).rejects.toThrow(/does not match its schema/);
    expect(
      (await h.db.query("SELECT 1 FROM kittest.audit_log WHERE request_id = 'req-bad'")).rows,
    ).toHaveLength(0);
    expect((await h.db.query('SELECT 1 FROM kittest.outbox')).rows).toHaveLength(0);
  });

  it('refuses an event that does not match its schema', async () => {
    h = await createTestHarness([kitTest]);
    const ctx = h.runtimes[0]!.ctx;
    await expect(ctx.tx((tx) => ctx.emit(tx, ThingCreated, { id: 1 }))).rejects.toThrow(
      /does not match its schema/,
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the outbox relay on PostgreSQL', () => {
  it('publishes while every connection of the pool is held by other work: it has a connection of its own', async () => {
    h = await createTestHarness([kitTest]);
    const runtime = h.runtimes[0]!;
    await runtime.ctx.relay.stop();
    const envelope = await createThing('cement');
    let published = 0;
    runtime.observe({ published: () => void published++ });

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { max } = h.db.poolStats!();
    const holders = Array.from({ length: max }, () => h.db.transaction(() => held));
    try {
      await expect.poll(() => h.db.poolStats!().total - h.db.poolStats!().idle).toBe(max);
      runtime.ctx.relay.start();
      await expect.poll(() => published, { timeout: 5_000 }).toBe(1);
    } finally {
      release();
      await Promise.all(holders);
    }
    await expect.poll(async () => (await effects()).map((e) => e.event_id)).toEqual([envelope.id]);
  });
});

describe('inbox', () => {
  it('applies a redelivered event once', async () => {
    h = await createTestHarness([kitTest]);
    const envelope: EventEnvelope = {
      id: randomUUID(),
      subject: ThingCreated.subject,
      occurredAt: new Date().toISOString(),
      source: 'test',
      data: { id: randomUUID(), name: 'bricks' },
    };
    let applied = 0;
    const effect = async () => void applied++;
    expect(await handleOnce(h.db, 'kittest', 'c1', envelope, effect)).toBe(true);
    expect(await handleOnce(h.db, 'kittest', 'c1', envelope, effect)).toBe(false);
    expect(await handleOnce(h.db, 'kittest', 'c2', envelope, effect)).toBe(true);
    expect(applied).toBe(2);
  });

  it('records nothing when the effect fails, so the retry runs it', async () => {
    h = await createTestHarness([kitTest]);
    const envelope: EventEnvelope = {
      id: randomUUID(),
      subject: ThingCreated.subject,
      occurredAt: new Date().toISOString(),
      source: 'test',
      data: {},
    };
    await expect(
      handleOnce(h.db, 'kittest', 'c1', envelope, async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    let applied = 0;
    expect(await handleOnce(h.db, 'kittest', 'c1', envelope, async () => void applied++)).toBe(true);
    expect(applied).toBe(1);
  });
});
