/**
 * Message contract of the indent service's erp.indent.approved.v1 as the PO service consumes it
 * (verified by the indent service as 'indent-service-events', the repository's name for a service's
 * messages). The message is published on the harness's bus as the indent service's relay would, so
 * it goes through the kit's schema check and inbox into the real consumer, and the test asserts
 * what a caller of GET /po and GET /po/{id} then sees.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, pdfToText, receiveEvent } from '@erp/service-kit/testing';
import type { PoListResponse, PurchaseOrder } from '@erp/contracts';
import { startPo } from './helpers.js';

const { uuid, datetime, string, number, like, eachLike } = MatchersV3;

// Fixed example ids, so the pact file is the same on every run.
const INDENT_ID = '8a3c5e7f-9b1d-4f2a-8c4e-6d8f0a2b4c6e';
const VENDOR_ID = '9b4d6f8a-0c2e-4a3b-9d5f-7e9a1b3c5d7f';
const ITEM_ID = 'a05e7a9b-1d3f-4b4c-8e6a-8f0b2c4d6e8a';

const h = harnessForFile(startPo);

describe('PO service consuming erp.indent.approved.v1', () => {
  it('makes a purchase order for each vendor of the approval, at the approved prices with the vendor’s fleet', async () => {
    await receiveEvent(
      {
        consumer: 'po-service',
        provider: 'indent-service-events',
        state: 'an indent awaiting approval with a vendor chosen for each line',
        description: 'an indent approved event',
        subject: 'erp.indent.approved.v1',
        id: 'b16f8b0c-2e4a-4c5d-9f7b-9a1c3d5e7f9b',
        occurredAt: '2026-11-25T10:00:00.000Z',
        data: {
          indentId: uuid(INDENT_ID),
          indentNumber: string('IND-000001'),
          title: string('Tower B slab'),
          project: like({
            _id: uuid('c2709c1d-3f5b-4d6e-8a8c-0b2d4e6f8a0c'),
            name: 'Riverside Heights',
            projectCode: 'PRJ-0012',
            location: 'Kharadi, Pune 411014',
          }),
          // The indent's Site/Location: with the project's location, the printed PO's delivery address.
          location: string('Tower B, floors 3-4'),
          boq: like({
            _id: uuid('d381ad2e-4a6c-4e7f-9b9d-1c3e5f7a9b1d'),
            boqId: 'BOQ-0003',
            name: 'Civil works',
          }),
          createdBy: like({ _id: uuid('e492be3f-5b7d-4f8a-8cae-2d4f6a8b0c2e'), name: 'Sandeep Patil' }),
          approvedBy: like({ _id: uuid('f5a3cf4a-6c8e-4a9b-9dbf-3e5a7b9c1d3f'), name: 'Demo Admin' }),
          approvedAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-25T09:30:00.000Z'),
          vendors: eachLike({
            vendorId: uuid(VENDOR_ID),
            vendorName: string('Deccan Steel Suppliers'),
            // 0 and 0 when the fleet is free or not set.
            fleet: like({ amount: number(1500.5), gst: number(270.09) }),
            lines: eachLike({
              itemId: uuid(ITEM_ID),
              itemName: string('TMT steel bar 12 mm'),
              unit: string('kg'),
              quantity: number(2500.5),
              price: number(62.5),
              gst: number(11.25),
            }),
          }),
        },
      },
      async (envelope) => {
        await h.bus.publish(envelope);
        await h.settle();
        // Delivery is asynchronous on either bus: the PO shows once the consumer has run.
        await expect
          .poll(
            async () =>
              ((await h.get('admin', `/po?indentId=${INDENT_ID}`)).json() as PoListResponse).totalItems,
            { timeout: 10_000 },
          )
          .toBe(1);
        const page = (await h.get('admin', `/po?indentId=${INDENT_ID}`)).json() as PoListResponse;
        // 2500.5 x (62.50 + 11.25) = 18,441,187.5 p → 18,441,188 p; + fleet 150,050 p + GST 27,009 p.
        expect(page.result.map((p) => [p.poNumber, p.vendor, p.status, p.amount, p.fleet])).toEqual([
          [
            'PO-000001',
            { _id: VENDOR_ID, name: 'Deccan Steel Suppliers' },
            'Open',
            186182.47,
            { amount: 1500.5, gst: 270.09 },
          ],
        ]);
        const po = (await h.get('admin', `/po/${page.result[0]!._id}`)).json() as PurchaseOrder;
        expect(
          po.items.map((l) => [l.itemId, l.item.name, l.item.unit, l.quantity, l.price, l.gst, l.totalPrice]),
        ).toEqual([[ITEM_ID, 'TMT steel bar 12 mm', 'kg', 2500.5, 62.5, 11.25, 184411.88]]);
        expect(po).toMatchObject({
          indentId: { _id: INDENT_ID, indentId: 'IND-000001', title: 'Tower B slab' },
          approvedBy: { name: 'Demo Admin' },
        });
        const printed = await pdfToText((await h.get('admin', `/po/${po._id}/pdf`)).rawPayload);
        expect(printed).toContain('Tower B, floors 3-4');
        expect(printed).toContain('Kharadi, Pune 411014');
      },
    );
  });
});
