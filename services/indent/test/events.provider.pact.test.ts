/**
 * The indent service as a message provider: erp.indent.approved.v1 as an approval writes it, which
 * the PO service makes POs from, and erp.indent.upserted.v1 as raising an indent writes it, from
 * which the projects service counts a BOQ's indents.
 */
import { describe, expect, it } from 'vitest';
import { harnessForFile, lastOutboxEvent, verifyMessagePacts } from '@erp/service-kit/testing';
import type { EventEnvelope } from '@erp/contracts';
import { startIndent } from './helpers.js';

const h = harnessForFile(startIndent);

/** Raise an indent, choose the lowest vendor of each line, send it for approval and approve it; the event from the outbox. */
async function approvedEvent(): Promise<EventEnvelope> {
  const indent = await h.create();
  const c = await h.compare(indent._id);
  const sent = await h.call('purchaser', 'POST', `/indent/compare/${c._id}`, {
    status: 'approval',
    items: c.items.map((l) => ({
      itemId: l.itemId,
      selectedVendor: l.vendors.find((v) => v.isLowest)!.vendorId,
    })),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const review = await h.compare(c._id, 'admin');
  await h.call('admin', 'PUT', `/indent/fleet/${c._id}`, {
    vendorId: review.items[0]!.selectedVendor,
    amount: 1500,
    gst: 270,
    free: false,
  });
  const approved = await h.call('admin', 'POST', `/indent/approval/${c._id}`, {
    status: 'approved',
    items: review.items.map((l) => ({
      itemId: l.itemId,
      selectedVendor: l.selectedVendor,
      price: l.vendors.find((v) => v.vendorId === l.selectedVendor)!.price,
    })),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return lastOutboxEvent(h.db, 'indent', 'erp.indent.approved.v1', 'indentId', c._id);
}

/** Raise an indent (sent for comparison); its erp.indent.upserted.v1 from the outbox. */
async function upsertedEvent(): Promise<EventEnvelope> {
  const indent = await h.create();
  return lastOutboxEvent(h.db, 'indent', 'erp.indent.upserted.v1', 'indentId', indent._id);
}

describe('indent service as a message provider', () => {
  it('announces approvals the PO service can make purchase orders from', async () => {
    await verifyMessagePacts({
      provider: 'indent-service-events',
      consumers: ['po-service'],
      messages: { 'an indent approved event': approvedEvent },
      states: ['an indent awaiting approval with a vendor chosen for each line'],
    });
  });

  it('announces indents the projects service can count on their BOQ', async () => {
    await verifyMessagePacts({
      provider: 'indent-service-events',
      consumers: ['projects-service'],
      messages: { 'an indent upserted event': upsertedEvent },
      states: ['an indent was raised against a confirmed BOQ'],
    });
  });
});
