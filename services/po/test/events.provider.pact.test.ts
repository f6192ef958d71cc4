/** The PO service as a message provider: erp.po.created.v1 and erp.po.receipt_recorded.v1 as it really writes them to its outbox (read by the indent, projects and vendors services). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { approval, approvedEnvelope, newVendor, PROJECT, startPo, type PoHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: PoHarness;
beforeAll(async () => {
  h = await startPo({ employeeProjects: [PROJECT._id] });
});
afterAll(async () => h?.close());

/** An approval with one vendor, as the indent service announces it, and the PO created event it made. */
async function poCreatedEvent(): Promise<EventEnvelope> {
  const base = approval();
  const a = approval({
    vendors: [
      {
        ...newVendor('Deccan Steel Suppliers'),
        fleet: { amount: 1500.5, gst: 270.09 },
        lines: [
          { ...base.vendors[0]!.lines[1]!, quantity: 2500.5, price: 62.5, gst: 11.25 },
          { ...base.vendors[0]!.lines[0]!, quantity: 10.25, price: 380.5, gst: 68.49 },
        ],
      },
    ],
  });
  await h.publish(approvedEnvelope(a));
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM po.outbox WHERE subject = 'erp.po.created.v1' AND envelope->'data'->>'indentId' = $1`,
    [a.indentId],
  );
  if (row.rows.length !== 1) throw new Error(`expected one PO created event, found ${row.rows.length}`);
  return row.rows[0]!.envelope;
}

/** A receipt recorded by the site engineer through POST /poReceipt (part accepted, part rejected), and the event it wrote. */
async function receiptRecordedEvent(): Promise<EventEnvelope> {
  const a = approval();
  await h.publish(approvedEnvelope(a));
  const [po] = await h.posOf(a.indentId);
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const res = await h.app.inject({
    method: 'POST',
    url: '/poReceipt',
    headers: h.people.employee.headers,
    payload: {
      poId: po!._id,
      receivedItems: [
        { item: po!.items[0]!.itemId, receivedQuantity: 13, rejectedQuantity: 0.5, remarks: 'Two bags torn' },
      ],
      invoice: { invoiceNumber: 'INV/26-27/0042', invoiceDate: today, invoiceAmount: 5614.25 },
      remarks: '',
    },
  });
  if (res.statusCode !== 201) throw new Error(`receipt not recorded: ${res.statusCode} ${res.body}`);
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM po.outbox WHERE subject = 'erp.po.receipt_recorded.v1' AND envelope->'data'->>'poId' = $1`,
    [po!._id],
  );
  if (row.rows.length !== 1) throw new Error(`expected one receipt recorded event, found ${row.rows.length}`);
  return row.rows[0]!.envelope;
}

/** A PO received in full through POST /poReceipt, and the status event (Closed) it wrote. */
async function statusChangedEvent(): Promise<EventEnvelope> {
  const a = approval();
  await h.publish(approvedEnvelope(a));
  const [, sand] = await h.posOf(a.indentId);
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const res = await h.app.inject({
    method: 'POST',
    url: '/poReceipt',
    headers: h.people.employee.headers,
    payload: {
      poId: sand!._id,
      receivedItems: sand!.items.map((l) => ({ item: l.itemId, receivedQuantity: l.pending })),
      invoice: { invoiceNumber: 'INV/26-27/0043', invoiceDate: today, invoiceAmount: 15225 },
    },
  });
  if (res.statusCode !== 201) throw new Error(`receipt not recorded: ${res.statusCode} ${res.body}`);
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM po.outbox WHERE subject = 'erp.po.status_changed.v1' AND envelope->'data'->>'poId' = $1`,
    [sand!._id],
  );
  if (row.rows.length !== 1) throw new Error(`expected one status changed event, found ${row.rows.length}`);
  return row.rows[0]!.envelope;
}

describe('PO service as a message provider', () => {
  it('announces goods receipts as the projects service reads them (accepted quantities only)', async () => {
    await new MessageProviderPact({
      provider: 'po-service-events',
      pactUrls: [path.join(pactDir, 'projects-service-po-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'a receipt recorded event': receiptRecordedEvent },
      stateHandlers: { 'goods were received against a PO raised from a BOQ': async () => undefined },
    }).verify();
  });

  it('announces purchase orders and receipts (with the invoice and expected amounts) as the vendors service’s ledger reads them', async () => {
    await new MessageProviderPact({
      provider: 'po-service-events',
      pactUrls: [path.join(pactDir, 'vendors-service-po-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        'a purchase order created event': poCreatedEvent,
        'a receipt recorded event with the amounts the ledger compares': receiptRecordedEvent,
        // The vendors service's PO counts (decision 0033).
        'a purchase order status changed event': statusChangedEvent,
      },
      stateHandlers: {
        'an indent was approved with a vendor chosen for its lines': async () => undefined,
        'goods were received against a purchase order with the invoice amount': async () => undefined,
        'goods were received against a purchase order, closing it': async () => undefined,
      },
    }).verify();
  });

  it('announces purchase orders as the indent service reads them', async () => {
    await new MessageProviderPact({
      provider: 'po-service-events',
      pactUrls: [path.join(pactDir, 'indent-service-po-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        'a purchase order created event': poCreatedEvent,
        'a purchase order status changed event': statusChangedEvent,
      },
      stateHandlers: {
        'an indent was approved with a vendor chosen for its lines': async () => undefined,
        'goods were received against a purchase order, closing it': async () => undefined,
      },
    }).verify();
  });
});
