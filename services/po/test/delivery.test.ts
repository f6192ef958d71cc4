/**
 * The approval event under the failures ARCHITECTURE §5 names: a consumer that dies after its POs
 * committed but before the bus heard so, and two envelopes of one approval handled at the same
 * moment on two connections (PostgreSQL).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { createLogger, createServiceRuntime, handleOnce, type Bus } from '@erp/service-kit';
import {
  createTestBus,
  createTestDatabase,
  deleteTestStream,
  testConfig,
  sessionsWaitingOnLocks,
} from '@erp/service-kit/testing';
import { poService } from '../src/app.js';
import { approval, approvedEnvelope, numberOf, onPostgres, startPo, type PoHarness } from './helpers.js';

const CONSUMER = 'po-indent-approved';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a consumer that dies after making the POs, before acknowledging the approval', () => {
  it('gets the approval again on a fresh bus connection and makes no second PO', async () => {
    const { db, drop } = await createTestDatabase();
    cleanups.push(drop);
    const logger = createLogger('silent', 'test');
    const first = await createTestBus();
    cleanups.push(() => deleteTestStream(first.namespace));

    // The first process: its consumer commits the POs (and the inbox row), then dies before the
    // acknowledgement reaches the bus; a process that is gone handles nothing more.
    let died = false;
    const dying: Bus = {
      ...first.bus,
      subscribe: (o) =>
        first.bus.subscribe({
          ...o,
          handler: async (e) => {
            if (o.durable !== CONSUMER) return o.handler(e);
            if (died) throw new Error('the process is gone');
            await o.handler(e);
            died = true;
            throw new Error('the process died before acknowledging');
          },
        }),
    };
    const a = await createServiceRuntime(poService(), { db, bus: dying, config: testConfig(), logger });
    await a.start();
    const data = approval();
    const envelope = approvedEnvelope(data);
    // In process, publish() reports the consumer's failure; on NATS the bus keeps the event to redeliver.
    await first.bus.publish(envelope).catch(() => undefined);
    await expect.poll(() => died, { timeout: 15_000 }).toBe(true);
    const made = await db.query<{ id: string; po_number: string }>(
      'SELECT id, po_number FROM po.purchase_orders WHERE indent_id = $1 ORDER BY po_seq',
      [data.indentId],
    );
    expect(made.rows).toHaveLength(3);
    await a.stop();
    await first.bus.close();

    // A new process on a fresh connection to the same stream.
    const second = await createTestBus(first.namespace);
    cleanups.push(() => second.bus.close());
    const deliveries: string[] = [];
    const counting: Bus = {
      ...second.bus,
      subscribe: (o) =>
        second.bus.subscribe({
          ...o,
          handler: async (e) => (o.durable === CONSUMER && deliveries.push(e.id), o.handler(e)),
        }),
    };
    const b = await createServiceRuntime(poService(), { db, bus: counting, config: testConfig(), logger });
    cleanups.push(() => b.stop());
    await b.start();
    // NATS redelivers the unacknowledged event by itself; in process, the indent service's relay,
    // which saw the publish fail, publishes it again.
    if (second.bus.kind === 'in-process') await second.bus.publish(envelope);
    await expect.poll(() => deliveries, { timeout: 20_000 }).toContain(envelope.id);
    await new Promise((r) => setTimeout(r, 200));

    const after = await db.query<{ id: string; po_number: string }>(
      'SELECT id, po_number FROM po.purchase_orders WHERE indent_id = $1 ORDER BY po_seq',
      [data.indentId],
    );
    expect(after.rows).toEqual(made.rows);
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM po.purchase_orders')).rows[0]!.n,
    ).toBe(3);
    const events = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM po.outbox WHERE subject = 'erp.po.created.v1'`,
    );
    expect(events.rows[0]!.n).toBe(3);
    expect((await db.query('SELECT event_id FROM po.inbox WHERE consumer = $1', [CONSUMER])).rows).toEqual([
      { event_id: envelope.id },
    ]);
    expect((await db.query('SELECT 1 FROM po.dead_letters')).rows).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('one approval in two envelopes at the same moment (PostgreSQL)', () => {
  let h: PoHarness;
  beforeAll(async () => {
    h = await startPo();
  });
  afterAll(async () => h?.close());

  it('handled on parallel connections, they make one set of POs, and with another approval at once every number is distinct and in a row', async () => {
    const consumer = poService().consumers!.find((c) => c.name === 'indent-approved')!;
    const ctx = h.runtimes[0]!.ctx;
    const data = approval();
    const other = approval();
    const envelopes: EventEnvelope[] = [
      approvedEnvelope(data),
      approvedEnvelope(data),
      approvedEnvelope(other),
    ];
    const before = (await h.db.query<{ n: number }>('SELECT last_number::int AS n FROM po.po_numbers'))
      .rows[0]!.n;

    // Hold the PO table until every handler is inside its transaction, waiting: then they all go at once.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const held = new Promise<void>((r) => (release = r));
    const blocker = h.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE po.purchase_orders IN EXCLUSIVE MODE');
      locked();
      await held;
    });
    await isLocked;
    const handled = envelopes.map((e) =>
      handleOnce(h.db, 'po', CONSUMER, e, (tx) => consumer.handle(tx, e, ctx)),
    );
    try {
      await expect
        .poll(() => sessionsWaitingOnLocks(h.db), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(envelopes.length);
    } finally {
      release();
      await blocker;
    }
    expect(await Promise.all(handled)).toEqual([true, true, true]);
    await h.settle();

    const mine = await h.posOf(data.indentId);
    expect(mine.map((p) => p.vendor._id)).toEqual(data.vendors.map((v) => v.vendorId));
    expect((await h.posOf(other.indentId)).map((p) => p.vendor._id)).toEqual(
      other.vendors.map((v) => v.vendorId),
    );
    expect(await h.created(data.indentId)).toHaveLength(3);
    expect(await h.created(other.indentId)).toHaveLength(3);
    const numbers = (
      await h.db.query<{ po_number: string }>(
        'SELECT po_number FROM po.purchase_orders WHERE indent_id = ANY($1::uuid[])',
        [[data.indentId, other.indentId]],
      )
    ).rows
      .map((r) => numberOf(r.po_number))
      .sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((i) => before + i));
  });
});
