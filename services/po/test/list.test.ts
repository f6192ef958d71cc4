/**
 * The PO list as PostgreSQL writes it and keeps it by data generation (decision 0023): each row is
 * the PO's own page, sorts and filters are what a count or a sort in JS would make of the same POs,
 * a change shows on the next read whoever made it, and access is applied before anything is kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PO_SORT_KEYS,
  type IndentApprovedData,
  type PoListResponse,
  type PoSortKey,
  type PoStatus,
  type PoSummary,
  type PurchaseOrder,
} from '@erp/contracts';
import type { GrantedAccess } from '@erp/service-kit/testing';
import {
  approval,
  approvedEnvelope,
  numberOf,
  PROJECT,
  startPo,
  type PoHarness,
  type Who,
} from './helpers.js';

const OTHER = { _id: randomUUID(), name: 'सह्याद्री "Heights" \\ Phase 2', projectCode: 'PRJ-0099' };

let h: PoHarness;
let onlyOpen: GrantedAccess;
let outsider: GrantedAccess;
/** Every PO made here, by vendor name. */
const made = new Map<string, PurchaseOrder>();

type Line = IndentApprovedData['vendors'][number]['lines'][number];
const line = (itemName: string, quantity: number, price: number, gst: number, unit = 'bags'): Line => ({
  itemId: randomUUID(),
  itemName,
  unit,
  quantity,
  price,
  gst,
});
const vendor = (vendorName: string, lines: Line[], fleet = { amount: 0, gst: 0 }) => ({
  vendorId: randomUUID(),
  vendorName,
  fleet,
  lines,
});

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const post = (who: Who, url: string, body: unknown) =>
  h.app.inject({ method: 'POST', url, headers: h.people[who].headers, payload: body as object });
/** A receipt of `quantities` (one per line, 0 for none) on the PO, as the receiving screen sends it. */
async function receive(po: PurchaseOrder, quantities: number[]): Promise<PurchaseOrder> {
  const res = await post('admin', '/poReceipt', {
    poId: po._id,
    receivedItems: po.items
      .map((l, i) => ({ item: l.itemId, receivedQuantity: quantities[i] ?? 0 }))
      .filter((l) => l.receivedQuantity > 0),
    invoice: { invoiceNumber: `INV/${randomUUID().slice(0, 6)}`, invoiceDate: today(), invoiceAmount: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().po as PurchaseOrder;
}

beforeAll(async () => {
  h = await startPo({ employeeProjects: [PROJECT._id] });
  const base = approval();
  // Names in scripts, quotes and backslashes; a quantity of 0.05 and amounts near ten crore; two
  // vendor names that differ only in case (they tie when sorting by vendor); several POs on the
  // same order date (they tie when sorting by it).
  const approvals: IndentApprovedData[] = [
    approval({
      approvedAt: '2026-03-01T10:00:00.000Z',
      vendors: [
        vendor('श्री गणेश स्टील', [line('सरिया 12 mm', 0.05, 12.34, 2.22, 'kg')]),
        vendor(
          'Sai "Best" Traders',
          [line('Cement "OPC" 53', 9999.99, 8474.57, 1525.42), line('Fly ash', 1, 0.01, 0)],
          { amount: 1234.56, gst: 222.22 },
        ),
        vendor('C:\\Suppliers\\Pune', [line('Back\\slash bolts', 3.33, 9.99, 1.8, 'pcs')]),
      ],
    }),
    approval({
      approvedAt: '2026-03-01T10:00:00.000Z',
      title: 'Slab "B" \\ casting\nfloor 2',
      vendors: [
        vendor('apex cement', [line('PPC', 120.5, 380.5, 68.49)]),
        vendor('ZENITH Bricks', [line('Red bricks', 5000, 9.5, 0.5, 'pcs')]),
      ],
    }),
    approval({
      project: OTHER,
      approvedAt: '2026-04-15T09:00:00.000Z',
      boq: { _id: randomUUID(), boqId: 'BOQ-0042', name: 'MEP "wet" \\ works' },
      vendors: [
        vendor('Apex Cement', [line('OPC', 10, 400, 72)]),
        vendor('Ümit Tiles', [line('Vitrified tiles', 240.75, 55.25, 9.95, 'sqft')]),
      ],
    }),
    approval({
      approvedAt: '2026-05-01T09:00:00.000Z',
      vendors: [
        vendor('Ōm Sand', [line('River sand', 10, 1450, 72.5, 'CBM')]),
        vendor('Deccan Steel', base.vendors[0]!.lines),
      ],
    }),
    approval({
      project: OTHER,
      approvedAt: '2026-02-01T08:00:00.000Z',
      vendors: [vendor('Bharat Pipes', [line('PVC pipe', 30, 120, 21.6, 'meters')])],
    }),
  ];
  for (const a of approvals) {
    await h.publish(approvedEnvelope(a));
    for (const po of await h.posOf(a.indentId)) made.set(po.vendor.name, po);
  }
  // Receipts move POs on: part of one (Partial), all of others (Closed).
  await receive(made.get('apex cement')!, [20.25]);
  await receive(made.get('Ümit Tiles')!, [240.75]);
  await receive(made.get('Bharat Pipes')!, [30]);
  // An Admin's short-close, with its reason, time and who.
  const zenith = made.get('ZENITH Bricks')!;
  await receive(zenith, [100]);
  const closed = await post('admin', `/po/${zenith._id}/short-close`, {
    reason: 'Vendor "stopped" \\ supplying',
    version: zenith.version + 1,
  });
  expect(closed.statusCode, closed.body).toBe(200);
  // People as an older approval named them: no creator, an approver without an id.
  await h.db.query(
    `UPDATE po.purchase_orders SET created_by = NULL, created_by_name = NULL, approved_by = NULL WHERE vendor_name = 'Ōm Sand'`,
  );
  onlyOpen = await h.member({
    role: 'Employee',
    allProjects: true,
    modules: { po: { subModules: { open: { read: true, write: true } } } },
  });
  outsider = await h.member({ role: 'Employee', projects: [randomUUID()] });
});
afterAll(async () => h?.close());

async function list(query = '', who: Who | GrantedAccess = 'admin'): Promise<PoListResponse> {
  // Pages of 100 (every PO made here) unless the query says otherwise.
  const res = await h.get(
    who,
    `/po?${/(^|&)limit=/.test(query) ? query : `limit=100${query ? `&${query}` : ''}`}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PoListResponse;
}
const numbersOf = (rows: PoSummary[]) => rows.map((p) => p.poNumber);
const summaryOf = (po: PurchaseOrder): PoSummary => {
  const { items: _items, receipts: _receipts, ...summary } = po;
  return summary;
};
async function count(where: string, params: unknown[] = []): Promise<number> {
  return (
    await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM po.purchase_orders WHERE ${where}`,
      params,
    )
  ).rows[0]!.n;
}

/** The sorts as the list promises them, in JS: the key, then the PO number; '-key' the exact reverse. */
const RANK: Record<PoStatus, number> = { Open: 0, Partial: 1, Closed: 2 };
// ASCII letters lower-cased, compared byte by byte (UTF-8), as the list's "C" sort keys are.
const byteKey = (s: string) => Buffer.from(s.replace(/[A-Z]/g, (c) => c.toLowerCase()));
const COMPARE: Record<PoSortKey, (a: PoSummary, b: PoSummary) => number> = {
  orderDate: (a, b) => Date.parse(a.orderDate) - Date.parse(b.orderDate),
  status: (a, b) => RANK[a.status] - RANK[b.status],
  vendor: (a, b) => Buffer.compare(byteKey(a.vendor.name), byteKey(b.vendor.name)),
  project: (a, b) => Buffer.compare(byteKey(a.projectId.name), byteKey(b.projectId.name)),
  poNumber: () => 0,
};
function sortedInJs(rows: PoSummary[], sort: string): PoSummary[] {
  const key = sort.replace(/^-/, '') as PoSortKey;
  const up = [...rows].sort((a, b) => COMPARE[key](a, b) || numberOf(a.poNumber) - numberOf(b.poNumber));
  return sort.startsWith('-') ? up.reverse() : up;
}

describe('the PO list as PostgreSQL writes it', () => {
  it('shows each PO as its own page does: scripts, quotes, backslashes, 0.05 of a unit, ten crore, short-closes, missing people', async () => {
    const rows = (await list()).result;
    expect(rows).toHaveLength(made.size);
    for (const row of rows) {
      const page = await h.get('admin', `/po/${row._id}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(row).toEqual(summaryOf(page.json() as PurchaseOrder));
    }
    const byVendor = new Map(rows.map((r) => [r.vendor.name, r]));
    // 9,999.99 x 9,999.99 (99,999,800.0001, to the paisa) + 0.01 + fleet 1,234.56 + GST 222.22.
    expect(byVendor.get('Sai "Best" Traders')!.amount).toBe(100001256.79);
    expect(byVendor.get('Sai "Best" Traders')!.fleet).toEqual({ amount: 1234.56, gst: 222.22 });
    expect(byVendor.get('श्री गणेश स्टील')!.amount).toBe(0.73);
    expect(byVendor.get('ZENITH Bricks')!.shortClose).toMatchObject({
      reason: 'Vendor "stopped" \\ supplying',
      by: { _id: h.people.admin.memberId },
    });
    expect(byVendor.get('Ōm Sand')).toMatchObject({
      createdBy: null,
      approvedBy: { _id: '', name: expect.any(String) },
    });
    expect(byVendor.get('Ümit Tiles')!.projectId).toEqual(OTHER);
  });

  it('lists the newest order date first by default, ties by the highest number, as the sort "-orderDate" and ""', async () => {
    const all = (await list()).result;
    expect(numbersOf(all)).toEqual(numbersOf(sortedInJs(all, '-orderDate')));
    expect(numbersOf((await list('sort=-orderDate')).result)).toEqual(numbersOf(all));
    expect(numbersOf((await list('sort=')).result)).toEqual(numbersOf(all));
  });

  it('sorts by each key both ways as a sort in JS does, ties by number, and pages through a sort without losing or repeating a PO', async () => {
    const all = (await list()).result;
    const active = all.filter((p) => p.status !== 'Closed');
    for (const key of PO_SORT_KEYS) {
      for (const sort of [key, `-${key}`]) {
        expect(numbersOf((await list(`sort=${sort}`)).result), sort).toEqual(
          numbersOf(sortedInJs(all, sort)),
        );
        expect(numbersOf((await list(`sort=${sort}&status=active`)).result), `${sort}, active`).toEqual(
          numbersOf(sortedInJs(active, sort)),
        );
        const pages: string[] = [];
        for (let offset = 0; offset < all.length; offset += 3)
          pages.push(...numbersOf((await list(`sort=${sort}&limit=3&offset=${offset}`)).result));
        expect(pages, `${sort} in pages of 3`).toEqual(numbersOf(sortedInJs(all, sort)));
      }
    }
    // Names that differ only in case tie, and the lower number comes first.
    const apex = numbersOf(
      (await list('sort=vendor')).result.filter((p) => p.vendor.name.toLowerCase() === 'apex cement'),
    );
    expect(apex).toEqual([made.get('apex cement')!.poNumber, made.get('Apex Cement')!.poNumber]);
  });

  it("lists 'active' as exactly the Open and Partial POs, each status alone, and every status for all or nothing", async () => {
    const all = (await list()).result;
    const ids = (rows: PoSummary[]) => rows.map((p) => p._id).sort();
    const active = await list('status=active');
    expect(ids(active.result)).toEqual(ids(all.filter((p) => p.status === 'Open' || p.status === 'Partial')));
    expect(active.result.length).toBeGreaterThan(0);
    for (const status of ['Open', 'Partial', 'Closed'] as const) {
      const one = (await list(`status=${status.toLowerCase()}`)).result;
      expect(one.length, status).toBeGreaterThan(0);
      expect(ids(one), status).toEqual(ids(all.filter((p) => p.status === status)));
    }
    expect((await list('status=all')).totalItems).toBe(all.length);
  });

  it('counts the totals of each filter as count(*) does', async () => {
    const apex = made.get('apex cement')!;
    const cases: Array<[string, string, unknown[]]> = [
      ['', 'true', []],
      ['status=active', `status IN ('Open', 'Partial')`, []],
      ['status=Open', `status = 'Open'`, []],
      ['status=Closed', `status = 'Closed'`, []],
      [`projectId=${OTHER._id}`, 'project_id = $1', [OTHER._id]],
      [
        `projectId=${PROJECT._id}&status=active`,
        `project_id = $1 AND status IN ('Open', 'Partial')`,
        [PROJECT._id],
      ],
      [`vendorId=${apex.vendor._id}`, 'vendor_id = $1', [apex.vendor._id]],
      [
        `indentId=${apex.indentId._id}&status=Partial`,
        `indent_id = $1 AND status = 'Partial'`,
        [apex.indentId._id],
      ],
      [`boqId=${apex.boqId._id}`, 'boq_id = $1', [apex.boqId._id]],
      ['keyword=apex', `search LIKE '%apex%'`, []],
      ['keyword=apex&status=Open', `search LIKE '%apex%' AND status = 'Open'`, []],
    ];
    for (const [query, where, params] of cases) {
      const expected = await count(where, params);
      expect((await list(query)).totalItems, query).toBe(expected);
      // A page of one says the same total, and so does a page beyond the end.
      expect((await list(`${query}&limit=1`.replace(/^&/, ''))).totalItems, `${query} limit 1`).toBe(
        expected,
      );
    }
    expect((await list('', 'employee')).totalItems).toBe(await count('project_id = $1', [PROJECT._id]));
    const beyond = await h.get('admin', '/po?limit=10&offset=1000&status=active');
    expect(beyond.json()).toEqual({ result: [], totalItems: await count(`status IN ('Open', 'Partial')`) });
  });

  it("lists a BOQ's POs (indent/{boqId}/pos) and only those", async () => {
    const apex = made.get('apex cement')!;
    const page = await list(`boqId=${apex.boqId._id}&limit=100`);
    const expected = await h.db.query<{ id: string }>(
      'SELECT id FROM po.purchase_orders WHERE boq_id = $1 ORDER BY order_date DESC, po_seq DESC',
      [apex.boqId._id],
    );
    expect(page.result.map((p) => p._id)).toEqual(expected.rows.map((r) => r.id));
    expect(page.result.every((p) => p.boqId._id === apex.boqId._id)).toBe(true);
    expect((await h.get('admin', '/po?boqId=BOQ-0001')).statusCode).toBe(400);
  });

  it('finds by PO number, BOQ number, vendor id and vendor name (any script), indent number and project name', async () => {
    const ganesh = made.get('श्री गणेश स्टील')!;
    const found = async (keyword: string) =>
      numbersOf((await list(`keyword=${encodeURIComponent(keyword)}`)).result);
    expect(await found(ganesh.poNumber.toLowerCase())).toEqual([ganesh.poNumber]);
    expect(await found('BOQ-0042')).toEqual(
      numbersOf(sortedInJs([made.get('Apex Cement')!, made.get('Ümit Tiles')!], '-orderDate')),
    );
    expect(await found(ganesh.vendor._id.toUpperCase())).toEqual([ganesh.poNumber]);
    expect(await found('गणेश')).toEqual([ganesh.poNumber]);
    expect(await found('"best"')).toEqual([made.get('Sai "Best" Traders')!.poNumber]);
    expect(await found('c:\\suppliers')).toEqual([made.get('C:\\Suppliers\\Pune')!.poNumber]);
    expect((await found(ganesh.indentId.indentId)).length).toBe(3);
    expect((await found('सह्याद्री')).length).toBe(3);
    expect(await found('PRJ-0099')).toEqual(await found('सह्याद्री'));
  });

  it('shows a change on the next read, whoever made it: a receipt, a row changed in the database', async () => {
    const om = made.get('Ōm Sand')!;
    const first = await list('status=active&sort=vendor');
    // The same page twice: the second is the kept answer.
    expect(await list('status=active&sort=vendor')).toEqual(first);
    const row = () => list('status=active&sort=vendor').then((p) => p.result.find((r) => r._id === om._id));
    expect((await row())!.status).toBe('Open');
    const after = await receive(om, [2.5]);
    expect(await row()).toEqual(summaryOf(after));
    expect((await row())!.status).toBe('Partial');
    await h.db.query(`UPDATE po.purchase_orders SET vendor_name = 'Om Sand & Grit' WHERE id = $1`, [om._id]);
    expect((await row())!.vendor.name).toBe('Om Sand & Grit');
    // The sort key follows the name: now among the Latin names, before 'Sai…'.
    const names = (await list('status=active&sort=vendor')).result.map((r) => r.vendor.name);
    expect(names.indexOf('Om Sand & Grit')).toBeLessThan(names.indexOf('Sai "Best" Traders'));
    await receive(after, [7.5]);
    expect((await list('status=active')).result.some((r) => r._id === om._id)).toBe(false);
    expect((await list('status=Closed')).result.find((r) => r._id === om._id)!.status).toBe('Closed');
    await h.db.query(`UPDATE po.purchase_orders SET vendor_name = 'Ōm Sand' WHERE id = $1`, [om._id]);
  });
});

describe('who sees which POs in the list', () => {
  it('lists Open and Partial POs to a member with Open POs read alone, and refuses them Closed ones', async () => {
    const active = await count(`status IN ('Open', 'Partial')`);
    for (const query of [
      '',
      'status=all',
      'status=',
      'sort=status',
      'sort=-status',
      'status=active&sort=vendor',
    ]) {
      const page = await list(query, onlyOpen);
      expect(page.result.length, query).toBeGreaterThan(0);
      expect(
        page.result.every((p) => p.status !== 'Closed'),
        query,
      ).toBe(true);
      expect(page.totalItems, query).toBe(active);
    }
    expect((await list('status=partial', onlyOpen)).result.every((p) => p.status === 'Partial')).toBe(true);
    expect((await list('keyword=zenith', onlyOpen)).totalItems).toBe(0);
    for (const status of ['Closed', 'closed']) {
      const refused = await h.get(onlyOpen, `/po?status=${status}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have read access to PO List' });
    }
    // The PO List reader, for the same query, is answered in full (access is part of the kept answer's key).
    expect((await list('')).totalItems).toBe(await count('true'));
  });

  it('keeps an Employee to their projects: another project’s POs are neither listed, counted nor found', async () => {
    const mine = await list('', 'employee');
    expect(mine.result.every((p) => p.projectId._id === PROJECT._id)).toBe(true);
    expect(mine.result.length).toBe(await count('project_id = $1', [PROJECT._id]));
    expect(await list(`projectId=${OTHER._id}`, 'employee')).toEqual({ result: [], totalItems: 0 });
    expect((await list('keyword=BOQ-0042', 'employee')).totalItems).toBe(0);
    expect(await list('', outsider)).toEqual({ result: [], totalItems: 0 });
    expect(await list(`projectId=${PROJECT._id}&status=active&sort=vendor`, outsider)).toEqual({
      result: [],
      totalItems: 0,
    });
  });

  it('refuses a sort it does not know with a message', async () => {
    for (const sort of ['amount', 'vendor,poNumber', '--vendor', 'Vendor', 'order_date DESC']) {
      const res = await h.get('admin', `/po?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode, sort).toBe(400);
      expect(res.json(), sort).toEqual({ message: expect.any(String) });
    }
    expect((await h.get('admin', '/po?status=ACTIVE')).statusCode).toBe(400);
  });
});
