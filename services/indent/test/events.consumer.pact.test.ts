/**
 * Message contracts of the PO service's erp.po.created.v1 as the indent service consumes it (the PO
 * service verifies it in its events provider test): the PO shows on its indent. The message is
 * published on the harness's bus as the PO service would, through the kit's schema check and inbox
 * into the real consumer, and the test asserts what a caller of GET /indent/{id} then sees.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import {
  PoCreated,
  type EventEnvelope,
  type Indent,
  type PoCreatedData,
  type PoStatusChangedData,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { startIndent } from './helpers.js';

const { uuid, integer, datetime, string, number, like, eachLike, regex } = MatchersV3;

const h = harnessForFile(startIndent);

describe('indent service consuming erp.po.created.v1', () => {
  it('lists the generated PO on its indent', async () => {
    const indent = await h.create();
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'po-service-events',
        state: 'an indent was approved with a vendor chosen for its lines',
        description: 'a purchase order created event',
        subject: 'erp.po.created.v1',
        id: '0c5d7e9f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
        occurredAt: '2026-11-25T10:00:00.000Z',
        data: {
          poId: uuid('1d6e8f0a-2b3c-4d4e-9f5a-6b7c8d9e0f1a'),
          poNumber: string('PO-000001'),
          indentId: uuid('2e7f9a1b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
          indentNumber: string('IND-000001'),
          projectId: uuid('3f8a0b2c-4d5e-4f6a-9b7c-8d9e0f1a2b3c'),
          boqId: uuid('4a9b1c3d-5e6f-4a7b-8c8d-9e0f1a2b3c4d'),
          vendorId: uuid('5b0c2d4e-6f7a-4b8c-9d9e-0f1a2b3c4d5e'),
          vendorName: string('Deccan Steel Suppliers'),
          status: string('Open'),
          orderDate: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-25T10:00:00.000Z'),
          itemCount: integer(2),
          amount: number(234882.58),
          fleet: like({ amount: number(1500), gst: number(270) }),
          lines: eachLike({
            itemId: uuid('6c1d3e5f-7a8b-4c9d-8e0f-1a2b3c4d5e6f'),
            itemName: string('TMT steel bar 12 mm'),
            unit: string('kg'),
            quantity: number(2500.5),
            price: number(62),
            gst: number(11.16),
          }),
          approvedBy: like({ _id: uuid('7d2e4f6a-8b9c-4dae-9f1a-2b3c4d5e6f7a'), name: 'Demo Admin' }),
        },
      },
      async (envelope: EventEnvelope<PoCreatedData>) => {
        // The indent's id is the one this test's service gave it; everything else is the message as sent.
        await h.bus.publish({ ...envelope, data: { ...envelope.data, indentId: indent._id } });
        await h.settle();
        await expect
          .poll(
            async () =>
              ((await h.call('employee', 'GET', `/indent/${indent._id}`)).json() as Indent).pos.map((p) => [
                p.poNumber,
                p.vendor,
                p.items,
                p.amount,
                p.status,
              ]),
            {
              timeout: 10_000,
            },
          )
          .toEqual([['PO-000001', 'Deccan Steel Suppliers', 2, 234882.58, 'Open']]);
      },
    );
  });
});

describe('indent service consuming erp.po.status_changed.v1', () => {
  it('shows the PO’s new status on its indent (Receive while open or partial, History once closed)', async () => {
    const indent = await h.create();
    const poId = '8e3f5a7b-9c0d-4ebf-8a2b-3c4d5e6f7a8b';
    await h.bus.publish(
      buildEnvelope('po', PoCreated, {
        poId,
        poNumber: 'PO-000007',
        indentId: indent._id,
        indentNumber: indent.indentId,
        projectId: indent.projectId._id,
        boqId: indent.boqId._id,
        vendorId: '5b0c2d4e-6f7a-4b8c-9d9e-0f1a2b3c4d5e',
        vendorName: 'Deccan Steel Suppliers',
        status: 'Open',
        orderDate: '2026-11-25T10:00:00.000Z',
        itemCount: 1,
        amount: 1000,
        fleet: { amount: 0, gst: 0 },
        lines: [],
        approvedBy: { _id: '7d2e4f6a-8b9c-4dae-9f1a-2b3c4d5e6f7a', name: 'Demo Admin' },
      }),
    );
    await h.settle();
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'po-service-events',
        state: 'goods were received against a purchase order, closing it',
        description: 'a purchase order status changed event',
        subject: 'erp.po.status_changed.v1',
        id: '9f4a6b8c-0d1e-4fc0-9b3c-4d5e6f7a8b9c',
        occurredAt: '2026-11-26T09:30:00.000Z',
        data: {
          poId: uuid(poId),
          poNumber: string('PO-000007'),
          indentId: uuid('2e7f9a1b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'),
          status: regex('^(Open|Partial|Closed)$', 'Closed'),
          version: integer(3),
        },
      },
      async (envelope: EventEnvelope<PoStatusChangedData>) => {
        await h.bus.publish({ ...envelope, data: { ...envelope.data, poId, indentId: indent._id } });
        await h.settle();
        await expect
          .poll(
            async () =>
              ((await h.call('employee', 'GET', `/indent/${indent._id}`)).json() as Indent).pos.map((p) => [
                p.poNumber,
                p.status,
              ]),
            { timeout: 10_000 },
          )
          .toEqual([['PO-000007', 'Closed']]);
      },
    );
  });
});
