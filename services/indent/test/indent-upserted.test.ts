import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import type { IndentCompare, IndentUpsertedData } from '@erp/contracts';
import { startIndent } from './helpers.js';

const h = harnessForFile(startIndent);

/** The erp.indent.upserted.v1 events in the outbox for an indent, oldest first. */
async function upserted(indentId: string): Promise<IndentUpsertedData[]> {
  const r = await h.db.query<{ envelope: { data: IndentUpsertedData } }>(
    "SELECT envelope FROM indent.outbox WHERE subject = 'erp.indent.upserted.v1' AND envelope->'data'->>'indentId' = $1 ORDER BY seq",
    [indentId],
  );
  return r.rows.map((x) => x.envelope.data);
}

const brief = (d: IndentUpsertedData) => [d.boqId, d.status, d.version];

describe('erp.indent.upserted.v1', () => {
  it('is written with every create, edit, selection save, send-back and approval, carrying the BOQ, stage and version', async () => {
    const { world } = h;
    const draft = await h.create({ status: 'draft' });
    expect(await upserted(draft._id)).toEqual([
      {
        indentId: draft._id,
        indentNumber: draft.indentId,
        projectId: world.projectId,
        boqId: world.boqId,
        status: 'draft',
        version: 1,
      },
    ]);
    // Sent for comparison from the draft form.
    const sent = await h.call('employee', 'PUT', `/indent/${draft._id}`, {
      ...newForm(),
      status: 'compare',
      version: 1,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const c = await h.compare(draft._id);
    const choose = (status: 'compare' | 'approval', v: IndentCompare) =>
      h.call('purchaser', 'POST', `/indent/compare/${draft._id}`, {
        items: v.items.map((l) => ({ itemId: l.itemId, selectedVendor: l.vendors[0]!.vendorId })),
        status,
        pricesVersion: v.pricesVersion,
        version: v.version,
      });
    expect((await choose('compare', c)).statusCode).toBe(200);
    expect((await choose('approval', await h.compare(draft._id))).statusCode).toBe(200);
    const current = (await h.call('admin', 'GET', `/indent/${draft._id}`)).json().version as number;
    const back = await h.call('admin', 'POST', `/indent/rework/${draft._id}`, {
      comment: 'Check the sand quantity',
      version: current,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await upserted(draft._id)).map(brief)).toEqual([
      [world.boqId, 'draft', 1],
      [world.boqId, 'compare', 2],
      [world.boqId, 'compare', 3],
      [world.boqId, 'approval', 4],
      [world.boqId, 'draft', 5],
    ]);
  });

  it('is written with the approval, in its transaction, after erp.indent.approved.v1', async () => {
    const indent = await h.create();
    const c = await h.compare(indent._id);
    const sent = await h.call('purchaser', 'POST', `/indent/compare/${indent._id}`, {
      items: c.items.map((l) => ({ itemId: l.itemId, selectedVendor: l.vendors[0]!.vendorId })),
      status: 'approval',
      pricesVersion: c.pricesVersion,
      version: c.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const review = await h.compare(indent._id, 'admin');
    const approved = await h.call('admin', 'POST', `/indent/approval/${indent._id}`, {
      status: 'approved',
      pricesVersion: review.pricesVersion,
      version: review.version,
      items: review.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.selectedVendor!,
        price: l.vendors.find((v) => v.vendorId === l.selectedVendor)!.price,
        reasonForSelection: '',
      })),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await upserted(indent._id)).map(brief)).toEqual([
      [h.world.boqId, 'compare', 1],
      [h.world.boqId, 'approval', 2],
      [h.world.boqId, 'approved', 3],
    ]);
    const order = await h.db.query<{ subject: string }>(
      "SELECT subject FROM indent.outbox WHERE envelope->'data'->>'indentId' = $1 AND subject IN ('erp.indent.approved.v1', 'erp.indent.upserted.v1') ORDER BY seq DESC LIMIT 2",
      [indent._id],
    );
    expect(order.rows.map((r) => r.subject)).toEqual(['erp.indent.upserted.v1', 'erp.indent.approved.v1']);
  });

  it('is not written for a change that was refused', async () => {
    const indent = await h.create();
    const refused = await h.call('employee', 'PUT', `/indent/${indent._id}`, {
      ...newForm(),
      status: 'compare',
      version: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect((await upserted(indent._id)).map(brief)).toEqual([[h.world.boqId, 'compare', 1]]);
  });
});

function newForm() {
  const { world } = h;
  return {
    title: 'Slab casting, floor 12',
    projectId: world.projectId,
    boqId: world.boqId,
    items: [{ item: world.items[0]!.itemId, quantity: 10 }],
  };
}
