import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder } from '@erp/contracts';
import {
  approval,
  approvedEnvelope,
  numberOf,
  startPo,
  THREE_VENDOR_TOTALS,
  type PoHarness,
} from './helpers.js';

let h: PoHarness;
beforeAll(async () => {
  // Retries 150 ms apart and doubling: a failing approval is dead-lettered after about 2 s, and a
  // test has that long to clear a fault before it is.
  h = await startPo({ kit: { eventRetryBaseMs: 150 } });
});
afterAll(async () => h?.close());

const numbers = (pos: PurchaseOrder[]) => pos.map((p) => numberOf(p.poNumber));

describe('purchase orders from an approved indent', () => {
  it('makes one Open PO per vendor with the locked prices, the fleet and the amount in paise arithmetic', async () => {
    const a = approval();
    await h.publish(approvedEnvelope(a));
    const pos = await h.posOf(a.indentId);
    expect(pos.map((p) => [p.vendor, p.status, p.amount, p.itemCount, p.fleet])).toEqual([
      [
        { _id: a.vendors[0]!.vendorId, name: a.vendors[0]!.vendorName },
        'Open',
        56038.18,
        2,
        { amount: 1500, gst: 270 },
      ],
      [
        { _id: a.vendors[1]!.vendorId, name: a.vendors[1]!.vendorName },
        'Open',
        15225,
        1,
        { amount: 0, gst: 0 },
      ],
      [
        { _id: a.vendors[2]!.vendorId, name: a.vendors[2]!.vendorName },
        'Open',
        335.15,
        1,
        { amount: 250.75, gst: 45.14 },
      ],
    ]);
    expect(pos.map((p) => p.amount)).toEqual(THREE_VENDOR_TOTALS.amounts);
    expect(pos.map((p) => p.items.map((l) => l.totalPrice))).toEqual(THREE_VENDOR_TOTALS.lineTotals);
    const cement = a.vendors[0]!.lines[0]!;
    expect(pos[0]!.items[0]).toEqual({
      _id: expect.any(String),
      item: { _id: cement.itemId, name: 'Cement OPC 53', unit: 'bags' },
      itemId: cement.itemId,
      quantity: 120.5,
      totalOrdered: 120.5,
      totalReceived: 0,
      cancelled: 0,
      pending: 120.5,
      price: 380.5,
      gst: 68.49,
      unitTotal: 448.99,
      totalPrice: 54103.3,
    });
    // What the PO page shows about where it came from (snapshots of the approval).
    expect(pos[0]).toMatchObject({
      orderDate: '2026-05-04T10:30:00.000Z',
      createdBy: a.createdBy,
      approvedBy: a.approvedBy,
      projectId: a.project,
      boqId: a.boq,
      indentId: { _id: a.indentId, indentId: a.indentNumber, title: a.title },
      receipts: [],
      shortClose: null,
      version: 1,
    });
  });

  it('numbers the POs PO-000001 upward, one after another, in the approval’s vendor order and across approvals', async () => {
    const first = approval();
    const second = approval();
    await h.publish(approvedEnvelope(first));
    await h.publish(approvedEnvelope(second));
    const a = numbers(await h.posOf(first.indentId));
    const b = numbers(await h.posOf(second.indentId));
    expect(a).toEqual([a[0], a[0]! + 1, a[0]! + 2]);
    expect(b).toEqual([a[2]! + 1, a[2]! + 2, a[2]! + 3]);
    const all = await h.db.query<{ po_number: string }>(
      'SELECT po_number FROM po.purchase_orders ORDER BY po_seq',
    );
    expect(all.rows.map((r) => r.po_number).slice(0, 3)).toEqual(['PO-000001', 'PO-000002', 'PO-000003']);
    expect(all.rows.map((r) => numberOf(r.po_number))).toEqual(all.rows.map((_, i) => i + 1));
  });

  it('announces each new PO with erp.po.created.v1 in the outbox, as the PO shows it', async () => {
    const a = approval();
    const envelope = approvedEnvelope(a);
    await h.publish(envelope);
    const pos = await h.posOf(a.indentId);
    const events = await h.created(a.indentId);
    expect(events).toEqual(
      pos.map((p, i) => ({
        poId: p._id,
        poNumber: p.poNumber,
        indentId: a.indentId,
        indentNumber: a.indentNumber,
        projectId: a.project._id,
        boqId: a.boq._id,
        vendorId: p.vendor._id,
        vendorName: p.vendor.name,
        status: 'Open',
        orderDate: '2026-05-04T10:30:00.000Z',
        itemCount: p.itemCount,
        amount: THREE_VENDOR_TOTALS.amounts[i],
        fleet: p.fleet,
        lines: a.vendors[i]!.lines.map((l) => ({
          itemId: l.itemId,
          itemName: l.itemName,
          unit: l.unit,
          quantity: l.quantity,
          price: l.price,
          gst: l.gst,
        })),
        approvedBy: a.approvedBy,
      })),
    );
    // Published by the relay (the harness settled), and traceable to the approver.
    const rows = await h.db.query<{ published: boolean; actor: string }>(
      `SELECT published_at IS NOT NULL AS published, envelope->>'actorId' AS actor FROM po.outbox WHERE subject = 'erp.po.created.v1' AND envelope->'data'->>'indentId' = $1`,
      [a.indentId],
    );
    expect(rows.rows).toEqual(pos.map(() => ({ published: true, actor: a.approvedBy._id })));
    const audit = await h.db.query<{ entity_id: string; po_number: string }>(
      `SELECT entity_id, details->>'poNumber' AS po_number FROM po.audit_log WHERE action = 'po_created' AND details->>'eventId' = $1 ORDER BY id`,
      [envelope.id],
    );
    expect(audit.rows).toEqual(pos.map((p) => ({ entity_id: p._id, po_number: p.poNumber })));
  });

  it('numbers past PO-999999 with every digit, on the PO, its event and its audit row alike', async () => {
    await h.db.query('UPDATE po.po_numbers SET last_number = 999998');
    const a = approval();
    const envelope = approvedEnvelope(a);
    await h.publish(envelope);
    const pos = await h.posOf(a.indentId);
    expect(pos.map((p) => p.poNumber)).toEqual(['PO-999999', 'PO-1000000', 'PO-1000001']);
    expect((await h.created(a.indentId)).map((e) => e.poNumber)).toEqual([
      'PO-999999',
      'PO-1000000',
      'PO-1000001',
    ]);
    const audit = await h.db.query<{ po_number: string }>(
      `SELECT details->>'poNumber' AS po_number FROM po.audit_log WHERE action = 'po_created' AND details->>'eventId' = $1 ORDER BY id`,
      [envelope.id],
    );
    expect(audit.rows.map((r) => r.po_number)).toEqual(['PO-999999', 'PO-1000000', 'PO-1000001']);
  });

  it('makes nothing more when the same envelope comes again or the same approval comes in a second envelope', async () => {
    const a = approval();
    const envelope = approvedEnvelope(a);
    await h.publish(envelope);
    const before = await h.posOf(a.indentId);
    const total = await h.countPos();
    // The same envelope, as a bus redelivers it (the inbox drops it).
    await h.publish(envelope);
    // The same approval in a new envelope, as an indent service that re-emitted it would send it (the unique (indent, vendor)).
    const second = approvedEnvelope(a);
    await h.publish(second);
    // And once more with a vendor's name changed in the meantime: the PO keeps what it was made with.
    await h.publish(
      approvedEnvelope({
        ...a,
        vendors: [{ ...a.vendors[0]!, vendorName: 'Renamed' }, ...a.vendors.slice(1)],
      }),
    );
    expect(await h.posOf(a.indentId)).toEqual(before);
    expect(await h.countPos()).toBe(total);
    expect(await h.created(a.indentId)).toHaveLength(3);
    // Each envelope was handled (recorded in the inbox), none failed: making nothing is not an error.
    const inbox = await h.db.query<{ event_id: string }>(
      `SELECT event_id FROM po.inbox WHERE consumer = 'po-indent-approved' AND event_id = ANY($1::uuid[])`,
      [[envelope.id, second.id]],
    );
    expect(inbox.rows).toHaveLength(2);
    expect(
      (await h.db.query('SELECT 1 FROM po.consumer_failures UNION ALL SELECT 1 FROM po.dead_letters')).rows,
    ).toEqual([]);
    // No number was used up by the approvals that made nothing.
    const nextOne = approval({ vendors: a.vendors.slice(0, 1) });
    await h.publish(approvedEnvelope(nextOne));
    const [made] = await h.posOf(nextOne.indentId);
    const highest = await h.db.query<{ n: number }>(
      'SELECT max(po_seq)::int AS n FROM po.purchase_orders WHERE id <> $1',
      [made!._id],
    );
    expect(numberOf(made!.poNumber)).toBe(highest.rows[0]!.n + 1);
  });

  it('makes only the missing PO when an approval names a vendor the indent has no PO for yet', async () => {
    const a = approval();
    await h.publish(approvedEnvelope({ ...a, vendors: a.vendors.slice(0, 2) }));
    const before = await h.posOf(a.indentId);
    await h.publish(approvedEnvelope(a));
    const after = await h.posOf(a.indentId);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after.map((p) => p.vendor._id)).toEqual(a.vendors.map((v) => v.vendorId));
    expect(numberOf(after[2]!.poNumber)).toBeGreaterThan(numberOf(after[1]!.poNumber));
    expect((await h.created(a.indentId)).map((e) => e.vendorId)).toEqual(a.vendors.map((v) => v.vendorId));
  });

  it('gives a vendor listed twice in one approval one PO with the lines and fleets of both', async () => {
    const a = approval();
    const [steel] = a.vendors;
    const extra = { ...steel!, fleet: { amount: 100, gst: 18 }, lines: a.vendors[1]!.lines };
    await h.publish(approvedEnvelope({ ...a, vendors: [steel!, extra] }));
    const pos = await h.posOf(a.indentId);
    expect(pos).toHaveLength(1);
    expect(pos[0]!.items.map((l) => l.item.name)).toEqual(['Cement OPC 53', 'TMT bar 12 mm', 'River sand']);
    expect(pos[0]!.fleet).toEqual({ amount: 1600, gst: 288 });
    // 5,426,818 + 1,522,500 lines + 160,000 fleet + 28,800 GST.
    expect(pos[0]!.amount).toBe(71381.18);
  });

  it('keeps an approval it cannot make POs from in the dead letters, making nothing', async () => {
    const a = approval();
    const bad = approvedEnvelope({ ...a, vendors: [{ ...a.vendors[0]!, vendorId: 'VEN-0007' }] });
    await h.bus.publish(bad);
    await expect
      .poll(
        async () =>
          (await h.db.query('SELECT reason FROM po.dead_letters WHERE event_id = $1', [bad.id])).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ reason: 'failed' }]);
    expect(await h.posOf(a.indentId)).toEqual([]);
    expect(await h.created(a.indentId)).toEqual([]);
  });

  it('keeps nothing of an approval whose handling fails half-way, and the retry makes all its POs once with numbers in a row', async () => {
    const a = approval();
    const failing = a.vendors[2]!.lines[0]!.itemId;
    // The third vendor's line cannot be written until the "fault" is cleared.
    await h.db.query(`CREATE TABLE po.test_fault (item_id uuid PRIMARY KEY)`);
    await h.db.query(`CREATE FUNCTION po.test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM po.test_fault f WHERE f.item_id = NEW.item_id) THEN RAISE EXCEPTION 'disk full (test)'; END IF;
        RETURN NEW;
      END $$`);
    await h.db.query(
      `CREATE TRIGGER test_fault BEFORE INSERT ON po.po_lines FOR EACH ROW EXECUTE FUNCTION po.test_fault()`,
    );
    try {
      await h.db.query('INSERT INTO po.test_fault (item_id) VALUES ($1)', [failing]);
      const last = (await h.db.query<{ n: number }>('SELECT last_number::int AS n FROM po.po_numbers'))
        .rows[0]!.n;
      const e = approvedEnvelope(a);
      await h.bus.publish(e);
      await expect
        .poll(
          async () =>
            (
              await h.db.query<{ attempts: number }>(
                'SELECT attempts FROM po.consumer_failures WHERE event_id = $1',
                [e.id],
              )
            ).rows[0]?.attempts ?? 0,
        )
        .toBeGreaterThanOrEqual(1);
      // Not even the first two vendors' POs, their events or their numbers are kept.
      expect(await h.posOf(a.indentId)).toEqual([]);
      expect(await h.created(a.indentId)).toEqual([]);
      expect(
        (await h.db.query<{ n: number }>('SELECT last_number::int AS n FROM po.po_numbers')).rows[0]!.n,
      ).toBe(last);
      await h.db.query('DELETE FROM po.test_fault');
      await expect.poll(async () => (await h.posOf(a.indentId)).length, { timeout: 10_000 }).toBe(3);
      await h.settle();
      expect(numbers(await h.posOf(a.indentId))).toEqual([last + 1, last + 2, last + 3]);
      expect(await h.created(a.indentId)).toHaveLength(3);
      expect(
        (await h.db.query('SELECT 1 FROM po.consumer_failures WHERE event_id = $1', [e.id])).rows,
      ).toEqual([]);
    } finally {
      await h.db.query('DROP TRIGGER IF EXISTS test_fault ON po.po_lines');
      await h.db.query('DROP FUNCTION IF EXISTS po.test_fault()');
      await h.db.query('DROP TABLE IF EXISTS po.test_fault');
    }
  });
});
