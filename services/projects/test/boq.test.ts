import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOQ_MESSAGES, type Boq, type BoqSummary, type BoqUpsertedData, type Project } from '@erp/contracts';
import { usingRealServers } from '@erp/service-kit/testing';
import {
  BOQ_CONFIRMED,
  BOQ_CREATED,
  BOQ_DELETED,
  BOQ_REVISED,
  BOQ_STALE,
  BOQ_UPDATED,
  DRAFT_EXISTS,
  REVISION_PROJECT,
} from '../src/routes/boqs.js';
import {
  announceItems,
  newBoq,
  newItems,
  startProjects,
  uniqueCode,
  type ProjectsHarness,
  type TestItem,
  type Who,
} from './helpers.js';

let h: ProjectsHarness;
let project: Project;
let other: Project;
let items: TestItem[];
let mine: Awaited<ReturnType<ProjectsHarness['member']>>;

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  h = await startProjects();
  project = await h.create({ name: `Skyline Residency ${uniqueCode()}` });
  other = await h.create({ name: `Godavari Warehouse ${uniqueCode()}` });
  items = await newItems(h, 4);
  // An Employee on `project` only, with the Employee's defaults (BOQ List and Add BOQ write).
  mine = await h.member({ role: 'Employee', name: 'Site Engineer', projects: [project._id] });
});
afterAll(async () => h?.close());

async function create(
  over: Record<string, unknown> = {},
  who: Who | typeof mine = 'admin',
  p: Project = project,
): Promise<Boq> {
  const res = await h.call(who, 'POST', '/boq', newBoq(p._id, items.slice(0, 3), over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().boq as Boq;
}

async function get(id: string, who: Who | typeof mine = 'admin'): Promise<Boq> {
  const res = await h.call(who, 'GET', `/boq/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Boq;
}

async function events(boqId: string): Promise<BoqUpsertedData[]> {
  const r = await h.db.query<{ envelope: { data: BoqUpsertedData } }>(
    "SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.boq_upserted.v1' ORDER BY seq",
  );
  return r.rows.map((x) => x.envelope.data).filter((d) => d.boqId === boqId);
}

async function audit(id: string): Promise<string[]> {
  const r = await h.db.query<{ action: string }>(
    'SELECT action FROM projects.audit_log WHERE entity_id = $1 ORDER BY id',
    [id],
  );
  return r.rows.map((x) => x.action);
}

async function stored(): Promise<{ boqs: number; lines: number }> {
  const r = await h.db.query<{ boqs: number; lines: number }>(
    'SELECT (SELECT count(*)::int FROM projects.boqs) AS boqs, (SELECT count(*)::int FROM projects.boq_lines) AS lines',
  );
  return r.rows[0]!;
}

async function boqCount(p: Project): Promise<number> {
  return ((await h.call('admin', 'GET', `/project/${p._id}`)).json() as Project).boqCount;
}

describe('creating a BOQ', () => {
  it('stores a draft with its lines, numbers it BOQ-NNNN, answers 201 with the spec toast, announces and audits it', async () => {
    const before = await boqCount(project);
    const body = newBoq(project._id, items.slice(0, 2), {
      name: '  Civil   works  ',
      description: 'Phase 2: RCC & masonry.',
      notes: ' rev B ',
    });
    const res = await h.call('admin', 'POST', '/boq', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(BOQ_CREATED);
    const boq = res.json().boq as Boq;
    expect(boq).toMatchObject({
      boqId: expect.stringMatching(/^BOQ-\d{4}$/),
      revision: 1,
      name: 'Civil works',
      // The description is kept as written, digits and symbols too (decision 0039).
      description: 'Phase 2: RCC & masonry.',
      notes: 'rev B',
      status: 'draft',
      projectId: { _id: project._id, name: project.name, projectCode: project.projectCode },
      itemCount: 2,
      indentCount: 0,
      totalAmount: 76480.5,
      createdBy: { _id: h.people.admin.memberId, name: 'Demo Admin' },
      version: 1,
      confirmedAt: null,
      confirmedBy: null,
    });
    expect(boq.items).toEqual([
      {
        _id: expect.any(String),
        item: { _id: items[0]!.itemId, name: items[0]!.name },
        itemId: items[0]!.itemId,
        name: items[0]!.name,
        unit: 'bags',
        plannedQty: 100,
        rate: 380.5,
        amount: 38050,
        consumedQuantity: 0,
        balanceQuantity: 100,
        remark: 'First floor',
      },
      expect.objectContaining({
        itemId: items[1]!.itemId,
        plannedQty: 101,
        amount: 38430.5,
        balanceQuantity: 101,
        remark: '',
      }),
    ]);
    expect(boq.revisions).toEqual([{ _id: boq._id, revision: 1, status: 'draft', createdAt: boq.createdAt }]);
    expect(await get(boq._id)).toEqual(boq);
    expect(await events(boq._id)).toEqual([
      {
        boqId: boq._id,
        boqNumber: boq.boqId,
        revision: 1,
        projectId: project._id,
        name: 'Civil works',
        status: 'draft',
        lines: [
          { itemId: items[0]!.itemId, name: items[0]!.name, unit: 'bags', plannedQty: 100 },
          { itemId: items[1]!.itemId, name: items[1]!.name, unit: 'bags', plannedQty: 101 },
        ],
        version: 1,
      },
    ]);
    expect(await audit(boq._id)).toEqual(['boq_created']);
    expect(await boqCount(project)).toBe(before + 1);
  });

  it('gives consecutive numbers', async () => {
    const a = await create();
    const b = await create();
    expect(Number(b.boqId.slice(4))).toBe(Number(a.boqId.slice(4)) + 1);
  });

  it('confirms at once when sent with status confirmed (the Confirm button)', async () => {
    const boq = await create({ status: 'confirmed' });
    expect(boq).toMatchObject({
      status: 'confirmed',
      confirmedBy: { _id: h.people.admin.memberId, name: 'Demo Admin' },
    });
    expect(boq.confirmedAt).toEqual(expect.any(String));
  });

  it.each([
    [{ name: '   ' }, BOQ_MESSAGES.name],
    [{ name: '' }, BOQ_MESSAGES.name],
    [{ projectId: 'nope' }, BOQ_MESSAGES.project],
    [{ items: [] }, BOQ_MESSAGES.items],
    [{ status: 'superseded' }, 'Status must be draft or confirmed'],
    [{ items: [{ item: 'x', plannedQty: 1, unit: 'bags', rate: 1 }] }, BOQ_MESSAGES.item],
    [{ items: [{ item: MISSING, plannedQty: 0, unit: 'bags', rate: 1 }] }, BOQ_MESSAGES.quantity],
    [{ items: [{ item: MISSING, plannedQty: 1, unit: ' ', rate: 1 }] }, BOQ_MESSAGES.unit],
    [{ items: [{ item: MISSING, plannedQty: 1, unit: 'bags', rate: 0 }] }, BOQ_MESSAGES.rate],
    [{ budget: 1 }, 'Unknown field: budget'],
  ])('refuses %j with 400 and the form’s message, storing nothing', async (over, message) => {
    const before = await stored();
    const res = await h.call('admin', 'POST', '/boq', newBoq(project._id, items.slice(0, 2), over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('refuses a line whose item the item master does not know, naming the line', async () => {
    const before = await stored();
    const lines = newBoq(project._id, items.slice(0, 2)).items;
    const res = await h.call(
      'admin',
      'POST',
      '/boq',
      newBoq(project._id, [], { items: [...lines, { item: MISSING, plannedQty: 5, unit: 'kg', rate: 10 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${BOQ_MESSAGES.unknownItem} (line 3)`);
    expect(await stored()).toEqual(before);
  });

  it('refuses an item that appears twice, naming both lines', async () => {
    const before = await stored();
    const res = await h.call('admin', 'POST', '/boq', newBoq(project._id, [items[0]!, items[1]!, items[0]!]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${BOQ_MESSAGES.duplicateItem} (line 3 repeats line 1)`);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for a project that does not exist, storing nothing', async () => {
    const before = await stored();
    const res = await h.call('admin', 'POST', '/boq', newBoq(MISSING, items.slice(0, 1)));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
    expect(await stored()).toEqual(before);
  });

  it('lets an Employee create on their project and answers 404 on another one, as the project routes do', async () => {
    const boq = await create({}, mine);
    expect(boq.createdBy).toEqual({ _id: mine.memberId, name: 'Site Engineer' });
    const before = await stored();
    const res = await h.call(mine, 'POST', '/boq', newBoq(other._id, items.slice(0, 1)));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
    expect(await stored()).toEqual(before);
  });

  it('refuses members without Add BOQ write with 403', async () => {
    for (const who of ['purchaser', 'accountant'] as const) {
      const res = await h.call(who, 'POST', '/boq', newBoq(project._id, items.slice(0, 1)));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe('You do not have write access to Add BOQ');
    }
    expect((await h.call(null, 'POST', '/boq', newBoq(project._id, items.slice(0, 1)))).statusCode).toBe(401);
  });
});

describe('reading BOQs', () => {
  it('answers 404 BOQ Not Found for an unknown id and for a BOQ of another project to an Employee', async () => {
    const boq = await create({}, 'admin', other);
    for (const [who, id] of [
      ['admin', MISSING],
      [mine, boq._id],
      ['employee', boq._id],
    ] as const) {
      for (const url of [`/boq/${id}`, `/boq/items/${id}`]) {
        const res = await h.call(who, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe(BOQ_MESSAGES.notFound);
      }
    }
    expect((await h.call(mine, 'GET', `/boq/${(await create())._id}`)).statusCode).toBe(200);
  });

  it('refuses a member without BOQ List read with 403 (the Accountant by default)', async () => {
    const boq = await create();
    for (const url of ['/boq/all', `/boq/${boq._id}`, `/boq/items/${boq._id}`]) {
      const res = await h.call('accountant', 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('You do not have read access to BOQ List');
    }
    expect((await h.call('purchaser', 'GET', `/boq/${boq._id}`)).statusCode).toBe(200);
  });

  it('lists item balances for the indent screens', async () => {
    const boq = await create();
    const res = await h.call(mine, 'GET', `/boq/items/${boq._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: items.slice(0, 3).map((it, i) => ({
        itemId: it.itemId,
        name: it.name,
        unit: 'bags',
        plannedQty: 100 + i,
        consumedQuantity: 0,
        balanceQuantity: 100 + i,
      })),
    });
  });
});

describe('the BOQ list', () => {
  let listed: { a: Boq; b: Boq; c: Boq; word: string };
  beforeAll(async () => {
    const word = `Zeta${uniqueCode().replace(/[^A-Za-z0-9]/g, '')}`;
    const a = await create({ name: `${word} tower works` });
    const b = await create({ name: `${word} podium works`, status: 'confirmed' });
    const c = await create({ name: `${word} warehouse works` }, 'admin', other);
    listed = { a, b, c, word };
  });

  const list = async (query: string, who: Who | typeof mine = 'admin') => {
    const res = await h.call(who, 'GET', `/boq/all?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: BoqSummary[]; totalItems: number; totalCapped?: boolean };
  };

  it('finds BOQs by name, number, project name and code, newest first, with counts and no lines', async () => {
    const { a, b, c, word } = listed;
    const byName = await list(`keyword=${word.toLowerCase()}&limit=100`);
    expect(byName.result.map((x) => x._id)).toEqual([c._id, b._id, a._id]);
    expect(byName.totalItems).toBe(3);
    expect(byName.totalCapped).toBeUndefined();
    const row = byName.result.find((x) => x._id === a._id)!;
    expect(row).toEqual({
      _id: a._id,
      boqId: a.boqId,
      revision: 1,
      name: a.name,
      description: a.description,
      notes: a.notes,
      projectId: a.projectId,
      status: 'draft',
      itemCount: 3,
      indentCount: 0,
      totalAmount: a.totalAmount,
      createdBy: a.createdBy,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      version: 1,
    });
    expect((await list(`keyword=${a.boqId}`)).result.map((x) => x._id)).toEqual([a._id]);
    expect(
      (await list(`keyword=${encodeURIComponent(other.name.toUpperCase())}&limit=100`)).result.map(
        (x) => x._id,
      ),
    ).toContain(c._id);
    expect((await list(`keyword=${other.projectCode}&limit=100`)).result.map((x) => x._id)).toContain(c._id);
  });

  it('filters by status and project, and pages', async () => {
    const { a, b, c, word } = listed;
    expect((await list(`keyword=${word}&status=confirmed`)).result.map((x) => x._id)).toEqual([b._id]);
    expect((await list(`keyword=${word}&status=draft`)).result.map((x) => x._id)).toEqual([c._id, a._id]);
    expect(
      (await list(`keyword=${word}&status=all&projectId=${project._id}`)).result.map((x) => x._id),
    ).toEqual([b._id, a._id]);
    const page = await list(`keyword=${word}&limit=1&offset=1`);
    expect(page.result.map((x) => x._id)).toEqual([b._id]);
    expect(page.totalItems).toBe(3);
  });

  it('shows an Employee only the BOQs of their projects', async () => {
    const { a, b, word } = listed;
    expect((await list(`keyword=${word}`, mine)).result.map((x) => x._id)).toEqual([b._id, a._id]);
    expect((await list(`keyword=${word}`, 'employee')).totalItems).toBe(0);
    expect((await list(`keyword=${word}&projectId=${other._id}`, mine)).totalItems).toBe(0);
  });

  it('refuses a malformed filter with 400', async () => {
    for (const q of [
      'status=deleted',
      'projectId=abc',
      `projectId=${'-'.repeat(36)}`,
      'limit=0',
      'limit=101',
    ]) {
      expect((await h.call('admin', 'GET', `/boq/all?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('finds a project’s BOQs by its new name once the project is renamed', async () => {
    const p = await h.create({ name: `Old name ${uniqueCode()}` });
    const boq = await create({}, 'admin', p);
    const name = `Renamed Heights ${uniqueCode()}`;
    expect((await h.call('admin', 'PATCH', `/project/${p._id}`, { name })).statusCode).toBe(200);
    expect((await list(`keyword=${encodeURIComponent(name)}`)).result.map((x) => x._id)).toEqual([boq._id]);
    expect((await get(boq._id)).projectId.name).toBe(name);
  });
});

describe('the list and page as PostgreSQL writes them', () => {
  const totals = async (query: string, who: Who | typeof mine = 'admin') => {
    const res = await h.call(who, 'GET', `/boq/all?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: BoqSummary[]; totalItems: number; totalCapped?: boolean };
  };
  const rows = async (where: string, params: unknown[]) =>
    (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM projects.boqs WHERE ${where}`, params))
      .rows[0]!.n;
  const summary = (b: Boq): BoqSummary => {
    const { items: _i, confirmedAt: _a, confirmedBy: _b, revisions: _r, ...rest } = b;
    return rest;
  };

  it('answers a BOQ’s page exactly as the write that made it did: fractional quantities, rounded amounts, consumption and revisions', async () => {
    const body = newBoq(project._id, items.slice(0, 3), {
      status: 'confirmed',
      items: [
        {
          item: items[0]!.itemId,
          plannedQty: 0.33,
          unit: items[0]!.unit,
          rate: 0.5,
          remark: 'Half paisa rounds up',
        },
        { item: items[1]!.itemId, plannedQty: 12.5, unit: items[1]!.unit, rate: 0.1, remark: '' },
        {
          item: items[2]!.itemId,
          plannedQty: 1234567.89,
          unit: items[2]!.unit,
          rate: 98765.43,
          remark: 'Ünicode “quotes” \\ and \n',
        },
      ],
    });
    const res = await h.call('admin', 'POST', '/boq', body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().boq as Boq;
    expect(made.items.map((l) => l.amount)).toEqual([0.17, 1.25, 121932628520.04]);
    await h.db.query(
      'INSERT INTO projects.boq_consumption (boq_number, item_id, consumed_hundredths) VALUES ($1, $2, 4050)',
      [made.boqId, items[1]!.itemId],
    );
    const revised = await h.call('admin', 'POST', `/boq/${made._id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const draft = revised.json().boq as Boq;
    // The revision's answer was built in Node; GET builds it in PostgreSQL. They agree field for field.
    expect(await get(draft._id)).toEqual(draft);
    expect(draft.items[1]).toMatchObject({
      plannedQty: 12.5,
      consumedQuantity: 40.5,
      balanceQuantity: -28,
      rate: 0.1,
      amount: 1.25,
    });
    expect(draft.revisions.map((r) => r.revision)).toEqual([2, 1]);
    const first = await get(made._id);
    expect(first).toMatchObject({ status: 'confirmed', confirmedBy: { name: made.createdBy!.name } });
    expect(first.confirmedAt).toBe(made.confirmedAt);
    expect(first.totalAmount).toBe(made.totalAmount);
  });

  it('lists each BOQ as its own page shows it, and keeps the totals through create, confirm, revise, move and delete', async () => {
    const p = await h.create({ name: `Totals Towers ${uniqueCode()}` });
    const q = await h.create({ name: `Totals Annexe ${uniqueCode()}` });
    const expectTotals = async () => {
      for (const [query, where, params] of [
        [`projectId=${p._id}`, "project_id = $1 AND status <> 'superseded'", [p._id]],
        [`projectId=${p._id}&status=draft`, "project_id = $1 AND status = 'draft'", [p._id]],
        [`projectId=${p._id}&status=confirmed`, "project_id = $1 AND status = 'confirmed'", [p._id]],
        [`projectId=${q._id}`, "project_id = $1 AND status <> 'superseded'", [q._id]],
        ['limit=1', "status <> 'superseded'", []],
        ['status=confirmed&limit=1', "status = 'confirmed'", []],
      ] as Array<[string, string, unknown[]]>) {
        const page = await totals(query);
        expect(page.totalItems, query).toBe(await rows(where, params));
        expect(page.totalCapped, query).toBeUndefined();
      }
    };
    const a = await create({}, 'admin', p);
    const b = await create({ status: 'confirmed' }, 'admin', p);
    await expectTotals();
    const revision = (await h.call('admin', 'POST', `/boq/${b._id}/revise`)).json().boq as Boq;
    await expectTotals();
    expect(
      (
        await h.call(
          'admin',
          'PUT',
          `/boq/${revision._id}`,
          newBoq(p._id, items.slice(0, 2), { status: 'confirmed', version: revision.version }),
        )
      ).statusCode,
    ).toBe(200);
    await expectTotals();
    expect(
      (
        await h.call(
          'admin',
          'PUT',
          `/boq/${a._id}`,
          newBoq(q._id, items.slice(0, 2), { version: a.version }),
        )
      ).statusCode,
    ).toBe(200);
    await expectTotals();
    const c = await create({}, 'admin', p);
    expect((await h.call('admin', 'DELETE', `/boq/${c._id}`)).statusCode).toBe(200);
    await expectTotals();
    // Each entry is the BOQ's own page without its lines, confirmation and revisions.
    const listed = [
      ...(await totals(`projectId=${p._id}&status=all&limit=100`)).result,
      ...(await totals(`projectId=${q._id}&limit=100`)).result,
    ];
    expect(listed.length).toBe(2);
    for (const entry of listed) expect(entry).toEqual(summary(await get(entry._id)));
    // The dashboard's Active BoQs comes from the same counts.
    const stats = (await h.call('admin', 'GET', '/boq/stats')).json() as { activeBoq: number };
    expect(stats.activeBoq).toBe(await rows("status = 'confirmed'", []));
  });
});

describe('editing a draft', () => {
  it('replaces fields and lines, bumps the version, announces and audits it', async () => {
    const boq = await create();
    const body = newBoq(project._id, [items[3]!, items[0]!], { name: 'Revised name', version: 1 });
    const res = await h.call('admin', 'PUT', `/boq/${boq._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BOQ_UPDATED);
    const saved = res.json().boq as Boq;
    expect(saved).toMatchObject({
      _id: boq._id,
      boqId: boq.boqId,
      name: 'Revised name',
      status: 'draft',
      version: 2,
      itemCount: 2,
    });
    expect(saved.items.map((l) => l.itemId)).toEqual([items[3]!.itemId, items[0]!.itemId]);
    expect(await get(boq._id)).toEqual(saved);
    expect((await events(boq._id)).map((e) => [e.status, e.version, e.lines.length])).toEqual([
      ['draft', 1, 3],
      ['draft', 2, 2],
    ]);
    expect(await audit(boq._id)).toEqual(['boq_created', 'boq_updated']);
  });

  it('answers 409 on a stale version, changing nothing', async () => {
    const boq = await create();
    expect(
      (
        await h.call(
          'admin',
          'PUT',
          `/boq/${boq._id}`,
          newBoq(project._id, items.slice(0, 1), { version: 1 }),
        )
      ).statusCode,
    ).toBe(200);
    const res = await h.call(
      'admin',
      'PUT',
      `/boq/${boq._id}`,
      newBoq(project._id, items.slice(0, 2), { version: 1 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOQ_STALE);
    expect((await get(boq._id)).itemCount).toBe(1);
  });

  it('refuses to edit a confirmed BOQ with 409', async () => {
    const boq = await create({ status: 'confirmed' });
    const res = await h.call('admin', 'PUT', `/boq/${boq._id}`, newBoq(project._id, items.slice(0, 1)));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOQ_MESSAGES.notDraft);
    expect(await get(boq._id)).toEqual(boq);
  });

  it('refuses bad input with 400, changing nothing', async () => {
    const boq = await create();
    const res = await h.call('admin', 'PUT', `/boq/${boq._id}`, newBoq(project._id, [items[0]!, items[0]!]));
    expect(res.statusCode).toBe(400);
    expect(await get(boq._id)).toEqual(boq);
  });

  it('confirms a draft (Confirm), recording who and when', async () => {
    const boq = await create();
    const res = await h.call(
      mine,
      'PUT',
      `/boq/${boq._id}`,
      newBoq(project._id, items.slice(0, 3), { status: 'confirmed', version: 1 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BOQ_CONFIRMED);
    expect(res.json().boq).toMatchObject({
      status: 'confirmed',
      version: 3,
      confirmedBy: { _id: mine.memberId, name: 'Site Engineer' },
    });
    expect(await audit(boq._id)).toEqual(['boq_created', 'boq_confirmed']);
  });

  it('moves a first-revision draft to another project, keeping both projects’ BOQ counts', async () => {
    const p = await h.create();
    const boq = await create();
    const [fromBefore, toBefore] = [await boqCount(project), await boqCount(p)];
    const res = await h.call('admin', 'PUT', `/boq/${boq._id}`, newBoq(p._id, items.slice(0, 1)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().boq.projectId).toEqual({ _id: p._id, name: p.name, projectCode: p.projectCode });
    expect([await boqCount(project), await boqCount(p)]).toEqual([fromBefore - 1, toBefore + 1]);
    // And an Employee cannot move one into a project they cannot see.
    const own = await create({}, mine);
    const refused = await h.call(mine, 'PUT', `/boq/${own._id}`, newBoq(other._id, items.slice(0, 1)));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Project not found');
  });

  it('answers 404 to an Employee for a BOQ of another project', async () => {
    const boq = await create({}, 'admin', other);
    const res = await h.call(mine, 'PUT', `/boq/${boq._id}`, newBoq(project._id, items.slice(0, 1)));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BOQ_MESSAGES.notFound);
  });
});

describe('deleting a draft', () => {
  it('removes it, announces status deleted, audits it and lowers the project’s BOQ count', async () => {
    const boq = await create();
    const count = await boqCount(project);
    const res = await h.call('admin', 'DELETE', `/boq/${boq._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: BOQ_DELETED });
    expect((await h.call('admin', 'GET', `/boq/${boq._id}`)).statusCode).toBe(404);
    expect((await events(boq._id)).at(-1)).toMatchObject({
      boqId: boq._id,
      status: 'deleted',
      lines: [],
      version: 2,
    });
    expect(await audit(boq._id)).toEqual(['boq_created', 'boq_deleted']);
    expect(await boqCount(project)).toBe(count - 1);
    const again = await h.call('admin', 'DELETE', `/boq/${boq._id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a confirmed BOQ with 409', async () => {
    const boq = await create({ status: 'confirmed' });
    const res = await h.call('admin', 'DELETE', `/boq/${boq._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOQ_MESSAGES.deleteNotDraft);
    expect((await get(boq._id)).status).toBe('confirmed');
  });

  it('answers 404 to an Employee for a BOQ of another project, and 403 without Add BOQ write', async () => {
    const boq = await create({}, 'admin', other);
    expect((await h.call(mine, 'DELETE', `/boq/${boq._id}`)).statusCode).toBe(404);
    expect((await h.call('purchaser', 'DELETE', `/boq/${boq._id}`)).statusCode).toBe(403);
    expect((await get(boq._id)).status).toBe('draft');
  });
});

describe('revising a confirmed BOQ', () => {
  it('makes a draft revision with the same number and lines; confirming it supersedes the old one', async () => {
    const first = await create({ status: 'confirmed' });
    const count = await boqCount(project);
    const res = await h.call(mine, 'POST', `/boq/${first._id}/revise`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(BOQ_REVISED);
    const draft = res.json().boq as Boq;
    expect(draft).toMatchObject({
      boqId: first.boqId,
      revision: 2,
      status: 'draft',
      name: first.name,
      version: 1,
      createdBy: { _id: mine.memberId },
    });
    expect(draft.items.map(({ _id: _i, ...l }) => l)).toEqual(first.items.map(({ _id: _i, ...l }) => l));
    expect(draft.revisions.map((r) => [r.revision, r.status])).toEqual([
      [2, 'draft'],
      [1, 'confirmed'],
    ]);
    expect(await boqCount(project)).toBe(count);

    // Revising again opens the same draft (decision 0016).
    const again = await h.call('admin', 'POST', `/boq/${first._id}/revise`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: DRAFT_EXISTS, boq: { _id: draft._id } });

    const changed = newBoq(project._id, items.slice(0, 4), {
      name: first.name,
      status: 'confirmed',
      version: 1,
    });
    const confirmed = await h.call('admin', 'PUT', `/boq/${draft._id}`, changed);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      confirmed.json().boq.revisions.map((r: { revision: number; status: string }) => [r.revision, r.status]),
    ).toEqual([
      [2, 'confirmed'],
      [1, 'superseded'],
    ]);
    const old = await get(first._id);
    expect(old).toMatchObject({ status: 'superseded', itemCount: 3 });
    expect((await events(first._id)).at(-1)).toMatchObject({ status: 'superseded', revision: 1 });
    expect(await audit(first._id)).toEqual(['boq_created', 'boq_superseded']);
    expect(await audit(draft._id)).toEqual(['boq_revised', 'boq_confirmed']);
    // The list shows the current revision; superseded ones on asking.
    const list = (await h.call('admin', 'GET', `/boq/all?keyword=${first.boqId}`)).json();
    expect(list.result.map((x: BoqSummary) => [x.revision, x.status])).toEqual([[2, 'confirmed']]);
    const history = (
      await h.call('admin', 'GET', `/boq/all?keyword=${first.boqId}&status=superseded`)
    ).json();
    expect(history.result.map((x: BoqSummary) => x._id)).toEqual([first._id]);
    expect(await boqCount(project)).toBe(count);

    // A superseded revision is history: not edited, deleted or revised.
    expect((await h.call('admin', 'PUT', `/boq/${first._id}`, changed)).json().message).toBe(
      BOQ_MESSAGES.notDraft,
    );
    expect((await h.call('admin', 'DELETE', `/boq/${first._id}`)).statusCode).toBe(409);
    const revise = await h.call('admin', 'POST', `/boq/${first._id}/revise`);
    expect(revise.statusCode).toBe(409);
    expect(revise.json().message).toBe(BOQ_MESSAGES.reviseNotConfirmed);
  });

  it('refuses to revise a draft with 409', async () => {
    const boq = await create();
    const res = await h.call('admin', 'POST', `/boq/${boq._id}/revise`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOQ_MESSAGES.reviseNotConfirmed);
  });

  it('deleting a draft revision keeps the confirmed one and the project’s count', async () => {
    const first = await create({ status: 'confirmed' });
    const draft = (await h.call('admin', 'POST', `/boq/${first._id}/revise`)).json().boq as Boq;
    const count = await boqCount(project);
    expect((await h.call('admin', 'DELETE', `/boq/${draft._id}`)).statusCode).toBe(200);
    expect((await get(first._id)).revisions.map((r) => r.revision)).toEqual([1]);
    expect(await boqCount(project)).toBe(count);
  });

  it('keeps a revision in its BOQ’s project', async () => {
    const first = await create({ status: 'confirmed' });
    const draft = (await h.call('admin', 'POST', `/boq/${first._id}/revise`)).json().boq as Boq;
    const res = await h.call('admin', 'PUT', `/boq/${draft._id}`, newBoq(other._id, items.slice(0, 1)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REVISION_PROJECT);
  });

  it('answers 404 to an Employee for a BOQ of another project, and 403 without Add BOQ write', async () => {
    const boq = await create({ status: 'confirmed' }, 'admin', other);
    expect((await h.call(mine, 'POST', `/boq/${boq._id}/revise`)).statusCode).toBe(404);
    expect((await h.call('purchaser', 'POST', `/boq/${boq._id}/revise`)).statusCode).toBe(403);
  });
});

describe('item names', () => {
  it('shows the newest name the catalog announced, whatever order versions arrive in', async () => {
    const [item] = await newItems(h, 1, 'kg');
    const boq = await create({ items: [{ item: item!.itemId, plannedQty: 1, unit: 'kg', rate: 1 }] });
    await announceItems(h, [{ ...item!, name: 'Renamed v3', version: 3 }]);
    await announceItems(h, [{ ...item!, name: 'Stale v2', version: 2 }]);
    expect((await get(boq._id)).items[0]!.name).toBe('Renamed v3');
  });
});

describe('the dashboard count', () => {
  it('counts the confirmed BOQs the member can see (an Employee’s projects only; none without BOQ List)', async () => {
    const stats = async (who: Who | typeof mine) => {
      const res = await h.call(who, 'GET', '/boq/stats');
      expect(res.statusCode).toBe(200);
      return res.json().activeBoq as number;
    };
    const [all, own, accountant] = [await stats('admin'), await stats(mine), await stats('accountant')];
    expect(accountant).toBe(0);
    await create({ status: 'confirmed' });
    await create({ status: 'confirmed' }, 'admin', other);
    await create();
    expect(await stats('admin')).toBe(all + 2);
    expect(await stats('purchaser')).toBe(all + 2);
    expect(await stats(mine)).toBe(own + 1);
    expect(await stats('employee')).toBe(0);
    const r = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects.boqs WHERE status = 'confirmed'",
    );
    expect(await stats('admin')).toBe(r.rows[0]!.n);
  });
});

describe.skipIf(!onPostgres)('at the same moment (PostgreSQL)', () => {
  it('two Confirms of one draft: one confirms, the other is told it is no longer a draft', async () => {
    const boq = await create();
    const body = newBoq(project._id, items.slice(0, 2), { status: 'confirmed' });
    const answers = await Promise.all([
      h.call('admin', 'PUT', `/boq/${boq._id}`, body),
      h.call(mine, 'PUT', `/boq/${boq._id}`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(BOQ_MESSAGES.notDraft);
    expect(await audit(boq._id)).toEqual(['boq_created', 'boq_confirmed']);
  });

  it('two revisions at once: one draft is made, both callers get it', async () => {
    const boq = await create({ status: 'confirmed' });
    const answers = await Promise.all([
      h.call('admin', 'POST', `/boq/${boq._id}/revise`),
      h.call(mine, 'POST', `/boq/${boq._id}/revise`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const ids = answers.map((a) => (a.json().boq as Boq)._id);
    expect(ids[0]).toBe(ids[1]);
    expect((await get(boq._id)).revisions).toHaveLength(2);
  });

  it('two confirms of two revisions of one number cannot leave two confirmed', async () => {
    const boq = await create({ status: 'confirmed' });
    const draft = (await h.call('admin', 'POST', `/boq/${boq._id}/revise`)).json().boq as Boq;
    const body = newBoq(project._id, items.slice(0, 2), { status: 'confirmed' });
    // Confirm the draft while revising the confirmed one: one order or the other, never two confirmed.
    await Promise.all([
      h.call('admin', 'PUT', `/boq/${draft._id}`, body),
      h.call(mine, 'POST', `/boq/${boq._id}/revise`),
    ]);
    const r = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects.boqs WHERE boq_number = $1 AND status = 'confirmed'",
      [boq.boqId],
    );
    expect(r.rows[0]!.n).toBe(1);
  });

  it('confirms, a revision’s confirm and a delete on one project at once all succeed, and the totals stay exact', async () => {
    const p = await h.create();
    const drafts = await Promise.all(Array.from({ length: 4 }, () => create({}, 'admin', p)));
    const confirmed = await create({ status: 'confirmed' }, 'admin', p);
    const revision = (await h.call('admin', 'POST', `/boq/${confirmed._id}/revise`)).json().boq as Boq;
    const confirm = (b: Boq) =>
      h.call(
        'admin',
        'PUT',
        `/boq/${b._id}`,
        newBoq(p._id, items.slice(0, 2), { status: 'confirmed', version: b.version }),
      );
    const answers = await Promise.all([
      ...drafts.slice(0, 3).map(confirm),
      confirm(revision),
      h.call('admin', 'DELETE', `/boq/${drafts[3]!._id}`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const page = (await h.call('admin', 'GET', `/boq/all?projectId=${p._id}&status=confirmed`)).json() as {
      totalItems: number;
    };
    expect(page.totalItems).toBe(4);
    const all = (await h.call('admin', 'GET', `/boq/all?projectId=${p._id}`)).json() as {
      totalItems: number;
    };
    expect(all.totalItems).toBe(4);
  });

  it('BOQs created at once on one project all count', async () => {
    const p = await h.create();
    await Promise.all(
      Array.from({ length: 6 }, () => h.call('admin', 'POST', '/boq', newBoq(p._id, items.slice(0, 1)))),
    );
    const made = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects.boqs WHERE project_id = $1',
      [p._id],
    );
    expect(await boqCount(p)).toBe(made.rows[0]!.n);
  });
});
