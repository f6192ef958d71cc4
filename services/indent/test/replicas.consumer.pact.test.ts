/**
 * Message contracts of what the indent service keeps of other services: the catalog's items with
 * their vendor prices, the vendors service's vendors, and the projects service's projects (their
 * location goes into approvals), BOQs and their consumption (each producer verifies its pact in its
 * events provider test). Each message is published on the harness's bus as its producer would,
 * through the kit's schema check and inbox into the real consumer, and the test asserts what a
 * caller then sees.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { EventEnvelope, Indent, IndentCompare } from '@erp/contracts';
import { startIndent, type IndentHarness } from './helpers.js';

const { uuid, integer, datetime, string, number, eachLike } = MatchersV3;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
const catalog = new PactV4({
  consumer: 'indent-service',
  provider: 'catalog-service-events',
  dir,
  logLevel: 'warn',
});
const vendors = new PactV4({
  consumer: 'indent-service',
  provider: 'vendors-service-events',
  dir,
  logLevel: 'warn',
});
const projects = new PactV4({
  consumer: 'indent-service',
  provider: 'projects-service-events',
  dir,
  logLevel: 'warn',
});

// Fixed example ids, so the pact files are the same on every run.
const ITEM_ID = '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const VENDOR_ID = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const PROJECT_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const occurredAt = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-25T10:00:00.000Z');

let h: IndentHarness;
beforeAll(async () => {
  h = await startIndent();
});
afterAll(async () => h?.close());

async function publish(envelope: EventEnvelope): Promise<void> {
  await h.bus.publish(envelope);
  await h.settle();
}

describe('indent service consuming the catalog’s, vendors’ and projects’ events', () => {
  it('offers an item’s vendor price from the catalog’s announcement, once the vendor is known as active', async () => {
    const indent = await h.create({ items: [{ item: h.world.items[3]!.itemId, quantity: 5 }] });
    await vendors
      .addAsynchronousInteraction()
      .given('a vendor was created')
      .expectsToReceive('a vendor updated event', (b) => {
        b.withJSONContent({
          id: uuid('7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f'),
          subject: 'erp.vendors.vendor_updated.v1',
          occurredAt,
          source: 'vendors',
          data: {
            vendorId: uuid(VENDOR_ID),
            displayId: string('VEN-0007'),
            name: string('Konkan Cement Depot'),
            status: string('active'),
            version: integer(1),
          },
        });
      })
      .executeTest(async (message) => publish(message.contents.content as EventEnvelope));
    await catalog
      .addAsynchronousInteraction()
      .given('an item was priced by a vendor')
      .expectsToReceive('an item upserted event with its vendor prices', (b) => {
        b.withJSONContent({
          id: uuid('6d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a'),
          subject: 'erp.catalog.item_upserted.v1',
          occurredAt,
          source: 'catalog',
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
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope<{ itemId: string }>;
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
      });
  });

  it('announces a project’s location, as the projects service sends it, in the approvals of its indents', async () => {
    await projects
      .addAsynchronousInteraction()
      .given('a project was created with its location')
      .expectsToReceive('a project upserted event', (b) => {
        b.withJSONContent({
          id: uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
          subject: 'erp.projects.project_upserted.v1',
          occurredAt,
          source: 'projects',
          data: {
            projectId: uuid(PROJECT_ID),
            projectCode: string('PRJ-0042'),
            name: string('Skyline Residency, Pune'),
            status: string('inProgress'),
            location: string('Survey 112, Baner-Pashan Link Road, Baner, Pune 411045'),
            version: integer(2),
          },
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope<{ projectId: string }>;
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
      });
  });

  it('measures lines against a BOQ as announced, and against its consumption', async () => {
    const boqId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    await projects
      .addAsynchronousInteraction()
      .given('a BOQ was confirmed')
      .expectsToReceive('a BOQ upserted event', (b) => {
        b.withJSONContent({
          id: uuid('4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c'),
          subject: 'erp.projects.boq_upserted.v1',
          occurredAt,
          source: 'projects',
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
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope<{
          projectId: string;
          lines: Array<{ itemId: string }>;
        }>;
        await publish({
          ...envelope,
          data: {
            ...envelope.data,
            projectId: h.world.projectId,
            lines: envelope.data.lines.map((l) => ({ ...l, itemId: h.world.items[0]!.itemId })),
          },
        });
      });
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
    await projects
      .addAsynchronousInteraction()
      .given('goods were received against a BOQ')
      .expectsToReceive('a BOQ consumed event', (b) => {
        b.withJSONContent({
          id: uuid('3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d'),
          subject: 'erp.projects.boq_consumed.v1',
          occurredAt,
          source: 'projects',
          data: {
            boqNumber: string('BOQ-0042'),
            projectId: uuid(PROJECT_ID),
            lines: eachLike({ itemId: uuid(ITEM_ID), consumedQty: number(20.25) }),
          },
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope<{ lines: Array<{ itemId: string }> }>;
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
      });
  });
});
