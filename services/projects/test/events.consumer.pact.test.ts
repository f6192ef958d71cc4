/**
 * Message contracts of the events the projects service consumes for BOQs: the catalog's
 * erp.catalog.item_upserted.v1 (verified by the catalog in events.provider.pact.test.ts) and the PO
 * service's erp.po.receipt_recorded.v1. The PO service does not exist yet: its pact is written here
 * and waits in pacts/ for a provider test to verify it (nothing verifies it until then, by design:
 * each provider test names the pacts it verifies).
 *
 * Each message is published on the harness's bus as the producer would, so it goes through the
 * kit's schema check and inbox into the real consumer, and the test asserts what a caller then sees.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import type { Boq, BoqImportPreview, EventEnvelope, ReceiptRecordedData } from '@erp/contracts';
import { announceItems, newBoq, startProjects } from './helpers.js';

const { uuid, integer, datetime, string, decimal, like, eachLike } = MatchersV3;

// Fixed example ids, so the pact files are the same on every run.
const ITEM_ID = '3b9f6a52-1c7e-4d0a-9e85-2f41c6d7a810';
const RECEIPT_ID = '8d2e4f61-7a3b-4c59-b0e1-6f9a2c4d5e73';

const h = harnessForFile(startProjects);

async function publish(envelope: EventEnvelope): Promise<void> {
  await h.bus.publish(envelope);
  await h.settle();
}

function csvUpload(csv: string) {
  const boundary = '----pactboundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="boq.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return h.app.inject({
    method: 'POST',
    url: '/boq/import',
    headers: { ...h.people.admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('projects consuming erp.catalog.item_upserted.v1', () => {
  it('knows the item by its name in a BOQ import', async () => {
    await receiveEvent(
      {
        consumer: 'projects-service',
        provider: 'catalog-service-events',
        state: 'an item was created in the item master',
        description: 'an item upserted event',
        subject: 'erp.catalog.item_upserted.v1',
        data: {
          itemId: uuid(ITEM_ID),
          name: string('Cement OPC 53'),
          unit: string('bags'),
          status: string('active'),
          version: integer(1),
        },
      },
      async (envelope) => {
        await publish(envelope);
        const res = await csvUpload('Item,Unit,Quantity,Rate\nCement OPC 53,bags,10,380\n');
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as BoqImportPreview).lines.map((l) => l.item)).toEqual([
          { _id: ITEM_ID, name: 'Cement OPC 53' },
        ]);
      },
    );
  });
});

describe('projects consuming erp.po.receipt_recorded.v1', () => {
  it('adds the received quantity to the BOQ line’s consumption', async () => {
    await announceItems(h, [
      { itemId: ITEM_ID, name: 'Cement OPC 53', unit: 'bags', status: 'active', version: 2 },
    ]);
    const project = await h.create();
    const created = await h.call(
      'admin',
      'POST',
      '/boq',
      newBoq(project._id, [{ itemId: ITEM_ID, unit: 'bags' }], { status: 'confirmed' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const boq = created.json().boq as Boq;
    await receiveEvent(
      {
        consumer: 'projects-service',
        provider: 'po-service-events',
        state: 'goods were received against a PO raised from a BOQ',
        description: 'a receipt recorded event',
        subject: 'erp.po.receipt_recorded.v1',
        // An id of its own: the bus drops a message whose id it has just seen (the other interaction's default example).
        id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6',
        data: {
          receiptId: uuid(RECEIPT_ID),
          poId: uuid('c4a1e7b2-5d3f-4e68-9a0b-1d2e3f4a5b6c'),
          poNumber: string('PO-0001'),
          projectId: uuid('e5b2f8c3-6e4a-4f79-8b1c-2e3f4a5b6c7d'),
          boqId: uuid('f6c3a9d4-7f5b-4a8a-9c2d-3f4a5b6c7d8e'),
          indentId: uuid('a7d4b0e5-8a6c-4b9b-8d3e-4a5b6c7d8e9f'),
          invoiceNumber: string('INV/26-27/0042'),
          receivedAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-21T09:30:00.000Z'),
          receivedBy: like({ _id: uuid('b8e5c1f6-9b7d-4cac-9e4f-5b6c7d8e9fa0'), name: 'Sandeep Patil' }),
          lines: eachLike({ itemId: uuid(ITEM_ID), quantity: decimal(12.5), unit: string('bags') }),
        },
      },
      async (envelope: EventEnvelope<ReceiptRecordedData>) => {
        // The BOQ's id is the one this test's service gave it; everything else is the message as sent.
        await publish({ ...envelope, data: { ...envelope.data, boqId: boq._id } });
        // Delivery is asynchronous on either bus: the consumption shows once the consumer has run.
        await expect
          .poll(
            async () =>
              ((await h.call('admin', 'GET', `/boq/${boq._id}`)).json() as Boq).items.map((l) => [
                l.itemId,
                l.consumedQuantity,
              ]),
            { timeout: 10_000 },
          )
          .toEqual([[ITEM_ID, 12.5]]);
      },
    );
  });
});
