import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import {
  BoqConsumed,
  BoqUpserted,
  INDENT_MESSAGES,
  ProjectUpserted,
  type Indent,
  type IndentSummary,
} from '@erp/contracts';
import { buildEnvelope, generationSql } from '@erp/service-kit';
import { newIndent, startIndent, type IndentHarness } from './helpers.js';

const h = harnessForFile(startIndent);

const list = async (query: string, who: Parameters<IndentHarness['call']>[0] = 'admin') => {
  const res = await h.call(who, 'GET', `/indent?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { result: IndentSummary[]; totalItems: number };
};

/** An indent of these lines (world item, quantity): its quantity by unit, on it and on the list, is `byUnit`. */
async function expectByUnit(
  lines: Array<[number, number]>,
  byUnit: Array<{ unit: string; quantity: number }>,
) {
  const made = await h.create({
    title: `Units ${randomUUID().slice(0, 8)}`,
    items: lines.map(([i, quantity]) => ({ item: h.world.items[i]!.itemId, quantity })),
  });
  expect(made.quantityByUnit).toEqual(byUnit);
  expect((await list(`keyword=${encodeURIComponent(made.title)}`)).result[0]!.items.byUnit).toEqual(byUnit);
}

describe('raising an indent', () => {
  it('sends it for comparison with its lines, numbers it IND-nnnnnn and records who raised it', async () => {
    const res = await h.call(
      'employee',
      'POST',
      '/indent',
      newIndent(h.world, { title: '  Slab casting, floor 11  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Indent Added Successfully');
    const indent = res.json().indent as Indent;
    expect(indent.indentId).toMatch(/^IND-\d{6}$/);
    expect(indent).toMatchObject({
      title: 'Slab casting, floor 11',
      status: 'compare',
      projectId: { _id: h.world.projectId },
      boqId: { _id: h.world.boqId, boqId: h.world.boqNumber, name: 'Civil works, Tower A' },
      neededBy: '2026-12-15',
      createdBy: { _id: h.people.employee.memberId, name: 'Sandeep Patil' },
      submittedBy: { name: 'Sandeep Patil' },
      itemCount: 3,
      totalQuantity: 2612.75,
    });
    expect(indent.items.map((l) => [l.itemName, l.unit, l.quantity, l.remark])).toEqual([
      [h.world.items[0]!.name, 'bags', 100, 'Slab'],
      [h.world.items[1]!.name, 'kg', 2500.5, ''],
      [h.world.items[2]!.name, 'CBM', 12.25, 'Screened'],
    ]);
    expect(indent.history).toEqual([
      expect.objectContaining({
        from: null,
        to: 'compare',
        by: { _id: h.people.employee.memberId, name: 'Sandeep Patil' },
      }),
    ]);
    const again = await h.call('admin', 'GET', `/indent/${indent._id}`);
    expect(again.json()).toEqual(indent);
  });

  it('saves a draft, which only a draft’s edit changes; numbers follow each other', async () => {
    const a = await h.create({ status: 'draft' });
    const b = await h.create({ status: 'draft' });
    expect(Number(b.indentId.slice(4))).toBe(Number(a.indentId.slice(4)) + 1);
    expect(a.status).toBe('draft');
    expect(a.submittedBy).toBeNull();
  });

  it('flags a line beyond its BOQ balance, and an item the BOQ does not plan, and follows what receipts consumed', async () => {
    const indent = await h.create({
      items: [
        { item: h.world.items[0]!.itemId, quantity: 650 },
        { item: h.world.items[2]!.itemId, quantity: 60 },
        { item: h.world.items[3]!.itemId, quantity: 5 },
      ],
    });
    expect(indent.items.map((l) => [l.boq, l.overBoq])).toEqual([
      [{ plannedQty: 500, balanceQuantity: 500 }, 150],
      [{ plannedQty: 60, balanceQuantity: 60 }, 0],
      [null, 5],
    ]);
    await h.bus.publish(
      buildEnvelope('projects', BoqConsumed, {
        boqNumber: h.world.boqNumber,
        projectId: h.world.projectId,
        lines: [{ itemId: h.world.items[2]!.itemId, consumedQty: 12.5 }],
      }),
    );
    // An older total arriving late changes nothing: totals only grow.
    await h.bus.publish(
      buildEnvelope('projects', BoqConsumed, {
        boqNumber: h.world.boqNumber,
        projectId: h.world.projectId,
        lines: [{ itemId: h.world.items[2]!.itemId, consumedQty: 2 }],
      }),
    );
    await h.settle();
    const after = (await h.call('employee', 'GET', `/indent/${indent._id}`)).json() as Indent;
    expect(after.items[1]).toMatchObject({ boq: { plannedQty: 60, balanceQuantity: 47.5 }, overBoq: 12.5 });
    const row = (await list(`keyword=${encodeURIComponent(indent.indentId)}`)).result[0]!;
    expect(row.overBoqLines).toBe(3);
  });

  it('measures against the BOQ’s current confirmed revision once the BOQ is revised', async () => {
    const indent = await h.create({ items: [{ item: h.world.items[0]!.itemId, quantity: 650 }] });
    const revision = randomUUID();
    const lines = [
      { itemId: h.world.items[0]!.itemId, name: h.world.items[0]!.name, unit: 'bags', plannedQty: 800 },
    ];
    await h.bus.publish(
      buildEnvelope('projects', BoqUpserted, {
        boqId: revision,
        boqNumber: h.world.boqNumber,
        revision: 2,
        projectId: h.world.projectId,
        name: 'Civil works, Tower A',
        status: 'confirmed',
        lines,
        version: 1,
      }),
    );
    await h.bus.publish(
      buildEnvelope('projects', BoqUpserted, {
        boqId: h.world.boqId,
        boqNumber: h.world.boqNumber,
        revision: 1,
        projectId: h.world.projectId,
        name: 'Civil works, Tower A',
        status: 'superseded',
        lines: [],
        version: 3,
      }),
    );
    await h.settle();
    const after = (await h.call('employee', 'GET', `/indent/${indent._id}`)).json() as Indent;
    expect(after.items[0]).toMatchObject({ boq: { plannedQty: 800, balanceQuantity: 800 }, overBoq: 0 });
    // Put the world back as the other tests expect it.
    await h.bus.publish(
      buildEnvelope('projects', BoqUpserted, {
        boqId: revision,
        boqNumber: h.world.boqNumber,
        revision: 2,
        projectId: h.world.projectId,
        name: 'Civil works, Tower A',
        status: 'superseded',
        lines,
        version: 2,
      }),
    );
    await h.bus.publish(
      buildEnvelope('projects', BoqUpserted, {
        boqId: h.world.boqId,
        boqNumber: h.world.boqNumber,
        revision: 1,
        projectId: h.world.projectId,
        name: 'Civil works, Tower A',
        status: 'confirmed',
        lines: h.world.items.slice(0, 3).map((it, i) => ({
          itemId: it.itemId,
          name: it.name,
          unit: it.unit,
          plannedQty: h.world.planned[i]!,
        })),
        version: 4,
      }),
    );
    await h.settle();
  });

  it('refuses a form the spec refuses, with its words', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: '   ' }, 400, INDENT_MESSAGES.title],
      [{ items: [] }, 400, INDENT_MESSAGES.items],
      [
        { items: [{ item: h.world.items[0]!.itemId, quantity: 0 }] },
        400,
        'Please enter a valid quantity for every item',
      ],
      [
        { items: [{ item: h.world.items[0]!.itemId, quantity: 1.005 }] },
        400,
        'Please enter a valid quantity for every item',
      ],
      [
        {
          items: [
            { item: h.world.items[0]!.itemId, quantity: 10 },
            { item: h.world.items[0]!.itemId, quantity: 5 },
          ],
        },
        400,
        INDENT_MESSAGES.duplicateItem,
      ],
      [{ items: [{ item: randomUUID(), quantity: 10 }] }, 400, INDENT_MESSAGES.unknownItem],
      [{ boqId: h.world.draftBoqId }, 400, INDENT_MESSAGES.boqNotUsable],
      [{ boqId: h.world.otherBoqId }, 400, INDENT_MESSAGES.boqNotUsable],
      [{ neededBy: '2026-02-30' }, 400, INDENT_MESSAGES.neededBy],
      [{ projectId: randomUUID() }, 404, 'Project not found'],
    ];
    for (const [over, status, message] of cases) {
      const res = await h.call('employee', 'POST', '/indent', { ...newIndent(h.world), ...over });
      expect([res.statusCode, res.json().message], JSON.stringify(over)).toEqual([status, message]);
    }
  });

  it('keeps a title, notes and remarks in any script as typed', async () => {
    const indent = await h.create({
      title: 'स्लॅब कास्टिंग — मजला ११',
      notes: 'Shree Ganesh & Co. to deliver',
      items: [{ item: h.world.items[0]!.itemId, quantity: 1, remarks: 'ಸಿಮೆಂಟ್' }],
    });
    expect([indent.title, indent.notes, indent.items[0]!.remark]).toEqual([
      'स्लॅब कास्टिंग — मजला ११',
      'Shree Ganesh & Co. to deliver',
      'ಸಿಮೆಂಟ್',
    ]);
  });
});

describe('editing a draft', () => {
  it('changes the form, keeps the lines’ order as sent, and sends it for comparison', async () => {
    const draft = await h.create({ status: 'draft' });
    const body = newIndent(h.world, {
      title: 'Slab casting, revised',
      status: 'compare',
      items: [
        { item: h.world.items[2]!.itemId, quantity: 20 },
        { item: h.world.items[0]!.itemId, quantity: 80, remarks: 'moved down' },
      ],
    });
    const res = await h.call('employee', 'PUT', `/indent/${draft._id}`, { ...body, version: draft.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INDENT_MESSAGES.sentForComparison);
    const saved = res.json().indent as Indent;
    expect(saved.items.map((l) => [l.itemId, l.quantity, l.remark])).toEqual([
      [h.world.items[2]!.itemId, 20, ''],
      [h.world.items[0]!.itemId, 80, 'moved down'],
    ]);
    expect(saved).toMatchObject({
      title: 'Slab casting, revised',
      status: 'compare',
      version: draft.version + 1,
      totalQuantity: 100,
    });
    expect(saved.history.map((x) => [x.from, x.to])).toEqual([
      [null, 'draft'],
      ['draft', 'compare'],
    ]);
  });

  it('refuses to edit an indent that is not a draft, saying its status', async () => {
    const sent = await h.create();
    const res = await h.call('employee', 'PUT', `/indent/${sent._id}`, newIndent(h.world));
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Only draft indent can be edited. This BoQ has status: Compare Pending',
    ]);
  });

  it('refuses a save made from an older version (409), changing nothing', async () => {
    const draft = await h.create({ status: 'draft' });
    const first = await h.call('employee', 'PUT', `/indent/${draft._id}`, {
      ...newIndent(h.world, { status: 'draft', title: 'First' }),
      version: draft.version,
    });
    expect(first.statusCode).toBe(200);
    const second = await h.call('employee', 'PUT', `/indent/${draft._id}`, {
      ...newIndent(h.world, { status: 'draft', title: 'Second' }),
      version: draft.version,
    });
    expect([second.statusCode, second.json().message]).toEqual([409, INDENT_MESSAGES.stale]);
    expect((await h.call('employee', 'GET', `/indent/${draft._id}`)).json().title).toBe('First');
  });
});

describe('the indent list', () => {
  it('filters by status, project and keyword, and sorts by creation or last update', async () => {
    const word = `Brickwork ${randomUUID().slice(0, 8)}`;
    const draft = await h.create({ status: 'draft', title: `${word} draft` });
    const mine = await h.create({ title: word });
    const byKeyword = await list(`keyword=${encodeURIComponent(mine.title)}`);
    expect(byKeyword.result.map((r) => r._id).sort()).toEqual([mine._id, draft._id].sort());
    expect(byKeyword.totalItems).toBe(2);
    const compareOnly = await list(`keyword=${encodeURIComponent(mine.title)}&status=compare`);
    expect(compareOnly.result.map((r) => r._id)).toEqual([mine._id]);
    expect(compareOnly.result[0]).toMatchObject({
      items: { count: 3, totalQuantity: 2612.75, totalAmount: 0 },
      projectId: { _id: h.world.projectId },
      poCount: 0,
    });
    expect((await list(`projectId=${h.world.otherProjectId}`)).totalItems).toBe(0);
    // Editing the older draft puts it first by last update, not by creation.
    expect((await list(`keyword=${encodeURIComponent(mine.title)}&sort=updatedAt`)).result[0]!._id).toBe(
      mine._id,
    );
    await h.call('employee', 'PUT', `/indent/${draft._id}`, {
      ...newIndent(h.world, { status: 'draft', title: `${word} draft` }),
      version: draft.version,
    });
    expect((await list(`keyword=${encodeURIComponent(mine.title)}&sort=updatedAt`)).result[0]!._id).toBe(
      draft._id,
    );
    expect((await list(`keyword=${encodeURIComponent(mine.title)}&sort=createdAt`)).result[0]!._id).toBe(
      mine._id,
    );
    const bad = await h.call('admin', 'GET', '/indent?projectId=not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('gives each unit’s total quantity, never bags, kg and CBM added together, on the list and the indent alike', async () => {
    await expectByUnit(
      [
        [0, 100],
        [1, 2500.5],
        [2, 12.25],
      ],
      [
        { unit: 'bags', quantity: 100 },
        { unit: 'kg', quantity: 2500.5 },
        { unit: 'CBM', quantity: 12.25 },
      ],
    );
    // Two lines in one unit add up; the order is the lines' own.
    // River sand in CBM first, then cement and wall putty, both in bags.
    await expectByUnit(
      [
        [2, 1.5],
        [0, 10],
        [3, 0.75],
      ],
      [
        { unit: 'CBM', quantity: 1.5 },
        { unit: 'bags', quantity: 10.75 },
      ],
    );
  });

  it('finds an indent by its project’s name and code, and its creator', async () => {
    const made = await h.create({ title: `Keyword ${randomUUID().slice(0, 8)}` });
    const project = made.projectId;
    expect(
      (await list(`keyword=${encodeURIComponent(project.projectCode)}&limit=100`)).result.some(
        (r) => r._id === made._id,
      ),
    ).toBe(true);
    expect(
      (await list(`keyword=${encodeURIComponent(project.name.toUpperCase())}&limit=100`)).result.some(
        (r) => r._id === made._id,
      ),
    ).toBe(true);
    expect((await list('keyword=sandeep&limit=100')).result.some((r) => r._id === made._id)).toBe(true);
    // Renamed in the projects service: found by the new name, no longer by the old one.
    const renamed = `Lakeview Towers ${randomUUID().slice(0, 6)}`;
    await h.bus.publish(
      buildEnvelope('projects', ProjectUpserted, {
        projectId: h.world.projectId,
        projectCode: project.projectCode,
        name: renamed,
        status: 'inProgress',
        version: 7,
      }),
    );
    await h.settle();
    expect(
      (await list(`keyword=${encodeURIComponent(renamed.toLowerCase())}&limit=100`)).result.some(
        (r) => r._id === made._id,
      ),
    ).toBe(true);
    expect(
      (await list(`keyword=${encodeURIComponent(project.name)}&limit=100`)).result.some(
        (r) => r._id === made._id,
      ),
    ).toBe(false);
    await h.bus.publish(
      buildEnvelope('projects', ProjectUpserted, {
        projectId: h.world.projectId,
        projectCode: project.projectCode,
        name: project.name,
        status: 'inProgress',
        version: 8,
      }),
    );
    await h.settle();
  });
});

describe('the indent list as PostgreSQL writes it, kept while nothing it shows changes', () => {
  /** What a list row repeats of the indent's own page. */
  const headOf = (i: Indent): Partial<Indent> => {
    const head: Partial<Indent> = { ...i };
    for (const key of [
      'items',
      'itemCount',
      'totalQuantity',
      'quantityByUnit',
      'pos',
      'history',
      'fleet',
    ] as const)
      delete head[key];
    return head;
  };
  const rowOf = async (id: string, query = 'limit=100') =>
    (await list(query)).result.find((r) => r._id === id);

  it('shows each indent as its own page does: scripts, quotes, fractions, empty dates and the submitter', async () => {
    const draft = await h.create({
      status: 'draft',
      title: 'सीमेंट "OPC" \\ slab — tower B',
      items: [
        { item: h.world.items[0]!.itemId, quantity: 0.05, remarks: 'line "one"' },
        { item: h.world.items[1]!.itemId, quantity: 1234567.89 },
      ],
      neededBy: null,
      notes: 'Deliver before 10 am\nGate 2',
    });
    const sent = await h.create({ title: `Sent ${randomUUID().slice(0, 6)}` });
    for (const made of [draft, sent]) {
      const page = (await h.call('admin', 'GET', `/indent/${made._id}`)).json() as Indent;
      const row = await rowOf(made._id);
      expect(row).toEqual({
        ...headOf(page),
        items: {
          count: page.itemCount,
          totalQuantity: page.totalQuantity,
          totalAmount: 0,
          byUnit: page.quantityByUnit,
        },
        overBoqLines: page.items.filter((l) => l.overBoq > 0).length,
        poCount: page.pos.length,
      });
    }
    expect((await rowOf(draft._id))!.items.totalQuantity).toBe(1234567.94);
  });

  it('shows a change on the next read, whoever made it: an edit, a project renamed by its event, a row changed in the database', async () => {
    const made = await h.create({ status: 'draft', title: `Kept ${randomUUID().slice(0, 6)}` });
    expect((await rowOf(made._id))!.title).toBe(made.title);
    // The same page twice: the second is the kept answer.
    expect(await list('limit=100')).toEqual(await list('limit=100'));
    await h.call('employee', 'PUT', `/indent/${made._id}`, {
      ...newIndent(h.world, { status: 'draft', title: `${made.title} edited` }),
      version: made.version,
    });
    expect((await rowOf(made._id))!.title).toBe(`${made.title} edited`);

    const project = made.projectId;
    await h.bus.publish(
      buildEnvelope('projects', ProjectUpserted, {
        projectId: h.world.projectId,
        projectCode: project.projectCode,
        name: `${project.name} Phase 2`,
        status: 'inProgress',
        version: 20,
      }),
    );
    await h.settle();
    expect((await rowOf(made._id))!.projectId.name).toBe(`${project.name} Phase 2`);
    await h.bus.publish(
      buildEnvelope('projects', ProjectUpserted, {
        projectId: h.world.projectId,
        projectCode: project.projectCode,
        name: project.name,
        status: 'inProgress',
        version: 21,
      }),
    );
    await h.settle();

    await h.db.query('UPDATE indent.indents SET notes = $2 WHERE id = $1', [
      made._id,
      'Changed outside the service',
    ]);
    expect((await rowOf(made._id))!.notes).toBe('Changed outside the service');
    await h.db.query('UPDATE indent.boq_snapshots SET name = $2 WHERE boq_id = $1', [
      h.world.boqId,
      'Civil works, renamed',
    ]);
    expect((await rowOf(made._id))!.boqId.name).toBe('Civil works, renamed');
    await h.db.query('UPDATE indent.boq_snapshots SET name = $2 WHERE boq_id = $1', [
      h.world.boqId,
      'Civil works, Tower A',
    ]);
  });

  it('counts the totals of each filter as count(*) would', async () => {
    const count = async (where: string, params: unknown[] = []) =>
      Number(
        (
          await h.db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM indent.indents WHERE ${where}`,
            params,
          )
        ).rows[0]!.n,
      );
    expect((await list('limit=1')).totalItems).toBe(await count('true'));
    expect((await list('limit=1&status=draft')).totalItems).toBe(await count(`status = 'draft'`));
    expect((await list(`limit=1&projectId=${h.world.projectId}&status=compare`)).totalItems).toBe(
      await count(`project_id = $1 AND status = 'compare'`, [h.world.projectId]),
    );
    const employee = await list('limit=1', 'employee');
    expect(employee.totalItems).toBe(await count('project_id = $1', [h.world.projectId]));
    // Past the end of the matches: an empty page that still says how many there are.
    const beyond = await list(`limit=10&offset=100000&status=draft`);
    expect(beyond).toEqual({ result: [], totalItems: await count(`status = 'draft'`) });
  });
});

describe('who may see and change indents', () => {
  it('keeps an Employee to their projects: another project’s indent is not found, nor listed', async () => {
    const indent = await h.create();
    const other = await h.call('outsider', 'GET', `/indent/${indent._id}`);
    expect([other.statusCode, other.json().message]).toEqual([404, 'Indent Not Found']);
    expect((await list('limit=100', 'outsider')).result.some((r) => r._id === indent._id)).toBe(false);
    expect((await h.call('outsider', 'PUT', `/indent/${indent._id}`, newIndent(h.world))).statusCode).toBe(
      404,
    );
    const raise = await h.call('outsider', 'POST', '/indent', newIndent(h.world));
    expect([raise.statusCode, raise.json().message]).toEqual([404, 'Project not found']);
    expect((await h.call('outsider', 'GET', `/indent/compare/${indent._id}`)).statusCode).toBe(403);
  });

  it('lets only members with Create Indent write raise and edit, and refuses without a token', async () => {
    expect((await h.call('accountant', 'POST', '/indent', newIndent(h.world))).statusCode).toBe(403);
    expect((await h.call('purchaser', 'POST', '/indent', newIndent(h.world))).statusCode).toBe(403);
    expect((await h.call(null, 'POST', '/indent', newIndent(h.world))).statusCode).toBe(401);
    expect((await h.call(null, 'GET', '/indent')).statusCode).toBe(401);
    const reader = await h.member({
      role: 'Employee',
      projects: [h.world.projectId],
      modules: { indent: { subModules: { list: { read: true } } } },
    });
    expect((await h.call(reader, 'POST', '/indent', newIndent(h.world))).statusCode).toBe(403);
    expect((await h.call(reader, 'GET', '/indent')).statusCode).toBe(200);
    const none = await h.member({ role: 'Employee', projects: [h.world.projectId], modules: {} });
    expect((await h.call(none, 'GET', '/indent')).statusCode).toBe(403);
  });

  it('answers the dashboard’s counts within the member’s projects and modules', async () => {
    const before = (await h.call('admin', 'GET', '/indent/stats')).json();
    await h.create({ status: 'draft' });
    await h.create();
    const after = (await h.call('admin', 'GET', '/indent/stats')).json();
    expect([
      after.draftIndents - before.draftIndents,
      after.indentsToCompare - before.indentsToCompare,
    ]).toEqual([1, 1]);
    expect((await h.call('outsider', 'GET', '/indent/stats')).json()).toEqual({
      draftIndents: 0,
      indentsToCompare: 0,
      indentsToApprove: 0,
    });
    const employee = (await h.call('employee', 'GET', '/indent/stats')).json();
    expect(employee.indentsToCompare).toBe(0);
    expect(employee.draftIndents).toBeGreaterThan(0);
  });
});

describe('over-BOQ lines kept as consumption grows', () => {
  it('counts again exactly the indents whose lines cross their balance, whatever the step, and no other', async () => {
    // Item 1 is planned at 10,000 kg; these lines sit around the balances the steps below leave.
    const quantities = [100, 2500.5, 4000, 6000, 6000.01, 9999.99, 10000, 12000];
    const made: Indent[] = [];
    for (const quantity of quantities)
      made.push(
        await h.create({
          items: [
            { item: h.world.items[1]!.itemId, quantity },
            { item: h.world.items[0]!.itemId, quantity: 1 },
          ],
        }),
      );
    const overLines = async () => {
      const rows = (
        await h.db.query<{ id: string; kept: number; counted: number }>(
          'SELECT id, over_boq_lines AS kept, indent.over_boq_lines(id) AS counted FROM indent.indents',
        )
      ).rows;
      expect(rows.filter((r) => r.kept !== r.counted)).toEqual([]);
      return made.map((m) => rows.find((r) => r.id === m._id)!.kept);
    };
    const seen: number[][] = [await overLines()];
    // Consumption totals as receipts would announce them (a late, smaller one included: totals only grow).
    for (const consumed of [3999.99, 4000, 1000, 7500, 9999.99, 10000, 10500]) {
      await h.bus.publish(
        buildEnvelope('projects', BoqConsumed, {
          boqNumber: h.world.boqNumber,
          projectId: h.world.projectId,
          lines: [{ itemId: h.world.items[1]!.itemId, consumedQty: consumed }],
        }),
      );
      await h.settle();
      seen.push(await overLines());
    }
    // Balance 10,000 - consumed: each line turns over once the balance falls below it, and stays so.
    expect(seen[0]).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(seen.at(-1)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(seen[3]).toEqual(seen[2]);
    expect(seen[4]).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps the indent list’s answers when a receipt turns no line over, and moves them when one does', async () => {
    // Cement is planned at 500 bags; this line turns over once the balance falls below 497.5.
    const cement = h.world.items[0]!.itemId;
    const mine = await h.create({ items: [{ item: cement, quantity: 497.5 }] });
    const generation = async () =>
      (await h.db.query<{ g: string }>(`SELECT ${generationSql('indent')} AS g`)).rows[0]!.g;
    const overOnMine = async () =>
      (
        await h.db.query<{ n: number }>('SELECT over_boq_lines AS n FROM indent.indents WHERE id = $1', [
          mine._id,
        ])
      ).rows[0]!.n;
    const consumed = async (qty: number) => {
      await h.bus.publish(
        buildEnvelope('projects', BoqConsumed, {
          boqNumber: h.world.boqNumber,
          projectId: h.world.projectId,
          lines: [{ itemId: cement, consumedQty: qty }],
        }),
      );
      await h.settle();
    };
    const already =
      Number(
        (
          await h.db.query<{ c: string }>(
            'SELECT coalesce(max(consumed_hundredths), 0) AS c FROM indent.boq_consumed WHERE item_id = $1',
            [cement],
          )
        ).rows[0]!.c,
      ) / 100;
    expect(already).toBeLessThan(1);
    await consumed(1);
    const before = await generation();
    // Balance 500 - 2 = 498: still above every cement line, so no indent changes.
    await consumed(2);
    expect(await generation()).toBe(before);
    expect(await overOnMine()).toBe(0);
    // Balance 497: the 497.5 line is over now, and the list hears of it.
    await consumed(3);
    expect(await overOnMine()).toBe(1);
    expect(await generation()).not.toBe(before);
  });
});
