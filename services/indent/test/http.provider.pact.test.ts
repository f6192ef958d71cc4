/** Provider side of every HTTP pact naming indent-service (mfe-indent, and any consumer added later). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, verifyHttpPacts } from '@erp/service-kit/testing';
import {
  BoqConsumed,
  BoqUpserted,
  fromPaise,
  ItemUpserted,
  PoCreated,
  ProjectUpserted,
  toHundredths,
  VendorUpdated,
  type EventEnvelope,
  type IndentStatus,
} from '@erp/contracts';
import { buildEnvelope, type Queryable } from '@erp/service-kit';
import { indentRepository } from '../src/app.js';
import { optionsFor } from '../src/repositories/options.js';
import { approve } from '../src/events/indent-approved.js';
import { saveSelections, type Choice } from '../src/repositories/selections.js';
import { startIndent, type IndentHarness, type Who } from './helpers.js';

// The ids the pacts use: PRJ-0001 'Skyline Residency, Pune', its confirmed BOQ-0001, 'Cement OPC 53'
// (a line of that BOQ) priced by two vendors, and one indent in each stage.
const PROJECT = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const BOQ = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const CEMENT = '00000000-0000-4000-8000-000000000001';
const VENDOR_LOW = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const VENDOR_HIGH = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';
const DRAFT = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const APPROVED = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const COMPARE = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const APPROVAL = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
/** The purchase order the PO service made from the approved indent. */
const PO = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const PURCHASER_REASON = 'Delivers with the steel on the same truck';

const indents = indentRepository('indent');
let h: IndentHarness;
let base = '';
beforeAll(async () => {
  h = await startIndent();
  base = await listenLocally(h.app);
});
afterAll(async () => h?.close());

async function publish(...envelopes: EventEnvelope[]): Promise<void> {
  for (const e of envelopes) await h.bus.publish(e);
  await h.settle();
}

/**
 * What the other services announce, with the pacts' ids: the project (projects), its confirmed BOQ
 * with a line of cement, 14800.5 bags planned and 120.5 received (projects), the cement with its two
 * active prices (catalog): VENDOR_LOW ₹380.25 + ₹68.45 GST the lowest, VENDOR_HIGH ₹395 + ₹71.10,
 * and both vendors, active (vendors). Always the same versions: announcing again changes nothing.
 */
async function announced(): Promise<void> {
  await publish(
    buildEnvelope('projects', ProjectUpserted, {
      projectId: PROJECT,
      projectCode: 'PRJ-0001',
      name: 'Skyline Residency, Pune',
      status: 'inProgress',
      version: 1,
    }),
    buildEnvelope('vendors', VendorUpdated, {
      vendorId: VENDOR_LOW,
      displayId: 'VEN-0001',
      name: 'Shree Ganesh Cement Traders',
      status: 'active',
      version: 1,
    }),
    buildEnvelope('vendors', VendorUpdated, {
      vendorId: VENDOR_HIGH,
      displayId: 'VEN-0002',
      name: 'Ambuja Dealers, Hadapsar',
      status: 'active',
      version: 1,
    }),
    buildEnvelope('catalog', ItemUpserted, {
      itemId: CEMENT,
      name: 'Cement OPC 53',
      unit: 'bags',
      status: 'active',
      version: 1,
      prices: [
        { vendorId: VENDOR_LOW, price: 380.25, gst: 68.45, status: 'active' },
        { vendorId: VENDOR_HIGH, price: 395, gst: 71.1, status: 'active' },
      ],
    }),
    buildEnvelope('projects', BoqUpserted, {
      boqId: BOQ,
      boqNumber: 'BOQ-0001',
      revision: 1,
      projectId: PROJECT,
      name: 'Civil and structural works, Tower A',
      status: 'confirmed',
      lines: [{ itemId: CEMENT, name: 'Cement OPC 53', unit: 'bags', plannedQty: 14800.5 }],
      version: 1,
    }),
    buildEnvelope('projects', BoqConsumed, {
      boqNumber: 'BOQ-0001',
      projectId: PROJECT,
      lines: [{ itemId: CEMENT, consumedQty: 120.5 }],
    }),
  );
}

/** No indents and no POs; numbering starts again at IND-000001 and the kept counts are empty. */
async function noIndents(): Promise<void> {
  await h.db.transaction(async (tx) => {
    await tx.query('DELETE FROM indent.indents');
    await tx.query('DELETE FROM indent.indent_pos');
    await tx.query('DELETE FROM indent.indent_counts');
    await tx.query('UPDATE indent.indent_numbers SET last = 0');
  });
}

/** The announced data, no indents (what every state starts from). */
async function fresh(): Promise<void> {
  await announced();
  await noIndents();
}

interface Raise {
  title: string;
  location: string;
  notes?: string;
  neededBy: string;
  quantity: number;
  remark?: string;
  status: 'draft' | 'compare';
  by: Who;
}

/** An indent of PRJ-0001 on BOQ-0001 with one line of cement, raised as the form does (version 1). */
async function raise(tx: Queryable, id: string, r: Raise): Promise<void> {
  const actor = h.actor(r.by);
  await indents.insert(
    tx,
    id,
    await indents.nextNumber(tx),
    {
      title: r.title,
      projectId: PROJECT,
      boqId: BOQ,
      location: r.location,
      neededBy: r.neededBy,
      notes: r.notes ?? '',
    },
    r.status,
    actor,
  );
  await indents.replaceLines(tx, id, [
    {
      itemId: CEMENT,
      itemName: 'Cement OPC 53',
      unit: 'bags',
      quantity: toHundredths(r.quantity),
      remark: r.remark ?? '',
    },
  ]);
  await indents.refreshSearch(tx, { id });
  await indents.history(tx, id, actor, null, r.status);
}

/** The purchaser's choice of `vendorId` for the cement, sent for approval (the indent stays at its version). */
async function sentForApproval(tx: Queryable, id: string, vendorId: string, reason: string): Promise<Choice> {
  const purchaser = h.actor('purchaser');
  const lines = await indents.lines(tx, id);
  const o = (await optionsFor(tx, 'indent', [CEMENT])).get(CEMENT)!.find((x) => x.vendorId === vendorId)!;
  const choice: Choice = {
    vendorId,
    vendorName: o.vendorName,
    reason,
    pricePaise: o.pricePaise,
    gstPaise: o.gstPaise,
  };
  await saveSelections(tx, 'indent', id, indents, lines, new Map([[CEMENT, choice]]));
  await tx.query(
    `UPDATE indent.indents SET status = 'approval', submitted_by = $2, submitted_by_name = $3, submitted_at = now() WHERE id = $1`,
    [id, purchaser.id, purchaser.name],
  );
  await indents.history(tx, id, purchaser, 'compare', 'approval');
  return choice;
}

/** Draft DRAFT: 120.5 bags, raised and saved by the Admin (whom the requests run as), never sent on. */
async function draft(changed = false): Promise<void> {
  await h.db.transaction(async (tx) => {
    const head = {
      title: 'Cement and steel for slab 4',
      location: 'Tower A, level 4',
      neededBy: '2026-12-01',
      notes: '',
    };
    await raise(tx, DRAFT, { ...head, quantity: 120.5, status: 'draft', by: 'admin' });
    // Saved once more (PUT /indent/{id} as a draft): now at version 2.
    if (changed)
      await indents.updateHead(
        tx,
        DRAFT,
        { ...head, projectId: PROJECT, boqId: BOQ, notes: 'Deliver before 10 am' },
        'draft',
        h.actor('admin'),
      );
  });
}

/** COMPARE: raised by the site engineer and sent for comparison, version 1, no vendor chosen yet. */
async function waitingForComparison(): Promise<void> {
  await h.db.transaction((tx) =>
    raise(tx, COMPARE, {
      title: 'Cement for slab casting, floor 11',
      location: 'Tower A, floor 11',
      notes: 'Pump booked',
      neededBy: '2026-12-09',
      quantity: 120.5,
      status: 'compare',
      by: 'employee',
    }),
  );
}

/** APPROVAL: raised by the site engineer; the purchaser chose VENDOR_HIGH (not the lowest) with a reason and sent it for approval; version 1. */
async function waitingForApproval(): Promise<void> {
  await h.db.transaction(async (tx) => {
    await raise(tx, APPROVAL, {
      title: 'Slab casting, floor 11',
      location: 'Tower A, floor 11',
      neededBy: '2026-12-09',
      quantity: 120.5,
      status: 'compare',
      by: 'employee',
    });
    await sentForApproval(tx, APPROVAL, VENDOR_HIGH, PURCHASER_REASON);
  });
}

/**
 * APPROVED: raised as a draft by the site engineer and sent for comparison, VENDOR_LOW chosen (the
 * lowest) and sent for approval by the purchaser, approved by the Admin with the price locked; the PO
 * service's erp.po.created.v1 for it (PO-000001) arrived.
 */
async function approvedWithPo(): Promise<void> {
  const employee = h.actor('employee');
  const admin = h.actor('admin');
  const ctx = h.runtimes[0]!.ctx;
  const { indent, totalPaise, choice } = await h.db.transaction(async (tx) => {
    const head = {
      title: 'Cement for the floor 7 columns',
      location: 'Tower A, floor 7',
      neededBy: '2026-11-30',
      notes: '',
    };
    await raise(tx, APPROVED, { ...head, quantity: 120.5, status: 'draft', by: 'employee' });
    await indents.updateHead(tx, APPROVED, { ...head, projectId: PROJECT, boqId: BOQ }, 'compare', employee);
    await indents.history(tx, APPROVED, employee, 'draft', 'compare');
    const choice = await sentForApproval(tx, APPROVED, VENDOR_LOW, 'Lowest price selected');
    const [line] = await indents.lines(tx, APPROVED);
    const done = await approve(
      tx,
      ctx,
      indents,
      APPROVED,
      [
        {
          line: line!,
          vendorId: choice.vendorId,
          vendorName: choice.vendorName,
          pricePaise: choice.pricePaise,
          gstPaise: choice.gstPaise,
          approverReason: '',
        },
      ],
      admin,
    );
    return { ...done, choice };
  });
  await publish(
    buildEnvelope('po', PoCreated, {
      poId: PO,
      poNumber: 'PO-000001',
      indentId: APPROVED,
      indentNumber: indent.indentId,
      projectId: PROJECT,
      boqId: BOQ,
      vendorId: choice.vendorId,
      vendorName: choice.vendorName,
      status: 'Open',
      orderDate: indent.updatedAt,
      itemCount: 1,
      amount: fromPaise(totalPaise),
      fleet: { amount: 0, gst: 0 },
      lines: [
        {
          itemId: CEMENT,
          itemName: 'Cement OPC 53',
          unit: 'bags',
          quantity: 120.5,
          price: fromPaise(choice.pricePaise),
          gst: fromPaise(choice.gstPaise),
        },
      ],
      approvedBy: { _id: admin.id, name: admin.name },
    }),
  );
}

/** The fingerprint of the indent's vendor options as GET /indent/compare/{id} answers it (the requests that send it get it injected). */
async function pricesVersion(id: string): Promise<{ pricesVersion: string }> {
  const res = await h.call('admin', 'GET', `/indent/compare/${id}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { pricesVersion: res.json().pricesVersion as string };
}

/** One indent in each stage: the draft, COMPARE (its title names cement), APPROVAL and APPROVED with its PO. */
async function demoIndents(): Promise<void> {
  await fresh();
  await approvedWithPo();
  await waitingForApproval();
  await waitingForComparison();
  await draft();
  const n = await h.db.query<{ status: IndentStatus }>('SELECT DISTINCT status FROM indent.indents');
  expect(n.rows).toHaveLength(4);
}

describe('indent service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    await verifyHttpPacts({
      provider: 'indent-service',
      baseUrl: base,
      // The gateway strips /api/v1; the consumer's token is replaced by a real Admin session (an
      // Admin may also choose vendors, which the service otherwise allows only a Purchaser).
      authorization: () => h.people.admin.headers.authorization,
      stateHandlers: {
        'the demo indents exist': demoIndents,
        [`draft indent ${DRAFT} exists`]: async () => {
          await fresh();
          await draft();
        },
        [`draft indent ${DRAFT} was changed after version 1`]: async () => {
          await fresh();
          await draft(true);
        },
        [`approved indent ${APPROVED} with its purchase orders exists`]: async () => {
          await fresh();
          await approvedWithPo();
        },
        [`confirmed BOQ ${BOQ} of project ${PROJECT} with item ${CEMENT} exists`]: fresh,
        [`indent ${COMPARE} waits for comparison`]: async () => {
          await fresh();
          await waitingForComparison();
          return pricesVersion(COMPARE);
        },
        [`indent ${APPROVAL} waits for approval`]: async () => {
          await fresh();
          await waitingForApproval();
          return pricesVersion(APPROVAL);
        },
      },
    });
  });
});
