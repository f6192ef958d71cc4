/**
 * The indent service as a message provider: erp.indent.approved.v1 as an approval writes it, which
 * the PO service makes POs from, and erp.indent.upserted.v1 as raising an indent writes it, from
 * which the projects service counts a BOQ's indents.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { startIndent, type IndentHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: IndentHarness;
beforeAll(async () => {
  h = await startIndent();
});
afterAll(async () => h?.close());

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
  const r = await h.db.query<{ envelope: EventEnvelope }>(
    "SELECT envelope FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' AND envelope->'data'->>'indentId' = $1",
    [c._id],
  );
  return r.rows[0]!.envelope;
}

/** Raise an indent (sent for comparison); its erp.indent.upserted.v1 from the outbox. */
async function upsertedEvent(): Promise<EventEnvelope> {
  const indent = await h.create();
  const r = await h.db.query<{ envelope: EventEnvelope }>(
    "SELECT envelope FROM indent.outbox WHERE subject = 'erp.indent.upserted.v1' AND envelope->'data'->>'indentId' = $1",
    [indent._id],
  );
  return r.rows[0]!.envelope;
}

describe('indent service as a message provider', () => {
  it('announces approvals the PO service can make purchase orders from', async () => {
    await new MessageProviderPact({
      provider: 'indent-service-events',
      pactUrls: [path.join(pactDir, 'po-service-indent-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'an indent approved event': approvedEvent },
      stateHandlers: {
        'an indent awaiting approval with a vendor chosen for each line': async () => undefined,
      },
    }).verify();
  });

  it('announces indents the projects service can count on their BOQ', async () => {
    await new MessageProviderPact({
      provider: 'indent-service-events',
      pactUrls: [path.join(pactDir, 'projects-service-indent-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'an indent upserted event': upsertedEvent },
      stateHandlers: { 'an indent was raised against a confirmed BOQ': async () => undefined },
    }).verify();
  });
});
