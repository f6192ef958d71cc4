/** The PO service as a message provider: erp.po.created.v1 and erp.po.receipt_recorded.v1 as it really writes them to its outbox (read by the indent, projects and vendors services). */
import { describe, it } from 'vitest';
import { harnessForFile, outboxEvents, verifyMessagePacts } from '@erp/service-kit/testing';
import type { EventEnvelope } from '@erp/contracts';
import { approval, approvedEnvelope, newVendor, PROJECT, startPo } from './helpers.js';

const h = harnessForFile(() => startPo({ employeeProjects: [PROJECT._id] }));

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
  const events = await outboxEvents(h.db, 'po', 'erp.po.created.v1', 'indentId', a.indentId);
  if (events.length !== 1) throw new Error(`expected one PO created event, found ${events.length}`);
  return events[0]!;
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
  const events = await outboxEvents(h.db, 'po', 'erp.po.receipt_recorded.v1', 'poId', po!._id);
  if (events.length !== 1) throw new Error(`expected one receipt recorded event, found ${events.length}`);
  return events[0]!;
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
  const events = await outboxEvents(h.db, 'po', 'erp.po.status_changed.v1', 'poId', sand!._id);
  if (events.length !== 1) throw new Error(`expected one status changed event, found ${events.length}`);
  return events[0]!;
}

describe('PO service as a message provider', () => {
  it('announces goods receipts as the projects service reads them (accepted quantities only)', async () => {
    await verifyMessagePacts({
      provider: 'po-service-events',
      consumers: ['projects-service'],
      messages: { 'a receipt recorded event': receiptRecordedEvent },
      states: ['goods were received against a PO raised from a BOQ'],
    });
  });

  it('announces purchase orders and receipts (with the invoice and expected amounts) as the vendors service’s ledger reads them', async () => {
    await verifyMessagePacts({
      provider: 'po-service-events',
      consumers: ['vendors-service'],
      messages: {
        'a purchase order created event': poCreatedEvent,
        'a receipt recorded event with the amounts the ledger compares': receiptRecordedEvent,
        // The vendors service's PO counts (decision 0033).
        'a purchase order status changed event': statusChangedEvent,
      },
      states: [
        'an indent was approved with a vendor chosen for its lines',
        'goods were received against a purchase order with the invoice amount',
        'goods were received against a purchase order, closing it',
      ],
    });
  });

  it('announces purchase orders as the indent service reads them', async () => {
    await verifyMessagePacts({
      provider: 'po-service-events',
      consumers: ['indent-service'],
      messages: {
        'a purchase order created event': poCreatedEvent,
        'a purchase order status changed event': statusChangedEvent,
      },
      states: [
        'an indent was approved with a vendor chosen for its lines',
        'goods were received against a purchase order, closing it',
      ],
    });
  });
});
