/** Provider side of every HTTP pact naming po-service (mfe-po, and any consumer added later). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, verifyHttpPacts } from '@erp/service-kit/testing';
import { toHundredths, type IndentApprovedData } from '@erp/contracts';
import { planPurchaseOrders } from '../src/domain/plan.js';
import { recordReceipt } from '../src/routes/receipts.js';
import { purchaseOrdersRepository } from '../src/repositories/purchase-orders.js';
import { startPo, type PoHarness, type Who } from './helpers.js';

// The ids the pacts use: PRJ-0001 'Skyline Residency, Pune' with BOQ-0001, 'Cement OPC 53', a
// partly received PO with a photographed receipt, an open PO, and ids that exist nowhere.
const PROJECT = {
  _id: '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
  name: 'Skyline Residency, Pune',
  projectCode: 'PRJ-0001',
};
const BOQ = {
  _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  boqId: 'BOQ-0001',
  name: 'Civil and structural works, Tower A',
};
const CEMENT = '00000000-0000-4000-8000-000000000001';
const TMT = '00000000-0000-4000-8000-000000000002';
const VENDOR = {
  vendorId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  vendorName: 'Shree Ganesh Cement Traders',
};
const PARTIAL = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const PARTIAL_PHOTO = 'ae1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a3b';
const OPEN = '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a';
const UPLOADED_PHOTO = 'be2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
const RECORDED = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const MISSING = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
/** A small real JPEG (its first bytes are what the service recognises). */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(256, 7),
  Buffer.from([0xff, 0xd9]),
]);

const pos = purchaseOrdersRepository('po');
let h: PoHarness;
let base = '';
/** Whose session the next request carries (the state names the member). */
let caller: Who = 'admin';

beforeAll(async () => {
  h = await startPo();
  base = await listenLocally(h.app);
});
afterAll(async () => h?.close());

/** An approval of PRJ-0001's indent `n` with one vendor: 120.5 bags of cement and 250 kg of TMT bars. */
function approvalOf(n: number, vendor = VENDOR): IndentApprovedData {
  const admin = { _id: h.people.admin.memberId, name: 'Demo Admin' };
  return {
    indentId: `2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d${String(n).padStart(2, '0')}`,
    indentNumber: `IND-${String(n).padStart(6, '0')}`,
    title: 'Cement and steel for slab 4',
    project: PROJECT,
    boq: BOQ,
    createdBy: admin,
    approvedBy: admin,
    approvedAt: '2026-11-25T10:00:00.000Z',
    vendors: [
      {
        ...vendor,
        fleet: { amount: 1500, gst: 270 },
        lines: [
          {
            itemId: CEMENT,
            itemName: 'Cement OPC 53',
            unit: 'bags',
            quantity: 120.5,
            price: 380.25,
            gst: 68.45,
          },
          {
            itemId: TMT,
            itemName: 'TMT steel bar 16 mm',
            unit: 'kg',
            quantity: 250,
            price: 62.1,
            gst: 11.18,
          },
        ],
      },
    ],
  };
}

/** No POs, no photos; numbering starts again at PO-000001. */
async function noPos(): Promise<void> {
  await h.db.transaction(async (tx) => {
    await tx.query('DELETE FROM po.photos');
    await tx.query('DELETE FROM po.purchase_orders');
    await tx.query('UPDATE po.po_numbers SET last_number = 0');
  });
}

/** PO `id` (number `n`) from approval `n`, Open at version 1. */
async function po(id: string, n: number): Promise<void> {
  const data = approvalOf(n);
  const [plan] = planPurchaseOrders(data);
  await h.db.transaction(async (tx) => {
    const source = {
      eventId: crypto.randomUUID(),
      indentId: data.indentId,
      indentNumber: data.indentNumber,
      indentTitle: data.title,
      project: data.project,
      boq: data.boq,
      createdBy: data.createdBy,
      approvedBy: data.approvedBy,
      orderDate: data.approvedAt,
      deliverySite: '',
      projectLocation: '',
    };
    await tx.query('UPDATE po.po_numbers SET last_number = $1', [n - 1]);
    expect(await pos.createNumbered(tx, source, [{ id, plan: plan! }])).toEqual([
      { id, vendorId: plan!.vendorId, number: n, plan },
    ]);
  });
}

async function photo(poId: string, id: string): Promise<void> {
  await pos.insertPhoto(
    h.db,
    {
      id,
      poId,
      contentType: 'image/jpeg',
      bytes: JPEG,
      by: { id: h.people.employee.memberId, name: 'Sandeep Patil' },
    },
    h.db.kind,
  );
}

/** `bags` of cement received on PO `poId` (0.5 of them rejected when asked), as the receipt route records it. */
async function received(
  poId: string,
  bags: number,
  o: { receiptId?: string; photoId?: string; rejected?: number } = {},
): Promise<void> {
  await h.db.transaction((tx) =>
    recordReceipt(tx, h.runtimes[0]!.ctx, pos, {
      receiptId: o.receiptId ?? crypto.randomUUID(),
      poId,
      invoiceNumber: 'INV/26-27/0042',
      invoiceDate: '2026-11-20',
      invoiceAmountPaise: 921_575,
      remarks: 'Truck MH-12 AB 1234',
      photoId: o.photoId ?? null,
      lines: [
        {
          item: CEMENT,
          received: toHundredths(bags),
          rejected: toHundredths(o.rejected ?? 0),
          remarks: 'Two bags torn',
        },
      ],
      by: { id: h.people.employee.memberId, name: 'Sandeep Patil' },
      receivedAt: new Date('2026-11-25T10:00:00.000Z'),
      requestId: 'pact',
      mayAccess: () => true,
    }),
  );
}

/** A fresh PO list, then what the state describes, as `who`. */
function state(who: Who, build: () => Promise<void>) {
  return async () => {
    caller = who;
    await noPos();
    await build();
  };
}

describe('PO service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    await verifyHttpPacts({
      provider: 'po-service',
      baseUrl: base,
      // The gateway strips /api/v1; the consumer's token is replaced by a real session of the member
      // the state names.
      authorization: () => h.people[caller].headers.authorization,
      stateHandlers: {
        'an Admin signed in and the demo purchase orders exist': state('admin', async () => {
          await po(PARTIAL, 1);
          await po(OPEN, 2);
          await received(PARTIAL, 40);
        }),
        [`an Admin signed in and PO ${PARTIAL} Partial with 2 lines and a receipt with invoice photo ${PARTIAL_PHOTO}`]:
          state('admin', async () => {
            await po(PARTIAL, 1);
            await photo(PARTIAL, PARTIAL_PHOTO);
            await received(PARTIAL, 40, { photoId: PARTIAL_PHOTO });
          }),
        [`an Admin signed in and PO ${MISSING} does not exist`]: state('admin', async () => {
          await po(PARTIAL, 1);
        }),
        [`an Admin signed in and PO ${OPEN} Open at version 1 with 2 lines`]: state('admin', () =>
          po(OPEN, 2),
        ),
        [`a Purchaser signed in and PO ${OPEN} Open at version 1 with 2 lines`]: state('purchaser', () =>
          po(OPEN, 2),
        ),
        [`an Admin signed in and PO ${OPEN} Open at version 1 with 2 lines and uploaded invoice photo ${UPLOADED_PHOTO}`]:
          state('admin', async () => {
            await po(OPEN, 2);
            await photo(OPEN, UPLOADED_PHOTO);
          }),
        [`an Admin signed in and PO ${OPEN} with receipt ${RECORDED} already recorded`]: state(
          'admin',
          async () => {
            await po(OPEN, 2);
            await received(OPEN, 20.5, { receiptId: RECORDED, rejected: 0.5 });
          },
        ),
        [`an Admin signed in and PO ${OPEN} Partial with 20.5 bags of item ${CEMENT} pending`]: state(
          'admin',
          async () => {
            await po(OPEN, 2);
            await received(OPEN, 100);
          },
        ),
      },
    });
  });
});
