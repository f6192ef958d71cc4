import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import {
  INDENT_MESSAGES,
  PoCreated,
  PoStatusChanged,
  ProjectUpserted,
  type IndentApprovedData,
  type Indent,
  type IndentCompare,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { startIndent } from './helpers.js';

const h = harnessForFile(startIndent);

const vendor = (i: number) => h.world.vendors[i]!.vendorId;
const item = (i: number) => h.world.items[i]!.itemId;

/** Raise an indent of cement, steel and sand and open it for comparison. */
async function inCompare(): Promise<IndentCompare> {
  const indent = await h.create();
  return h.compare(indent._id);
}

async function save(
  c: IndentCompare,
  items: Array<{ itemId: string; selectedVendor: string; reasonForSelection?: string }>,
  status: 'compare' | 'approval' = 'compare',
) {
  return h.call('purchaser', 'POST', `/indent/compare/${c._id}`, {
    items,
    status,
    pricesVersion: c.pricesVersion,
    version: c.version,
  });
}

/** Cement from vendor 1 (not the lowest) with a reason, steel and sand from the lowest: sent for approval. */
async function inApproval(): Promise<IndentCompare> {
  const c = await inCompare();
  const res = await save(
    c,
    [
      { itemId: item(0), selectedVendor: vendor(1), reasonForSelection: 'Comes with the steel on one truck' },
      { itemId: item(1), selectedVendor: vendor(1) },
      { itemId: item(2), selectedVendor: vendor(0) },
    ],
    'approval',
  );
  expect(res.statusCode, res.body).toBe(200);
  return h.compare(c._id, 'admin');
}

const approvalBody = (c: IndentCompare, over: Record<string, string> = {}) => ({
  status: 'approved',
  pricesVersion: c.pricesVersion,
  version: c.version,
  items: c.items.map((l) => {
    const chosen = over[l.itemId] ?? l.selectedVendor!;
    return {
      itemId: l.itemId,
      selectedVendor: chosen,
      price: l.vendors.find((v) => v.vendorId === chosen)!.price,
      reasonForSelection: '',
    };
  }),
});

async function approvedEvents(indentId: string): Promise<IndentApprovedData[]> {
  const r = await h.db.query<{ envelope: { data: IndentApprovedData } }>(
    "SELECT envelope FROM indent.outbox WHERE subject = 'erp.indent.approved.v1' ORDER BY seq",
  );
  return r.rows.map((x) => x.envelope.data).filter((d) => d.indentId === indentId);
}

describe('comparing vendor prices', () => {
  it('offers each item’s active prices of active vendors, lowest total per unit first and marked, never a blocked or inactive vendor', async () => {
    const c = await inCompare();
    const [cement, steel, sand] = c.items;
    expect(cement!.vendors.map((v) => [v.vendorName, v.price, v.gst, v.totalPrice, v.isLowest])).toEqual([
      [h.world.vendors[0]!.name, 380, 106.4, 486.4, true],
      [h.world.vendors[1]!.name, 392, 109.76, 501.76, false],
    ]);
    expect(steel!.vendors.map((v) => v.vendorId)).toEqual([vendor(1)]);
    expect(sand!.vendors.every((v) => v.isLowest)).toBe(true);
    expect(c.pricesVersion).toMatch(/^[0-9a-f]{24}$/);
  });

  it('saves the purchaser’s choices, defaulting the reason, and keeps them on the indent', async () => {
    const c = await inCompare();
    const res = await save(c, [{ itemId: item(0), selectedVendor: vendor(0), reasonForSelection: '  ' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Indent Saved Successfully');
    const saved = res.json().indent as IndentCompare;
    expect(saved.status).toBe('compare');
    expect(saved.items.map((l) => [l.selectedVendor, l.reasonForSelection])).toEqual([
      [vendor(0), 'Lowest price selected'],
      [null, ''],
      [null, ''],
    ]);
    // 100 bags x 486.40 = 48,640.00 is the list's amount so far.
    const row = (await h.call('admin', 'GET', `/indent?keyword=${encodeURIComponent(c.indentId)}`)).json()
      .result[0];
    expect(row.items.totalAmount).toBe(48640);
  });

  it('needs a reason for a vendor that is not the lowest, and a vendor for every priced item before approval', async () => {
    const c = await inCompare();
    const noReason = await save(c, [{ itemId: item(0), selectedVendor: vendor(1) }]);
    expect([noReason.statusCode, noReason.json().message]).toEqual([
      400,
      INDENT_MESSAGES.reasonRequired(h.world.items[0]!.name),
    ]);
    const missing = await save(c, [{ itemId: item(0), selectedVendor: vendor(0) }], 'approval');
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      INDENT_MESSAGES.selectVendor(h.world.items[1]!.name),
    ]);
    const blocked = await save(c, [{ itemId: item(0), selectedVendor: h.world.vendors[4]!.vendorId }]);
    expect([blocked.statusCode, blocked.json().message]).toEqual([
      400,
      INDENT_MESSAGES.vendorNotOffered(h.world.items[0]!.name),
    ]);
    const stranger = await save(c, [{ itemId: randomUUID(), selectedVendor: vendor(0) }]);
    expect([stranger.statusCode, stranger.json().message]).toEqual([400, INDENT_MESSAGES.unknownLine]);
    expect((await h.compare(c._id)).version).toBe(c.version);
  });

  it('sends an indent without prices for an item on to approval, where that item blocks', async () => {
    const indent = await h.create({
      items: [
        { item: item(0), quantity: 10 },
        { item: item(3), quantity: 4 },
      ],
    });
    const c = await h.compare(indent._id);
    expect(c.items[1]!.vendors).toEqual([]);
    const sent = await save(c, [{ itemId: item(0), selectedVendor: vendor(0) }], 'approval');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Indent Sent For Approval Successfully');
    const review = await h.compare(c._id, 'admin');
    const res = await h.call('admin', 'POST', `/indent/approval/${c._id}`, {
      status: 'approved',
      version: review.version,
      items: [{ itemId: item(0), selectedVendor: vendor(0), price: 380 }],
    });
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      `${INDENT_MESSAGES.resolveBlockers(1)}: ${INDENT_MESSAGES.blockerNoVendor(h.world.items[3]!.name)}`,
    ]);
  });

  it('refuses a save against prices that changed since the page opened (409), and the new prices show', async () => {
    const c = await inCompare();
    const sand = h.world.items[2]!;
    await h.announceItem(
      {
        ...sand,
        prices: [
          [0, 1750, 87.5, 'active'],
          [2, 1850, 40, 'active'],
        ],
      },
      3,
    );
    const res = await save(c, [{ itemId: item(2), selectedVendor: vendor(0) }]);
    expect([res.statusCode, res.json().message]).toEqual([409, INDENT_MESSAGES.pricesChanged]);
    const fresh = await h.compare(c._id);
    expect(fresh.pricesVersion).not.toBe(c.pricesVersion);
    expect(fresh.items[2]!.vendors[0]).toMatchObject({
      vendorId: vendor(0),
      price: 1750,
      totalPrice: 1837.5,
      isLowest: true,
    });
    // An older announcement arriving late does not bring the old prices back.
    await h.announceItem(sand, 2);
    expect((await h.compare(c._id)).pricesVersion).toBe(fresh.pricesVersion);
    await h.announceItem(sand, 4);
  });

  it('stops offering a vendor once it is blocked', async () => {
    const c = await inCompare();
    const deccan = h.world.vendors[1]!;
    await h.announceVendor({ ...deccan, status: 'blocked' }, 5);
    expect((await h.compare(c._id)).items[1]!.vendors).toEqual([]);
    await h.announceVendor(deccan, 6);
    expect((await h.compare(c._id)).items[1]!.vendors.map((v) => v.vendorId)).toEqual([vendor(1)]);
  });

  it('lets only a Purchaser or an Admin compare, and only while the indent waits for it', async () => {
    const c = await inCompare();
    const body = { items: [], status: 'compare' };
    expect((await h.call('employee', 'POST', `/indent/compare/${c._id}`, body)).statusCode).toBe(403);
    expect((await h.call('accountant', 'POST', `/indent/compare/${c._id}`, body)).statusCode).toBe(403);
    expect((await h.call('employee', 'GET', `/indent/compare/${c._id}`)).statusCode).toBe(403);
    // An Employee given Compare write still is not a purchaser.
    const employee = await h.member({
      role: 'Employee',
      projects: [h.world.projectId],
      modules: { indent: { write: true } },
    });
    const own = await h.call(employee, 'POST', `/indent/compare/${c._id}`, body);
    expect([own.statusCode, own.json().message]).toEqual([
      403,
      'Only a Purchaser or an Admin chooses vendors',
    ]);
    expect((await h.call('admin', 'POST', `/indent/compare/${c._id}`, body)).statusCode).toBe(200);
    const draft = await h.create({ status: 'draft' });
    const res = await h.call('purchaser', 'POST', `/indent/compare/${draft._id}`, body);
    expect([res.statusCode, res.json().message]).toEqual([409, INDENT_MESSAGES.notInCompare]);
    expect((await h.call('purchaser', 'POST', `/indent/compare/${randomUUID()}`, body)).statusCode).toBe(404);
  });
});

describe('approving', () => {
  it('locks the prices, approves, records each step and announces the lines per vendor with the fleet cost', async () => {
    const c = await inApproval();
    expect(c.status).toBe('approval');
    expect(c.submittedBy).toEqual({ _id: h.people.purchaser.memberId, name: 'Priya Kulkarni' });
    const fleet = await h.call('admin', 'PUT', `/indent/fleet/${c._id}`, {
      vendorId: vendor(1),
      amount: 1500,
      gst: 270,
      free: false,
    });
    expect(fleet.statusCode, fleet.body).toBe(200);
    expect(fleet.json()).toEqual({
      message: 'Fleet cost saved',
      fleet: [
        { vendorId: vendor(1), vendorName: h.world.vendors[1]!.name, amount: 1500, gst: 270, free: false },
      ],
    });
    // Not for a vendor this indent is not offered by (blocked, or pricing none of its items).
    for (const other of [h.world.vendors[4]!, h.world.vendors[3]!]) {
      const refused = await h.call('admin', 'PUT', `/indent/fleet/${c._id}`, {
        vendorId: other.vendorId,
        amount: 100,
        gst: 0,
        free: false,
      });
      expect([refused.statusCode, refused.json().message]).toEqual([400, INDENT_MESSAGES.fleetVendor]);
    }
    const res = await h.call('admin', 'POST', `/indent/approval/${c._id}`, approvalBody(c));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Indent Approved Successfully');
    const approved = res.json().indent as Indent;
    expect(approved.status).toBe('approved');
    expect(approved.items.map((l) => [l.vendorName, l.price, l.gst, l.reasonForSelection])).toEqual([
      [h.world.vendors[1]!.name, 392, 109.76, 'Comes with the steel on one truck'],
      [h.world.vendors[1]!.name, 62, 11.16, 'Lowest price selected'],
      [h.world.vendors[0]!.name, 1800, 90, 'Lowest price selected'],
    ]);
    expect(approved.history.map((x) => [x.from, x.to, x.by.name])).toEqual([
      [null, 'compare', 'Sandeep Patil'],
      ['compare', 'approval', 'Priya Kulkarni'],
      ['approval', 'approved', 'Demo Admin'],
    ]);
    const [event] = await approvedEvents(c._id);
    expect(event!.vendors).toEqual([
      {
        vendorId: vendor(1),
        vendorName: h.world.vendors[1]!.name,
        fleet: { amount: 1500, gst: 270 },
        lines: [
          {
            itemId: item(0),
            itemName: h.world.items[0]!.name,
            unit: 'bags',
            quantity: 100,
            price: 392,
            gst: 109.76,
          },
          {
            itemId: item(1),
            itemName: h.world.items[1]!.name,
            unit: 'kg',
            quantity: 2500.5,
            price: 62,
            gst: 11.16,
          },
        ],
      },
      {
        vendorId: vendor(0),
        vendorName: h.world.vendors[0]!.name,
        fleet: { amount: 0, gst: 0 },
        lines: [
          {
            itemId: item(2),
            itemName: h.world.items[2]!.name,
            unit: 'CBM',
            quantity: 12.25,
            price: 1800,
            gst: 90,
          },
        ],
      },
    ]);
    expect(event!.approvedBy).toEqual({ _id: h.people.admin.memberId, name: 'Demo Admin' });
    // 100 x 501.76 + 2500.5 x 73.16 (182,936.58) + 1500 + 270 + 12.25 x 1890 (23,152.50).
    const row = (await h.call('admin', 'GET', `/indent?keyword=${c.indentId}`)).json().result[0];
    expect(row.items.totalAmount).toBe(50176 + 182936.58 + 1770 + 23152.5);
  });

  it('announces the indent’s site and the project’s location as the projects service last announced it, in any order', async () => {
    const project = (await h.create()).projectId;
    const announce = (version: number, location?: string) =>
      h.bus.publish(
        buildEnvelope('projects', ProjectUpserted, {
          projectId: h.world.projectId,
          projectCode: project.projectCode,
          name: project.name,
          status: 'inProgress',
          ...(location === undefined ? {} : { location }),
          version,
        }),
      );
    await announce(31, 'Survey 112, Baner-Pashan Link Road, Baner, Pune 411045');
    // An older announcement arriving late changes nothing; a newer one without the field keeps the location known.
    await announce(30, 'Old site office, Aundh');
    await announce(32);
    await h.settle();
    const c = await inApproval();
    const res = await h.call('admin', 'POST', `/indent/approval/${c._id}`, approvalBody(c));
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await approvedEvents(c._id);
    expect(event!.project).toEqual({
      ...project,
      location: 'Survey 112, Baner-Pashan Link Road, Baner, Pune 411045',
    });
    expect(event!.location).toBe('Tower A, floor 11');
    // A newer announcement with another location is the one the next approval carries.
    await announce(33, 'Plot 7, Baner, Pune 411045');
    await h.settle();
    const next = await inApproval();
    expect(
      (await h.call('admin', 'POST', `/indent/approval/${next._id}`, approvalBody(next))).statusCode,
    ).toBe(200);
    expect((await approvedEvents(next._id))[0]!.project.location).toBe('Plot 7, Baner, Pune 411045');
  });

  it('answers a second approval, or a double click, with 409 and announces once', async () => {
    const c = await inApproval();
    const [a, b] = await Promise.all([
      h.call('admin', 'POST', `/indent/approval/${c._id}`, approvalBody(c)),
      h.call('admin', 'POST', `/indent/approval/${c._id}`, approvalBody(c)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await h.call('admin', 'POST', `/indent/approval/${c._id}`, {
      ...approvalBody(c),
      version: undefined,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, INDENT_MESSAGES.notInApproval]);
    expect(await approvedEvents(c._id)).toHaveLength(1);
  });

  it('lets the approver choose another vendor with their own reason, and blocks a non-lowest choice without one', async () => {
    // Sand moved to the other vendor tied for the lowest total: no reason needed.
    const c2 = await inApproval();
    const change = await h.call(
      'admin',
      'POST',
      `/indent/approval/${c2._id}`,
      approvalBody(c2, { [item(2)]: vendor(2) }),
    );
    expect(change.statusCode, change.body).toBe(200);
    expect((change.json().indent as Indent).items.map((l) => l.selectedVendor)).toEqual([
      vendor(1),
      vendor(1),
      vendor(2),
    ]);
    // A non-lowest vendor the purchaser did not choose needs the approver's reason.
    const c3 = await inCompare();
    await save(
      c3,
      [
        { itemId: item(0), selectedVendor: vendor(0) },
        { itemId: item(1), selectedVendor: vendor(1) },
        { itemId: item(2), selectedVendor: vendor(0) },
      ],
      'approval',
    );
    const r3 = await h.compare(c3._id, 'admin');
    const blocked = await h.call(
      'admin',
      'POST',
      `/indent/approval/${c3._id}`,
      approvalBody(r3, { [item(0)]: vendor(1) }),
    );
    expect([blocked.statusCode, blocked.json().message]).toEqual([
      400,
      `${INDENT_MESSAGES.resolveBlockers(1)}: ${INDENT_MESSAGES.blockerReason(h.world.items[0]!.name)}`,
    ]);
    const body = approvalBody(r3, { [item(0)]: vendor(1) });
    const withReason = await h.call('admin', 'POST', `/indent/approval/${c3._id}`, {
      ...body,
      items: body.items.map((x) =>
        x.itemId === item(0) ? { ...x, reasonForSelection: 'Better credit terms' } : x,
      ),
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect((withReason.json().indent as Indent).items[0]).toMatchObject({
      selectedVendor: vendor(1),
      approverReason: 'Better credit terms',
      price: 392,
    });
  });

  it('refuses an approval at a price other than the one in force (409)', async () => {
    const c = await inApproval();
    const body = approvalBody(c);
    const res = await h.call('admin', 'POST', `/indent/approval/${c._id}`, {
      ...body,
      pricesVersion: undefined,
      items: body.items.map((x, i) => (i === 0 ? { ...x, price: 390 } : x)),
    });
    expect([res.statusCode, res.json().message]).toEqual([409, INDENT_MESSAGES.pricesChanged]);
    expect((await h.compare(c._id, 'admin')).status).toBe('approval');
  });

  it('lets only an Admin approve, send back or set fleet costs', async () => {
    const c = await inApproval();
    for (const who of ['purchaser', 'employee', 'accountant'] as const) {
      expect((await h.call(who, 'POST', `/indent/approval/${c._id}`, approvalBody(c))).statusCode).toBe(403);
      expect((await h.call(who, 'POST', `/indent/rework/${c._id}`, { comment: 'x' })).statusCode).toBe(403);
      expect(
        (
          await h.call(who, 'PUT', `/indent/fleet/${c._id}`, {
            vendorId: vendor(0),
            amount: 1,
            gst: 0,
            free: false,
          })
        ).statusCode,
      ).toBe(403);
    }
    const notAdmin = await h.member({ role: 'Purchaser', modules: { indent: { write: true } } });
    const res = await h.call(notAdmin, 'POST', `/indent/approval/${c._id}`, approvalBody(c));
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Only an Admin approves or sends back indents',
    ]);
    expect((await h.call(null, 'POST', `/indent/approval/${c._id}`, approvalBody(c))).statusCode).toBe(401);
  });
});

describe('sending back for rework', () => {
  it('returns the indent to its creator as a draft with the comment, and it can be edited and sent again with the choices kept', async () => {
    const c = await inApproval();
    const empty = await h.call('admin', 'POST', `/indent/rework/${c._id}`, { comment: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, INDENT_MESSAGES.commentRequired]);
    const res = await h.call('admin', 'POST', `/indent/rework/${c._id}`, {
      comment: 'Split the steel into two deliveries',
      version: c.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Indent sent back for rework');
    const back = res.json().indent as Indent;
    expect(back).toMatchObject({ status: 'draft', reworkComment: 'Split the steel into two deliveries' });
    expect(back.history.at(-1)).toMatchObject({
      from: 'approval',
      to: 'draft',
      comment: 'Split the steel into two deliveries',
      by: { name: 'Demo Admin' },
    });
    const resend = await h.call('employee', 'PUT', `/indent/${c._id}`, {
      title: back.title,
      projectId: h.world.projectId,
      boqId: h.world.boqId,
      status: 'compare',
      version: back.version,
      items: back.items.map((l) => ({ item: l.itemId, quantity: l.itemId === item(1) ? 1250 : l.quantity })),
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const again = resend.json().indent as Indent;
    expect(again).toMatchObject({ status: 'compare', reworkComment: null });
    expect(again.items.map((l) => l.selectedVendor)).toEqual([vendor(1), vendor(1), vendor(0)]);
    const second = await h.call('admin', 'POST', `/indent/rework/${c._id}`, { comment: 'again' });
    expect([second.statusCode, second.json().message]).toEqual([409, INDENT_MESSAGES.notInApproval]);
  });
});

describe('purchase orders on the indent', () => {
  it('lists each PO the PO service announces for the indent, once however often it arrives', async () => {
    const c = await inApproval();
    await h.call('admin', 'POST', `/indent/approval/${c._id}`, approvalBody(c));
    const po = (n: string, vendorIndex: number) =>
      buildEnvelope('po', PoCreated, {
        poId: randomUUID(),
        poNumber: n,
        indentId: c._id,
        indentNumber: c.indentId,
        projectId: h.world.projectId,
        boqId: h.world.boqId,
        vendorId: vendor(vendorIndex),
        vendorName: h.world.vendors[vendorIndex]!.name,
        status: 'Open',
        orderDate: '2026-11-25T10:00:00.000Z',
        itemCount: 2,
        amount: 234882.58,
        fleet: { amount: 1500, gst: 270 },
        lines: [],
        approvedBy: { _id: h.people.admin.memberId, name: 'Demo Admin' },
      });
    const first = po('PO-000101', 1);
    await h.bus.publish(first);
    await h.bus.publish(first);
    await h.bus.publish({ ...first, id: randomUUID() });
    await h.bus.publish(po('PO-000102', 0));
    await h.settle();
    const d = (await h.call('employee', 'GET', `/indent/${c._id}`)).json() as Indent;
    expect(d.pos.map((p) => [p.poNumber, p.vendor, p.items, p.amount, p.status])).toEqual([
      ['PO-000101', h.world.vendors[1]!.name, 2, 234882.58, 'Open'],
      ['PO-000102', h.world.vendors[0]!.name, 2, 234882.58, 'Open'],
    ]);
    const row = (await h.call('admin', 'GET', `/indent?keyword=${c.indentId}`)).json().result[0];
    expect(row.poCount).toBe(2);

    // Receipts move a PO on: the newest version wins whatever the order of arrival; a status that
    // comes before its PO is kept for it.
    const status = (poId: string, poNumber: string, s: 'Open' | 'Partial' | 'Closed', version: number) =>
      buildEnvelope('po', PoStatusChanged, { poId, poNumber, indentId: c._id, status: s, version });
    await h.bus.publish(status(first.data.poId, 'PO-000101', 'Closed', 3));
    await h.bus.publish(status(first.data.poId, 'PO-000101', 'Partial', 2));
    const early = po('PO-000103', 2);
    await h.bus.publish(status(early.data.poId, 'PO-000103', 'Partial', 2));
    await h.settle();
    await h.bus.publish(early);
    await h.settle();
    const after = (await h.call('employee', 'GET', `/indent/${c._id}`)).json() as Indent;
    expect(after.pos.map((p) => [p.poNumber, p.status])).toEqual([
      ['PO-000101', 'Closed'],
      ['PO-000102', 'Open'],
      ['PO-000103', 'Partial'],
    ]);
  });
});

describe('the list’s totals', () => {
  it('stay exact per status and project through every transition above (kept counts)', async () => {
    for (const status of ['', 'draft', 'compare', 'approval', 'approved']) {
      const res = (await h.call('admin', 'GET', `/indent?limit=1&status=${status}`)).json();
      const counted = await h.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM indent.indents ${status ? 'WHERE status = $1' : ''}`,
        status ? [status] : [],
      );
      expect([status, res.totalItems]).toEqual([status, counted.rows[0]!.n]);
    }
    const mine = (await h.call('employee', 'GET', '/indent?limit=1&status=approved')).json();
    const counted = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM indent.indents WHERE status = 'approved' AND project_id = $1",
      [h.world.projectId],
    );
    expect(mine.totalItems).toBe(counted.rows[0]!.n);
    expect(mine.totalItems).toBeGreaterThan(0);
  });
});
