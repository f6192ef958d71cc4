import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PO_MESSAGES,
  type IndentApprovedData,
  type PoListResponse,
  type PurchaseOrder,
} from '@erp/contracts';
import type { GrantedAccess } from '@erp/service-kit/testing';
import {
  approval,
  approvedEnvelope,
  newVendor,
  PROJECT,
  startPo,
  type PoHarness,
  type Who,
} from './helpers.js';

const LAKE_VIEW = { _id: randomUUID(), name: 'Lake View Towers', projectCode: 'PRJ-0020' };

let h: PoHarness;
/** Approvals in publishing order: mid (Lake View), new and old (Riverside Heights). */
let mid: IndentApprovedData;
let newest: IndentApprovedData;
let old: IndentApprovedData;
/** PO number by indent and vendor index. */
const po: Record<'mid0' | 'mid1' | 'new0' | 'old0' | 'old1', { id: string; number: string }> = {} as never;
let onlyOpen: GrantedAccess;
let noPo: GrantedAccess;

beforeAll(async () => {
  // A count cap of 4, so a full page of the five POs tells a capped total.
  h = await startPo({ kit: { listCountCap: 4 }, employeeProjects: [PROJECT._id] });
  const steel = newVendor('Deccan Steel Suppliers');
  const base = approval();
  mid = approval({
    project: LAKE_VIEW,
    approvedAt: '2026-04-15T09:00:00.000Z',
    vendors: [{ ...base.vendors[0]!, ...steel }, base.vendors[2]!],
  });
  newest = approval({ approvedAt: '2026-05-01T09:00:00.000Z', vendors: [base.vendors[1]!] });
  old = approval({
    approvedAt: '2026-04-01T09:00:00.000Z',
    vendors: [
      { ...base.vendors[0]!, ...steel, lines: base.vendors[1]!.lines },
      { ...base.vendors[1]!, ...newVendor('Sahyadri Sand') },
    ],
  });
  // Numbers follow the order approvals arrive in, not their dates.
  for (const a of [mid, newest, old]) await h.publish(approvedEnvelope(a));
  for (const [key, a, i] of [
    ['mid0', mid, 0],
    ['mid1', mid, 1],
    ['new0', newest, 0],
    ['old0', old, 0],
    ['old1', old, 1],
  ] as const) {
    const r = await h.db.query<{ id: string; po_number: string }>(
      'SELECT id, po_number FROM po.purchase_orders WHERE indent_id = $1 AND vendor_id = $2',
      [a.indentId, a.vendors[i]!.vendorId],
    );
    po[key] = { id: r.rows[0]!.id, number: r.rows[0]!.po_number };
  }
  // Receipts (a later part of the service) move POs on; here set directly.
  await h.db.query(`UPDATE po.purchase_orders SET status = 'Closed' WHERE id = $1`, [po.old0.id]);
  await h.db.query(`UPDATE po.purchase_orders SET status = 'Partial' WHERE id = $1`, [po.mid0.id]);
  onlyOpen = await h.member({
    role: 'Employee',
    allProjects: true,
    modules: { po: { subModules: { open: { read: true, write: true } } } },
  });
  noPo = await h.member({ role: 'Accountant', modules: { vendors: { read: true }, items: { read: true } } });
});
afterAll(async () => h?.close());

async function list(who: Who | GrantedAccess, query = ''): Promise<PoListResponse> {
  const res = await h.get(who, `/po${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PoListResponse;
}
const numbersOf = (page: PoListResponse) => page.result.map((p) => p.poNumber);
const n = (...keys: Array<keyof typeof po>) => keys.map((k) => po[k].number);

describe('GET /po', () => {
  it('lists every PO newest order date first (ties by number, highest first), with the total', async () => {
    const page = await list('admin');
    expect(numbersOf(page)).toEqual(n('new0', 'mid1', 'mid0', 'old1', 'old0'));
    expect(page.totalItems).toBe(5);
    expect(page).not.toHaveProperty('totalCapped');
    const first = page.result[0]!;
    expect(first).toMatchObject({
      status: 'Open',
      amount: 15225,
      itemCount: 1,
      orderDate: '2026-05-01T09:00:00.000Z',
      vendor: { _id: newest.vendors[0]!.vendorId, name: newest.vendors[0]!.vendorName },
      projectId: PROJECT,
      indentId: { _id: newest.indentId, indentId: newest.indentNumber, title: newest.title },
      boqId: newest.boq,
      approvedBy: newest.approvedBy,
      createdBy: newest.createdBy,
    });
    expect(first).not.toHaveProperty('items');
  });

  it('pages with limit and offset; a keyword’s count stops at the cap and says so, the kept counts never do', async () => {
    const second = await list('admin', '?limit=2&offset=2');
    expect(numbersOf(second)).toEqual(n('mid0', 'old1'));
    // Without a keyword, vendor or indent the total comes from the kept counts: exact (decision 0023).
    expect(second.totalItems).toBe(5);
    expect(second).not.toHaveProperty('totalCapped');
    const capped = await list('admin', '?limit=2&offset=2&keyword=po-');
    expect(numbersOf(capped)).toEqual(n('mid0', 'old1'));
    expect([capped.totalItems, capped.totalCapped]).toEqual([4, true]);
    const last = await list('admin', '?limit=2&offset=4&keyword=po-');
    expect(numbersOf(last)).toEqual(n('old0'));
    expect(last.totalItems).toBe(5);
    expect(last).not.toHaveProperty('totalCapped');
  });

  it('filters by status in either case, and takes all or nothing for every status', async () => {
    expect(numbersOf(await list('admin', '?status=Closed'))).toEqual(n('old0'));
    expect(numbersOf(await list('admin', '?status=partial'))).toEqual(n('mid0'));
    expect(numbersOf(await list('admin', '?status=open'))).toEqual(n('new0', 'mid1', 'old1'));
    expect((await list('admin', '?status=all')).totalItems).toBe(5);
    expect((await list('admin', '?status=')).totalItems).toBe(5);
    const bad = await h.get('admin', '/po?status=Cancelled');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by vendor, project and indent', async () => {
    expect(numbersOf(await list('admin', `?vendorId=${mid.vendors[0]!.vendorId}`))).toEqual(
      n('mid0', 'old0'),
    );
    expect(numbersOf(await list('admin', `?projectId=${LAKE_VIEW._id}`))).toEqual(n('mid1', 'mid0'));
    expect(numbersOf(await list('admin', `?indentId=${old.indentId}`))).toEqual(n('old1', 'old0'));
    expect(numbersOf(await list('admin', `?projectId=${PROJECT._id}&status=open`))).toEqual(
      n('new0', 'old1'),
    );
    expect((await list('admin', `?vendorId=${randomUUID()}`)).result).toEqual([]);
  });

  it('refuses a vendor, project or indent that is not an id', async () => {
    for (const name of ['vendorId', 'projectId', 'indentId']) {
      const res = await h.get('admin', `/po?${name}=VEN-0007`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: `${name} must be a valid id` });
    }
    const dashes = await h.get('admin', `/po?vendorId=${'-'.repeat(36)}`);
    expect(dashes.json()).toEqual({ message: 'vendorId must be a valid id' });
  });

  it('finds by PO number, indent number, vendor name and project name, ignoring case, and takes % and _ literally', async () => {
    expect(numbersOf(await list('admin', `?keyword=${po.new0.number.toLowerCase()}`))).toEqual(n('new0'));
    expect(numbersOf(await list('admin', `?keyword=${encodeURIComponent(` ${old.indentNumber} `)}`))).toEqual(
      n('old1', 'old0'),
    );
    expect(
      numbersOf(
        await list('admin', `?keyword=${encodeURIComponent(mid.vendors[1]!.vendorName.toUpperCase())}`),
      ),
    ).toEqual(n('mid1'));
    expect(numbersOf(await list('admin', '?keyword=lake%20view'))).toEqual(n('mid1', 'mid0'));
    expect(numbersOf(await list('admin', '?keyword=lake%20view&status=Open'))).toEqual(n('mid1'));
    expect((await list('admin', '?keyword=%25')).totalItems).toBe(0);
    expect((await list('admin', '?keyword=PO_0')).totalItems).toBe(0);
  });

  it('shows an Employee only the POs of their projects', async () => {
    expect(numbersOf(await list('employee'))).toEqual(n('new0', 'old1', 'old0'));
    expect((await list('employee', `?projectId=${LAKE_VIEW._id}`)).totalItems).toBe(0);
    expect((await list('employee', '?keyword=lake')).totalItems).toBe(0);
    const elsewhere = await h.member({ role: 'Employee', projects: [LAKE_VIEW._id] });
    expect(numbersOf(await list(elsewhere))).toEqual(n('mid1', 'mid0'));
    const nowhere = await h.member({ role: 'Employee' });
    expect(await list(nowhere)).toEqual({ result: [], totalItems: 0 });
    const everywhere = await h.member({ role: 'Employee', allProjects: true });
    expect((await list(everywhere)).totalItems).toBe(5);
  });

  it('is refused without a token (401) and without PO List or Open POs read (403); Open POs read alone lists the active POs', async () => {
    expect((await h.get(null, '/po')).statusCode).toBe(401);
    const res = await h.get(noPo, '/po');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have read access to PO List' });
    // The receiving list (/po/open): Open and Partial only, old0 (Closed) left out.
    expect(numbersOf(await list(onlyOpen))).toEqual(n('new0', 'mid1', 'mid0', 'old1'));
    expect((await h.get(onlyOpen, '/po?status=Closed')).statusCode).toBe(403);
    // Every role's defaults include PO List read.
    for (const who of ['purchaser', 'accountant'] as const) expect((await list(who)).totalItems).toBe(5);
  });
});

describe('GET /po/:id', () => {
  it('answers the PO with its lines at the locked prices', async () => {
    const res = await h.get('admin', `/po/${po.mid1.id}`);
    expect(res.statusCode).toBe(200);
    const p = res.json() as PurchaseOrder;
    expect(p).toMatchObject({
      _id: po.mid1.id,
      poNumber: po.mid1.number,
      status: 'Open',
      amount: 335.15,
      projectId: LAKE_VIEW,
      receipts: [],
    });
    expect(
      p.items.map((l) => [
        l.item.name,
        l.quantity,
        l.totalReceived,
        l.pending,
        l.price,
        l.gst,
        l.unitTotal,
        l.totalPrice,
      ]),
    ).toEqual([['Red bricks', 3.33, 0, 3.33, 9.99, 1.8, 11.79, 39.26]]);
  });

  it('answers 404 PO Not Found for a PO that does not exist, and 400 for an id that is not one', async () => {
    const missing = await h.get('admin', `/po/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: PO_MESSAGES.notFound });
    expect((await h.get('admin', '/po/PO-000001')).statusCode).toBe(400);
  });

  it('answers an Employee 404 for another project’s PO, as if it did not exist, and their own project’s PO', async () => {
    const other = await h.get('employee', `/po/${po.mid0.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: PO_MESSAGES.notFound });
    expect((await h.get('employee', `/po/${po.old0.id}`)).statusCode).toBe(200);
  });

  it('opens for Open POs read alone, and is refused without a token (401) or any PO read (403)', async () => {
    const open = await h.get(onlyOpen, `/po/${po.mid0.id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect((open.json() as PurchaseOrder).poNumber).toBe(po.mid0.number);
    expect((await h.get(null, `/po/${po.mid0.id}`)).statusCode).toBe(401);
    const refused = await h.get(noPo, `/po/${po.mid0.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have read access to PO List' });
    // Refused before anything is looked up: an unknown id is 403 too.
    expect((await h.get(noPo, `/po/${randomUUID()}`)).statusCode).toBe(403);
  });
});

describe('GET /po/stats', () => {
  it('counts the Open and Partial POs the member can see', async () => {
    const stats = async (who: Who | GrantedAccess) => {
      const res = await h.get(who, '/po/stats');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { activePo: number };
    };
    // Five POs, one Closed.
    expect(await stats('admin')).toEqual({ activePo: 4 });
    expect(await stats('accountant')).toEqual({ activePo: 4 });
    // Riverside Heights only: new0 and old1 (old0 is Closed).
    expect(await stats('employee')).toEqual({ activePo: 2 });
    expect(await stats(await h.member({ role: 'Employee' }))).toEqual({ activePo: 0 });
    // Open POs read alone (a site member who only receives) counts what they can receive.
    const receiver = await h.member({
      role: 'Employee',
      allProjects: true,
      modules: { po: { subModules: { open: { read: true, write: true } } } },
    });
    expect(await stats(receiver)).toEqual({ activePo: 4 });
    // Without PO List or Open POs read: nothing to count.
    expect(await stats(noPo)).toEqual({ activePo: 0 });
    expect((await h.get(null, '/po/stats')).statusCode).toBe(401);
  });
});
