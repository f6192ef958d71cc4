import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ItemsSnapshot,
  ItemUpserted,
  ReceiptRecorded,
  type Boq,
  type BoqConsumedData,
  type EventEnvelope,
  type Project,
  type ReceiptRecordedData,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import {
  announceItems,
  confirmedBoq,
  newBoq,
  newItems,
  type ProjectsHarness,
  startProjects,
  type TestItem,
} from './helpers.js';

let h: ProjectsHarness;
let project: Project;
let items: TestItem[];

beforeAll(async () => {
  h = await startProjects();
  project = await h.create();
  items = await newItems(h, 3);
});
afterAll(async () => h?.close());

/** A goods receipt as the PO service announces it. */
function receipt(
  boqId: string | null,
  lines: Array<[TestItem, number]>,
  receiptId: string = randomUUID(),
): EventEnvelope<ReceiptRecordedData> {
  return buildEnvelope('po', ReceiptRecorded, {
    receiptId,
    poId: randomUUID(),
    poNumber: 'PO-0001',
    projectId: project._id,
    boqId,
    indentId: null,
    invoiceNumber: 'INV/26-27/0042',
    receivedAt: '2026-05-04T10:30:00.000Z',
    receivedBy: { _id: randomUUID(), name: 'Sandeep Patil' },
    lines: lines.map(([it, quantity]) => ({ itemId: it.itemId, quantity, unit: it.unit })),
  }) as EventEnvelope<ReceiptRecordedData>;
}

async function publish(e: EventEnvelope): Promise<void> {
  await h.bus.publish(e);
  await h.settle();
}

/** The erp.projects.boq_consumed.v1 events in the outbox for a BOQ number, oldest first. */
async function consumedEvents(boqNumber: string): Promise<BoqConsumedData[]> {
  const res = await h.db.query<{ envelope: { data: BoqConsumedData } }>(
    "SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.boq_consumed.v1' AND envelope->'data'->>'boqNumber' = $1 ORDER BY seq",
    [boqNumber],
  );
  return res.rows.map((r) => r.envelope.data);
}

/** What GET /boq/{id} shows consumed of each line, in line order. */
async function consumed(id: string): Promise<Array<[number, number, number]>> {
  const res = await h.call('admin', 'GET', `/boq/${id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Boq).items.map((l) => [l.plannedQty, l.consumedQuantity, l.balanceQuantity]);
}

/** A confirmed BOQ of the three items that two receipts consumed: 12.5 and 0.25, then 7.5 of the first. */
async function boqWithTwoReceipts(): Promise<Boq> {
  const boq = await confirmedBoq(h, project._id, items);
  await publish(
    receipt(boq._id, [
      [items[0]!, 12.5],
      [items[1]!, 0.25],
    ]),
  );
  await publish(receipt(boq._id, [[items[0]!, 7.5]]));
  return boq;
}

describe('consumption from goods receipts', () => {
  it('adds each receipt line to the BOQ line’s consumed quantity and lowers its balance', async () => {
    const boq = await boqWithTwoReceipts();
    expect(await consumed(boq._id)).toEqual([
      [100, 20, 80],
      [101, 0.25, 100.75],
      [102, 0, 102],
    ]);
    const balances = (await h.call('admin', 'GET', `/boq/items/${boq._id}`)).json().result;
    expect(balances[0]).toMatchObject({
      itemId: items[0]!.itemId,
      plannedQty: 100,
      consumedQuantity: 20,
      balanceQuantity: 80,
    });
  });

  it('announces, with each receipt, the BOQ number’s consumed total of every item it counted', async () => {
    const boq = await boqWithTwoReceipts();
    expect(await consumedEvents(boq.boqId)).toEqual([
      {
        boqNumber: boq.boqId,
        projectId: project._id,
        lines: [
          { itemId: items[0]!.itemId, consumedQty: 12.5 },
          { itemId: items[1]!.itemId, consumedQty: 0.25 },
        ],
      },
      // The total after both receipts, not the second receipt's 7.5; items[1] was not on it.
      {
        boqNumber: boq.boqId,
        projectId: project._id,
        lines: [{ itemId: items[0]!.itemId, consumedQty: 20 }],
      },
    ]);
  });

  it('announces nothing new for a redelivered event or a re-emitted receipt, and only the items a receipt newly counts', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    const first = receipt(boq._id, [[items[0]!, 10]]);
    await publish(first);
    await publish(first);
    await publish(receipt(boq._id, [[items[0]!, 10]], first.data.receiptId));
    expect(await consumedEvents(boq.boqId)).toEqual([
      {
        boqNumber: boq.boqId,
        projectId: project._id,
        lines: [{ itemId: items[0]!.itemId, consumedQty: 10 }],
      },
    ]);
    // The same receipt again with a line it did not have before: only that item counts and is announced.
    await publish(
      receipt(
        boq._id,
        [
          [items[0]!, 10],
          [items[2]!, 4],
        ],
        first.data.receiptId,
      ),
    );
    expect((await consumedEvents(boq.boqId)).slice(1)).toEqual([
      { boqNumber: boq.boqId, projectId: project._id, lines: [{ itemId: items[2]!.itemId, consumedQty: 4 }] },
    ]);
    expect((await consumed(boq._id)).map((l) => l[1])).toEqual([10, 0, 4]);
  });

  it('shows a negative balance when more was received than planned', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    await publish(receipt(boq._id, [[items[2]!, 150.75]]));
    expect((await consumed(boq._id))[2]).toEqual([102, 150.75, -48.75]);
  });

  it('counts an item listed on two lines of one receipt as their sum', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    await publish(
      receipt(boq._id, [
        [items[0]!, 1],
        [items[0]!, 2],
      ]),
    );
    expect((await consumed(boq._id))[0]).toEqual([100, 3, 97]);
  });

  it('counts a redelivered event once (the inbox) and a re-emitted receipt once (its receiptId)', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    const first = receipt(boq._id, [[items[0]!, 10]]);
    await publish(first);
    // The same envelope again, as a bus redelivers it.
    await publish(first);
    // The same receipt in a new envelope, as a producer that re-emits it would send it.
    await publish(receipt(boq._id, [[items[0]!, 10]], first.data.receiptId));
    expect((await consumed(boq._id))[0]).toEqual([100, 10, 90]);
    const handled = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects.inbox WHERE consumer = 'projects-boq-consumption' AND event_id = $1",
      [first.id],
    );
    expect(handled.rows[0]!.n).toBe(1);
  });

  it('keeps the consumed quantities across a revision (they belong to the BOQ number)', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    await publish(receipt(boq._id, [[items[1]!, 40]]));
    const draft = (await h.call('admin', 'POST', `/boq/${boq._id}/revise`)).json().boq as Boq;
    expect(draft.items[1]).toMatchObject({ plannedQty: 101, consumedQuantity: 40, balanceQuantity: 61 });
    const confirmed = await h.call(
      'admin',
      'PUT',
      `/boq/${draft._id}`,
      newBoq(project._id, items, { status: 'confirmed' }),
    );
    expect(confirmed.statusCode).toBe(200);
    // A receipt against the old (now superseded) revision still counts for the number.
    await publish(receipt(boq._id, [[items[1]!, 1]]));
    await publish(receipt(draft._id, [[items[1]!, 2]]));
    expect((await consumed(draft._id))[1]).toEqual([101, 43, 58]);
    expect((await consumed(boq._id))[1]).toEqual([101, 43, 58]);
    // Announced for the number, whichever revision the receipt named.
    expect(draft.boqId).toBe(boq.boqId);
    expect((await consumedEvents(boq.boqId)).map((e) => e.lines)).toEqual([
      [{ itemId: items[1]!.itemId, consumedQty: 40 }],
      [{ itemId: items[1]!.itemId, consumedQty: 41 }],
      [{ itemId: items[1]!.itemId, consumedQty: 43 }],
    ]);
  });

  it('ignores a receipt without a BOQ or naming a BOQ it does not have', async () => {
    const before = await h.db.query('SELECT * FROM projects.boq_consumption ORDER BY boq_number, item_id');
    const announced =
      "SELECT count(*)::int AS n FROM projects.outbox WHERE subject = 'erp.projects.boq_consumed.v1'";
    const eventsBefore = (await h.db.query<{ n: number }>(announced)).rows[0]!.n;
    await publish(receipt(null, [[items[0]!, 5]]));
    await publish(receipt(randomUUID(), [[items[0]!, 5]]));
    await publish(receipt('not-a-uuid', [[items[0]!, 5]]));
    expect(
      (await h.db.query('SELECT * FROM projects.boq_consumption ORDER BY boq_number, item_id')).rows,
    ).toEqual(before.rows);
    expect((await h.db.query<{ n: number }>(announced)).rows[0]!.n).toBe(eventsBefore);
    expect((await h.db.query('SELECT 1 FROM projects.dead_letters')).rows).toEqual([]);
  });

  it('loses nothing when the handler fails half-way: the retry applies the whole receipt once', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    // The second line's consumption cannot be written until the "fault" is cleared.
    await h.db.query(`CREATE TABLE projects.test_fault (item_id uuid PRIMARY KEY)`);
    await h.db.query(`CREATE FUNCTION projects.test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM projects.test_fault f WHERE f.item_id = NEW.item_id) THEN RAISE EXCEPTION 'disk full (test)'; END IF;
        RETURN NEW;
      END $$`);
    await h.db.query(
      `CREATE TRIGGER test_fault BEFORE INSERT OR UPDATE ON projects.boq_consumption FOR EACH ROW EXECUTE FUNCTION projects.test_fault()`,
    );
    try {
      await h.db.query('INSERT INTO projects.test_fault (item_id) VALUES ($1)', [items[1]!.itemId]);
      const e = receipt(boq._id, [
        [items[0]!, 3],
        [items[1]!, 4],
      ]);
      await h.bus.publish(e);
      await expect
        .poll(
          async () =>
            (
              await h.db.query<{ attempts: number }>(
                'SELECT attempts FROM projects.consumer_failures WHERE event_id = $1',
                [e.id],
              )
            ).rows[0]?.attempts ?? 0,
        )
        .toBeGreaterThanOrEqual(1);
      // Nothing of the receipt is kept, not even its first line.
      expect(await consumed(boq._id)).toEqual([
        [100, 0, 100],
        [101, 0, 101],
        [102, 0, 102],
      ]);
      expect(
        (await h.db.query('SELECT 1 FROM projects.boq_receipts WHERE receipt_id = $1', [e.data.receiptId]))
          .rows,
      ).toEqual([]);
      expect(await consumedEvents(boq.boqId)).toEqual([]);
      await h.db.query('DELETE FROM projects.test_fault');
      await expect
        .poll(async () => (await consumed(boq._id)).slice(0, 2), { timeout: 10_000 })
        .toEqual([
          [100, 3, 97],
          [101, 4, 97],
        ]);
      await h.settle();
      expect(
        (await h.db.query('SELECT 1 FROM projects.consumer_failures WHERE event_id = $1', [e.id])).rows,
      ).toEqual([]);
      expect((await consumed(boq._id)).slice(0, 2)).toEqual([
        [100, 3, 97],
        [101, 4, 97],
      ]);
      // Announced once, with the whole receipt: the failed attempt's event went with its rollback.
      expect(await consumedEvents(boq.boqId)).toEqual([
        {
          boqNumber: boq.boqId,
          projectId: project._id,
          lines: [
            { itemId: items[0]!.itemId, consumedQty: 3 },
            { itemId: items[1]!.itemId, consumedQty: 4 },
          ],
        },
      ]);
    } finally {
      await h.db.query('DROP TRIGGER IF EXISTS test_fault ON projects.boq_consumption');
      await h.db.query('DROP FUNCTION IF EXISTS projects.test_fault()');
      await h.db.query('DROP TABLE IF EXISTS projects.test_fault');
    }
  });
});

describe('item snapshots', () => {
  it('takes every item of the catalog’s snapshot chunks, keeping a newer version it already has', async () => {
    const [kept] = await newItems(h, 1);
    await announceItems(h, [{ ...kept!, name: 'Newer name', version: 5 }]);
    const fresh = {
      itemId: randomUUID(),
      name: 'Snapshot item',
      unit: 'kg',
      status: 'active' as const,
      version: 1,
    };
    await h.bus.publish(
      buildEnvelope('catalog', ItemsSnapshot, {
        items: [{ ...kept!, name: 'Older name', version: 2 }, fresh],
        chunk: 1,
        chunks: 1,
      }),
    );
    await h.settle();
    const r = await h.db.query<{ item_id: string; name: string; version: number }>(
      'SELECT item_id, name, version FROM projects.item_snapshots WHERE item_id = ANY($1::uuid[]) ORDER BY name',
      [[kept!.itemId, fresh.itemId]],
    );
    expect(r.rows).toEqual([
      { item_id: kept!.itemId, name: 'Newer name', version: 5 },
      { item_id: fresh.itemId, name: 'Snapshot item', version: 1 },
    ]);
    // And a BOQ may now name the snapshot's item.
    const res = await h.call('admin', 'POST', '/boq', newBoq(project._id, [fresh]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('keeps the newer version of an item announced with only new prices, without rewriting the BOQ lines that name it; a rename rewrites them', async () => {
    const [item] = await newItems(h, 1);
    const boq = (await h.call('admin', 'POST', '/boq', newBoq(project._id, [item!]))).json().boq as Boq;
    const lineRows = async () =>
      (
        await h.db.query<{ xmin: string; entry: string }>(
          'SELECT xmin::text AS xmin, entry FROM projects.boq_lines WHERE boq_id = $1',
          [boq._id],
        )
      ).rows;
    const generation = async () =>
      (
        await h.db.query<{ g: string }>(
          'SELECT coalesce(sum(weight), 0)::text AS g FROM projects.list_changes',
        )
      ).rows[0]!.g;
    const before = await lineRows();
    const generationBefore = await generation();
    const prices = [{ vendorId: randomUUID(), price: 380, gst: 106.4, status: 'active' as const }];
    await h.bus.publish(buildEnvelope('catalog', ItemUpserted, { ...item!, version: 2, prices }));
    await h.settle();
    const stored = async () =>
      (
        await h.db.query<{ name: string; version: number }>(
          'SELECT name, version FROM projects.item_snapshots WHERE item_id = $1',
          [item!.itemId],
        )
      ).rows[0];
    expect(await stored()).toEqual({ name: item!.name, version: 2 });
    expect(await lineRows()).toEqual(before);
    expect(await generation()).toBe(generationBefore);

    await h.bus.publish(
      buildEnvelope('catalog', ItemUpserted, { ...item!, name: `${item!.name} grade`, version: 3, prices }),
    );
    await h.settle();
    expect(await stored()).toEqual({ name: `${item!.name} grade`, version: 3 });
    const after = await lineRows();
    expect(after[0]!.xmin).not.toBe(before[0]!.xmin);
    expect(after[0]!.entry).toContain(`"name":"${item!.name} grade"`);
  });
});
