/**
 * Message contracts of what the indent service keeps of other services: the catalog's items with
 * their vendor prices, the vendors service's vendors, and the projects service's projects (their
 * location goes into approvals), BOQs and their consumption (each producer verifies its pact in its
 * events provider test). Each message is published on the harness's bus as its producer would,
 * through the kit's schema check and inbox into the real consumer, and the test asserts what a
 * caller then sees.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import type { EventEnvelope, Indent, IndentCompare } from '@erp/contracts';
import { startIndent } from './helpers.js';

const { uuid, integer, string, number, eachLike } = MatchersV3;

// Fixed example ids, so the pact files are the same on every run.
const ITEM_ID = '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const VENDOR_ID = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const PROJECT_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const occurredAt = '2026-11-25T10:00:00.000Z';

const h = harnessForFile(startIndent);

async function publish(envelope: EventEnvelope): Promise<void> {
  await h.bus.publish(envelope);
  await h.settle();
}

describe('indent service consuming the catalog’s, vendors’ and projects’ events', () => {
  it('offers an item’s vendor price from the catalog’s announcement, once the vendor is known as active', async () => {
    const indent = await h.create({ items: [{ item: h.world.items[3]!.itemId, quantity: 5 }] });
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'vendors-service-events',
        state: 'a vendor was created',
        description: 'a vendor updated event',
        subject: 'erp.vendors.vendor_updated.v1',
        id: '7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
        occurredAt,
        data: {
          vendorId: uuid(VENDOR_ID),
          displayId: string('VEN-0007'),
          name: string('Konkan Cement Depot'),
          status: string('active'),
          version: integer(1),
        },
      },
      async (envelope) => publish(envelope),
    );
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'catalog-service-events',
        state: 'an item was priced by a vendor',
        description: 'an item upserted event with its vendor prices',
        subject: 'erp.catalog.item_upserted.v1',
        id: '6d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
        occurredAt,
        data: {
          itemId: uuid(ITEM_ID),
          name: string('Wall putty'),
          unit: string('bags'),
          status: string('active'),
          version: integer(3),
          prices: eachLike({
            vendorId: uuid(VENDOR_ID),
            price: number(760.5),
            gst: number(136.89),
            status: string('active'),
          }),
        },
      },
      async (envelope: EventEnvelope<{ itemId: string }>) => {
        // The item is the one this test's indent names; the rest is the message as sent.
        await publish({
          ...envelope,
          data: { ...envelope.data, itemId: h.world.items[3]!.itemId, version: 50 },
        });
        const c = (await h.call('purchaser', 'GET', `/indent/compare/${indent._id}`)).json() as IndentCompare;
        expect(
          c.items[0]!.vendors.map((v) => [
            v.vendorId,
            v.vendorName,
            v.price,
            v.gst,
            v.totalPrice,
            v.isLowest,
          ]),
        ).toEqual([[VENDOR_ID, 'Konkan Cement Depot', 760.5, 136.89, 897.39, true]]);
      },
    );
  });

  it('announces a project’s location, as the projects service sends it, in the approvals of its indents', async () => {
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'projects-service-events',
        state: 'a project was created with its location',
        description: 'a project upserted event',
        subject: 'erp.projects.project_upserted.v1',
        id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
        occurredAt,
        data: {
          projectId: uuid(PROJECT_ID),
          projectCode: string('PRJ-0042'),
          name: string('Skyline Residency, Pune'),
          status: string('inProgress'),
          location: string('Survey 112, Baner-Pashan Link Road, Baner, Pune 411045'),
          version: integer(2),
        },
      },
      async (envelope: EventEnvelope<{ projectId: string }>) => {
        // The project is this test's; a version above the harness's own announcement.
        await publish({ ...envelope, data: { ...envelope.data, projectId: h.world.projectId, version: 60 } });
        const indent = await h.create();
        const c = await h.compare(indent._id);
        const items = c.items.map((l) => ({
          itemId: l.itemId,
          selectedVendor: l.vendors.find((v) => v.isLowest)!.vendorId,
        }));
        expect(
          (await h.call('purchaser', 'POST', `/indent/compare/${c._id}`, { status: 'approval', items }))
            .statusCode,
        ).toBe(200);
        const review = await h.compare(c._id, 'admin');
        const approval = {
          status: 'approved',
          items: review.items.map((l) => ({
            itemId: l.itemId,
            selectedVendor: l.selectedVendor,
            price: l.vendors.find((v) => v.vendorId === l.selectedVendor)!.price,
          })),
        };
        expect((await h.call('admin', 'POST', `/indent/approval/${c._id}`, approval)).statusCode).toBe(200);
        const r = await h.db.query<{ envelope: EventEnvelope<{ project: unknown }> }>(
          "SELECT envelope FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' AND envelope->'data'->>'indentId' = $1",
          [c._id],
        );
        expect(r.rows[0]!.envelope.data.project).toEqual({
          _id: h.world.projectId,
          name: 'Skyline Residency, Pune',
          projectCode: 'PRJ-0042',
          location: 'Survey 112, Baner-Pashan Link Road, Baner, Pune 411045',
        });
      },
    );
  });

  it('measures lines against a BOQ as announced, and against its consumption', async () => {
    const boqId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'projects-service-events',
        state: 'a BOQ was confirmed',
        description: 'a BOQ upserted event',
        subject: 'erp.projects.boq_upserted.v1',
        id: '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c',
        occurredAt,
        data: {
          boqId: uuid(boqId),
          boqNumber: string('BOQ-0042'),
          revision: integer(1),
          projectId: uuid(PROJECT_ID),
          name: string('Civil and structural works, Tower B'),
          status: string('confirmed'),
          lines: eachLike({
            itemId: uuid(ITEM_ID),
            name: string('Cement OPC 53'),
            unit: string('bags'),
            plannedQty: number(120.5),
          }),
          version: integer(2),
        },
      },
      async (envelope: EventEnvelope<{ projectId: string; lines: Array<{ itemId: string }> }>) => {
        await publish({
          ...envelope,
          data: {
            ...envelope.data,
            projectId: h.world.projectId,
            lines: envelope.data.lines.map((l) => ({ ...l, itemId: h.world.items[0]!.itemId })),
          },
        });
      },
    );
    const indent = await h.create({ boqId, items: [{ item: h.world.items[0]!.itemId, quantity: 150 }] });
    expect(indent.boqId).toEqual({
      _id: boqId,
      boqId: 'BOQ-0042',
      name: 'Civil and structural works, Tower B',
    });
    expect(indent.items[0]).toMatchObject({
      boq: { plannedQty: 120.5, balanceQuantity: 120.5 },
      overBoq: 29.5,
    });
    await receiveEvent(
      {
        consumer: 'indent-service',
        provider: 'projects-service-events',
        state: 'goods were received against a BOQ',
        description: 'a BOQ consumed event',
        subject: 'erp.projects.boq_consumed.v1',
        id: '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d',
        occurredAt,
        data: {
          boqNumber: string('BOQ-0042'),
          projectId: uuid(PROJECT_ID),
          lines: eachLike({ itemId: uuid(ITEM_ID), consumedQty: number(20.25) }),
        },
      },
      async (envelope: EventEnvelope<{ lines: Array<{ itemId: string }> }>) => {
        await publish({
          ...envelope,
          data: {
            ...envelope.data,
            projectId: h.world.projectId,
            lines: envelope.data.lines.map((l) => ({ ...l, itemId: h.world.items[0]!.itemId })),
          },
        });
        const after = (await h.call('employee', 'GET', `/indent/${indent._id}`)).json() as Indent;
        expect(after.items[0]).toMatchObject({
          boq: { plannedQty: 120.5, balanceQuantity: 100.25 },
          overBoq: 49.75,
        });
      },
    );
  });
});
