import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectTeamSetData, ProjectUpsertedData } from '@erp/contracts';
import { harnessForFile, usingRealServers } from '@erp/service-kit/testing';
import { newProject, startProjects, uniqueCode, type ProjectsHarness } from './helpers.js';

const h = harnessForFile(startProjects);

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

async function outbox<T>(subject: string, projectId: string): Promise<T[]> {
  const r = await h.db.query<{ envelope: { data: T & { projectId: string } } }>(
    'SELECT envelope FROM projects.outbox WHERE subject = $1 ORDER BY seq',
    [subject],
  );
  return r.rows.map((x) => x.envelope.data).filter((d) => d.projectId === projectId);
}

/** A member with team write access but no Admin role (Purchaser with Add Project and Project List write). */
async function projectWriter(extra: Record<string, unknown> = {}) {
  return h.member({
    role: 'Purchaser',
    name: 'Writer Purchaser',
    modules: {
      team: {
        subModules: { projectList: { read: true, write: true }, addProject: { read: true, write: true } },
      },
    },
    ...extra,
  });
}

describe('creating a project', () => {
  it('stores the project, answers 201 with the spec message, and announces it with its location', async () => {
    const body = newProject({ name: '  Skyline   Residency ', location: ' Baner, Pune ' });
    const res = await h.call('admin', 'POST', '/project', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Project created successfully');
    const p = res.json().project as Project;
    expect(p).toMatchObject({
      projectCode: body.projectCode,
      name: 'Skyline Residency',
      location: 'Baner, Pune',
      startDate: '2026-01-10',
      targetCompletionDate: '2027-12-31',
      status: 'inProgress',
      notes: 'Two towers',
      employees: [],
      boqCount: 0,
      version: 1,
      createdBy: { _id: h.people.admin.memberId, name: 'Demo Admin' },
    });
    expect((await h.call('admin', 'GET', `/project/${p._id}`)).json()).toEqual(p);
    expect(await outbox<ProjectUpsertedData>('erp.projects.project_upserted.v1', p._id)).toEqual([
      {
        projectId: p._id,
        projectCode: p.projectCode,
        name: 'Skyline Residency',
        status: 'inProgress',
        location: 'Baner, Pune',
        version: 1,
      },
    ]);
    const audit = await h.db.query<{ action: string; actor_id: string }>(
      'SELECT action, actor_id FROM projects.audit_log WHERE entity_id = $1',
      [p._id],
    );
    expect(audit.rows).toEqual([{ action: 'project_created', actor_id: h.people.admin.memberId }]);
    // No employees given: no team_set.
    expect(await outbox('erp.projects.team_set.v1', p._id)).toEqual([]);
  });

  it('defaults the status to planning and leaves dates, location and notes empty', async () => {
    const res = await h.call('admin', 'POST', '/project', {
      name: 'Bare project',
      projectCode: uniqueCode(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().project).toMatchObject({
      status: 'planning',
      startDate: '',
      targetCompletionDate: '',
      location: '',
      notes: '',
      employees: [],
    });
  });

  it.each([
    [{ name: '   ' }, 'Project name is required'],
    [{ name: '' }, 'Project name is required'],
    [{ projectCode: '  ' }, 'Project code is required'],
    [{ projectCode: '' }, 'Project code is required'],
    [{ projectCode: 'PRJ 0001' }, 'Project code may use letters, digits and dashes (at most 30)'],
    [
      { startDate: '2027-01-01', targetCompletionDate: '2026-12-31' },
      'Start date cannot be after target completion date',
    ],
    [{ startDate: '2026-02-30' }, 'Start date must be a date (YYYY-MM-DD)'],
    [{ targetCompletionDate: '31-12-2026' }, 'Target completion date must be a date (YYYY-MM-DD)'],
    [{ status: 'deleted' }, 'Status must be Planned, In Progress, On Hold or Completed'],
    [{ budget: 5 }, 'Unknown field: budget'],
    [{ employees: ['nope'] }, 'employees.0 must match format "uuid"'],
  ])('refuses %j with 400 and the spec message, storing nothing', async (over, message) => {
    const before = await h.countProjects();
    const res = await h.call('admin', 'POST', '/project', newProject(over));
    expect(res.statusCode).toBe(400);
    if (!String(message).startsWith('employees.0')) expect(res.json()).toEqual({ message });
    expect(await h.countProjects()).toBe(before);
  });

  it('refuses a code another project has, ignoring case, with 409', async () => {
    const first = await h.create();
    const before = await h.countProjects();
    for (const projectCode of [
      first.projectCode,
      first.projectCode.toLowerCase(),
      ` ${first.projectCode} `,
    ]) {
      const res = await h.call('admin', 'POST', '/project', newProject({ projectCode }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'A project with this code already exists' });
    }
    expect(await h.countProjects()).toBe(before);
  });

  it('is refused without Add Project write (403) and to an anonymous caller (401)', async () => {
    const before = await h.countProjects();
    const pur = await h.call('purchaser', 'POST', '/project', newProject());
    expect(pur.statusCode).toBe(403);
    expect(pur.json()).toEqual({ message: 'You do not have write access to Add Project' });
    expect((await h.call('accountant', 'POST', '/project', newProject())).statusCode).toBe(403);
    expect((await h.call('employee', 'POST', '/project', newProject())).statusCode).toBe(403);
    expect((await h.call(null, 'POST', '/project', newProject())).statusCode).toBe(401);
    expect(await h.countProjects()).toBe(before);
    const writer = await projectWriter();
    expect((await h.call(writer, 'POST', '/project', newProject())).statusCode).toBe(201);
  });
});

describe('assigning Employees', () => {
  it('an Admin assigns Employees on create: the answer shows them at once and team_set asks auth', async () => {
    const e1 = await h.member({ role: 'Employee', name: 'Aarti Joshi' });
    const e2 = await h.member({ role: 'Employee', name: 'Vikram Pawar' });
    const p = await h.create({ employees: [e2.memberId, e1.memberId, e1.memberId] });
    expect(p.employees.map((e) => e.name)).toEqual(['Aarti Joshi', 'Vikram Pawar']);
    expect(p.employees[0]).toEqual({ _id: e1.memberId, name: 'Aarti Joshi', email: '', status: 'active' });
    const sets = await outbox<ProjectTeamSetData>('erp.projects.team_set.v1', p._id);
    expect(sets).toEqual([
      {
        projectId: p._id,
        employees: [e2.memberId, e1.memberId],
        sequence: 1,
        actor: { _id: h.people.admin.memberId, name: 'Demo Admin' },
      },
    ]);
    expect((await h.call('admin', 'GET', `/project/${p._id}`)).json().employees).toHaveLength(2);
  });

  it('refuses anyone who is not an active Employee with 400', async () => {
    const inactive = await h.member({ role: 'Employee', status: 'inactive' });
    for (const id of [h.people.purchaser.memberId, h.people.admin.memberId, MISSING, inactive.memberId]) {
      const before = await h.countProjects();
      const res = await h.call('admin', 'POST', '/project', newProject({ employees: [id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Only Employees can be assigned to projects' });
      expect(await h.countProjects()).toBe(before);
    }
  });

  it('only an Admin may change the Employees (403); the same Employees sent by a non-Admin are fine', async () => {
    const e = await h.member({ role: 'Employee' });
    const writer = await projectWriter();
    const refused = await h.call(writer, 'POST', '/project', newProject({ employees: [e.memberId] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only an Admin can assign employees to projects' });
    const p = await h.create({ employees: [e.memberId] });
    const same = await h.call(writer, 'PATCH', `/project/${p._id}`, {
      notes: 'by the purchaser',
      employees: [e.memberId],
      version: p.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().project).toMatchObject({
      notes: 'by the purchaser',
      version: 2,
      employees: [expect.objectContaining({ _id: e.memberId })],
    });
    const changed = await h.call(writer, 'PATCH', `/project/${p._id}`, { employees: [], version: 2 });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual({ message: 'Only an Admin can assign employees to projects' });
    expect(await outbox('erp.projects.team_set.v1', p._id)).toHaveLength(1);
  });

  it('each team change sends the next sequence; the replica’s word wins once auth has applied it', async () => {
    const a = await h.member({ role: 'Employee', name: 'Anil Kale' });
    const b = await h.member({ role: 'Employee', name: 'Bhavna Rao' });
    const p = await h.create();
    const r1 = await h.call('admin', 'PATCH', `/project/${p._id}`, { employees: [a.memberId], version: 1 });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({
      message: 'Project updated successfully',
      project: { version: 2, employees: [{ _id: a.memberId }] },
    });
    const r2 = await h.call('admin', 'PATCH', `/project/${p._id}`, { employees: [b.memberId], version: 2 });
    expect(r2.json().project.employees.map((e: { _id: string }) => e._id)).toEqual([b.memberId]);
    const sets = await outbox<ProjectTeamSetData>('erp.projects.team_set.v1', p._id);
    expect(sets.map((s) => [s.sequence, s.employees])).toEqual([
      [1, [a.memberId]],
      [2, [b.memberId]],
    ]);
    // Auth applies it: b gets the project (version 2), a never had it in the replica.
    await h.member({
      role: 'Employee',
      name: 'Bhavna Rao',
      memberId: b.memberId,
      projects: [p._id],
      version: 2,
    });
    expect(
      (await h.call('admin', 'GET', `/project/${p._id}`)).json().employees.map((e: { _id: string }) => e._id),
    ).toEqual([b.memberId]);
    // Later the member form takes the project from b (version 3): the project shows nobody.
    await h.member({ role: 'Employee', name: 'Bhavna Rao', memberId: b.memberId, projects: [], version: 3 });
    expect((await h.call('admin', 'GET', `/project/${p._id}`)).json().employees).toEqual([]);
    // And the member form gives it to a (version 2): shown at once, without any team_set.
    await h.member({
      role: 'Employee',
      name: 'Anil Kale',
      memberId: a.memberId,
      projects: [p._id],
      version: 2,
    });
    const list = (
      await h.call('admin', 'GET', `/project?keyword=${encodeURIComponent(p.projectCode)}`)
    ).json();
    expect(list.result[0].employees.map((e: { _id: string }) => e._id)).toEqual([a.memberId]);
  });

  it('Employees with every project are not listed as assigned', async () => {
    const all = await h.member({ role: 'Employee', allProjects: true });
    const p = await h.create({ employees: [all.memberId] });
    expect(p.employees).toEqual([]);
  });
});

describe('project list', () => {
  const word = uniqueCode().replace(/-/g, '');
  const made: Project[] = [];
  beforeAll(async () => {
    made.push(await h.create({ name: `Listed Tower ${word}`, location: 'Wakad, Pune', status: 'planning' }));
    made.push(
      await h.create({ name: `Listed Mall ${word}`, location: `Nashik Road ${word}`, status: 'inProgress' }),
    );
    made.push(await h.create({ name: `Listed Depot ${word}`, status: 'onHold' }));
    made.push(await h.create({ name: `Listed School ${word}`, status: 'completed' }));
  });
  const ids = async (q: string, who: Parameters<ProjectsHarness['call']>[0] = 'admin') =>
    (await h.call(who, 'GET', `/project?${q}`)).json().result.map((p: Project) => p._id);

  it('answers result and totalItems, newest first', async () => {
    const body = (await h.call('accountant', 'GET', `/project?keyword=${word}`)).json();
    expect(body.totalItems).toBe(4);
    expect(Object.keys(body).sort()).toEqual(['result', 'totalItems']);
    expect(body.result.map((p: Project) => p._id)).toEqual([...made].reverse().map((p) => p._id));
  });

  it('searches name, code and location, ignoring case', async () => {
    expect(await ids(`keyword=listed%20TOWER%20${word}`)).toEqual([made[0]!._id]);
    expect(await ids(`keyword=${encodeURIComponent(made[2]!.projectCode.toLowerCase())}`)).toEqual([
      made[2]!._id,
    ]);
    expect(await ids(`keyword=nashik%20road%20${word}`)).toEqual([made[1]!._id]);
    expect(await ids(`keyword=${word}%25`)).toEqual([]);
  });

  it('filters by status: a status, active meaning in progress, all or empty meaning none', async () => {
    expect(await ids(`keyword=${word}&status=planning`)).toEqual([made[0]!._id]);
    expect(await ids(`keyword=${word}&status=active`)).toEqual([made[1]!._id]);
    expect(await ids(`keyword=${word}&status=inProgress`)).toEqual([made[1]!._id]);
    expect(await ids(`keyword=${word}&status=onHold`)).toEqual([made[2]!._id]);
    expect(await ids(`keyword=${word}&status=completed`)).toEqual([made[3]!._id]);
    expect(await ids(`keyword=${word}&status=all`)).toHaveLength(4);
    expect(await ids(`keyword=${word}&status=`)).toHaveLength(4);
  });

  it('pages with limit and offset', async () => {
    const page2 = (await h.call('admin', 'GET', `/project?keyword=${word}&limit=3&offset=3`)).json();
    expect(page2).toMatchObject({ totalItems: 4, result: [expect.objectContaining({ _id: made[0]!._id })] });
    expect((await h.call('admin', 'GET', '/project?limit=100&offset=0')).statusCode).toBe(200);
  });

  it('refuses bad paging and an unknown status with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'status=deleted'])
      expect((await h.call('admin', 'GET', `/project?${q}`)).statusCode, q).toBe(400);
    expect((await h.call('admin', 'GET', '/project?status=gone')).json()).toEqual({
      message: 'Status must be all, planning, active, inProgress, onHold or completed',
    });
  });

  it('shows an Employee exactly their projects; an Employee with every project sees all', async () => {
    const mine = await h.member({ role: 'Employee', projects: [made[1]!._id, made[3]!._id] });
    expect(await ids(`keyword=${word}`, mine)).toEqual([made[3]!._id, made[1]!._id]);
    expect((await h.call(mine, 'GET', `/project?keyword=${word}`)).json().totalItems).toBe(2);
    expect(await ids(`keyword=${word}&status=active`, mine)).toEqual([made[1]!._id]);
    expect(await ids(`keyword=${word}`, 'employee')).toEqual([]);
    const all = await h.member({ role: 'Employee', allProjects: true });
    expect(await ids(`keyword=${word}`, all)).toHaveLength(4);
    expect(await ids(`keyword=${word}`, 'purchaser')).toHaveLength(4);
  });

  it('is refused to an anonymous caller (401)', async () => {
    expect((await h.call(null, 'GET', '/project')).statusCode).toBe(401);
  });

  it('lists each project exactly as its own page shows it: team (confirmed, unconfirmed, removed) in name order, dates, creator', async () => {
    const zoya = await h.member({ role: 'Employee', name: 'zoya Shaikh' });
    const elan = await h.member({ role: 'Employee', name: 'Élan Mehta' });
    const bhavna = await h.member({ role: 'Employee', name: 'Bhavna Rao' });
    const p = await h.create({
      name: `Team Parity ${word}`,
      employees: [zoya.memberId, elan.memberId, bhavna.memberId],
    });
    // Auth applies Bhavna's assignment; Anil gets the project from the member form.
    await h.member({
      role: 'Employee',
      name: 'Bhavna Rao',
      memberId: bhavna.memberId,
      projects: [p._id],
      version: 2,
    });
    const anil = await h.member({ role: 'Employee', name: 'anil Kale', projects: [p._id] });
    // Then Bhavna is taken off (not applied by auth yet): the list must not show her either.
    const saved = await h.call('admin', 'PATCH', `/project/${p._id}`, {
      employees: [zoya.memberId, elan.memberId, anil.memberId],
      version: p.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bare = await h.create({
      name: `Team Parity Bare ${word}`,
      startDate: '',
      targetCompletionDate: '',
    });
    await h.db.query('UPDATE projects.projects SET created_by = NULL, created_by_name = NULL WHERE id = $1', [
      bare._id,
    ]);

    const listed = (
      await h.call('admin', 'GET', `/project?keyword=${encodeURIComponent(`team parity ${word}`)}`)
    ).json().result as Project[];
    const bareListed = (
      await h.call('admin', 'GET', `/project?keyword=${encodeURIComponent(`team parity bare ${word}`)}`)
    ).json().result as Project[];
    expect(listed[0]!.employees.map((e) => e.name)).toEqual(['anil Kale', 'Élan Mehta', 'zoya Shaikh']);
    for (const [entry, id] of [
      [listed[0], p._id],
      [bareListed[0], bare._id],
    ] as const) {
      expect(entry).toEqual((await h.call('admin', 'GET', `/project/${id}`)).json());
    }
    expect(bareListed[0]).toMatchObject({
      startDate: '',
      targetCompletionDate: '',
      createdBy: null,
      employees: [],
    });

    // Auth applies Élan's assignment and renames him: the list follows at once, in the new order.
    await h.member({
      role: 'Employee',
      name: 'Zubin Mehta',
      memberId: elan.memberId,
      projects: [p._id],
      version: 2,
    });
    const renamed = (
      await h.call('admin', 'GET', `/project?keyword=${encodeURIComponent(`team parity ${word}`)}`)
    ).json().result as Project[];
    expect(renamed[0]!.employees.map((e) => e.name)).toEqual(['anil Kale', 'zoya Shaikh', 'Zubin Mehta']);
    expect(renamed[0]).toEqual((await h.call('admin', 'GET', `/project/${p._id}`)).json());
  });
});

describe('project list with a count cap', () => {
  let capped: ProjectsHarness;
  const word = uniqueCode().replace(/-/g, '');
  beforeAll(async () => {
    capped = await startProjects({ listCountCap: 2 });
    for (let i = 0; i < 5; i++) await capped.create({ name: `Capped ${i} ${word}` });
  });
  afterAll(async () => capped?.close());

  it('counts up to the cap and says so; the last page knows the exact total', async () => {
    expect((await capped.call('admin', 'GET', `/project?keyword=${word}&limit=1`)).json()).toMatchObject({
      totalItems: 2,
      totalCapped: true,
    });
    const last = (await capped.call('admin', 'GET', `/project?keyword=${word}&limit=2&offset=4`)).json();
    expect(last.totalItems).toBe(5);
    expect(last.totalCapped).toBeUndefined();
  });
});

describe('project codes', () => {
  let fresh: ProjectsHarness;
  beforeAll(async () => {
    fresh = await startProjects();
  });
  afterAll(async () => fresh?.close());
  const next = async () => (await fresh.call('employee', 'GET', '/project/nextCode')).json().projectCode;

  it('suggests PRJ-0001 first, then the code after the highest one used, skipping codes typed by hand', async () => {
    expect(await next()).toBe('PRJ-0001');
    expect(await next()).toBe('PRJ-0001');
    await fresh.create({ projectCode: 'PRJ-0001' });
    expect(await next()).toBe('PRJ-0002');
    await fresh.create({ projectCode: 'SITE-A' });
    expect(await next()).toBe('PRJ-0002');
    await fresh.create({ projectCode: 'prj-0003' });
    expect(await next()).toBe('PRJ-0004');
    await fresh.create({ projectCode: 'PRJ-0002' });
    expect(await next()).toBe('PRJ-0004');
    await fresh.create({ projectCode: 'PRJ-0010' });
    expect(await next()).toBe('PRJ-0011');
  });

  it('is answered to every signed-in member and refused to an anonymous caller', async () => {
    for (const who of ['admin', 'purchaser', 'accountant', 'employee'] as const)
      expect((await fresh.call(who, 'GET', '/project/nextCode')).statusCode).toBe(200);
    expect((await fresh.call(null, 'GET', '/project/nextCode')).statusCode).toBe(401);
  });
});

describe('project detail', () => {
  it('answers 404 "Project not found" for an unknown id and 400 for a malformed one', async () => {
    const res = await h.call('admin', 'GET', `/project/${MISSING}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    expect((await h.call('admin', 'GET', '/project/PRJ-0001')).statusCode).toBe(400);
  });

  it('shows an Employee their project and answers 404 for any other', async () => {
    const p = await h.create();
    const other = await h.create();
    const mine = await h.member({ role: 'Employee', projects: [p._id] });
    expect((await h.call(mine, 'GET', `/project/${p._id}`)).statusCode).toBe(200);
    const refused = await h.call(mine, 'GET', `/project/${other._id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Project not found' });
    expect((await h.call('accountant', 'GET', `/project/${other._id}`)).statusCode).toBe(200);
    expect((await h.call(null, 'GET', `/project/${p._id}`)).statusCode).toBe(401);
  });
});

describe('editing a project', () => {
  it('changes the fields sent, bumps the version and announces the change, the new location included', async () => {
    const p = await h.create();
    const res = await h.call('admin', 'PATCH', `/project/${p._id}`, {
      status: 'onHold',
      location: 'Hinjewadi Phase 3, Pune',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Project updated successfully');
    const after = res.json().project as Project;
    expect(after).toMatchObject({
      ...p,
      status: 'onHold',
      location: 'Hinjewadi Phase 3, Pune',
      version: 2,
      updatedAt: after.updatedAt,
    });
    expect(
      (await outbox<ProjectUpsertedData>('erp.projects.project_upserted.v1', p._id)).map((e) => [
        e.version,
        e.status,
        e.location,
      ]),
    ).toEqual([
      [1, 'inProgress', p.location],
      [2, 'onHold', 'Hinjewadi Phase 3, Pune'],
    ]);
    const audit = await h.db.query<{ action: string }>(
      'SELECT action FROM projects.audit_log WHERE entity_id = $1 ORDER BY id',
      [p._id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['project_created', 'project_updated']);
  });

  it('a save that changes nothing keeps the version', async () => {
    const p = await h.create();
    const res = await h.call('admin', 'PATCH', `/project/${p._id}`, {
      name: ` ${p.name} `,
      employees: [],
      version: 1,
    });
    expect(res.json()).toEqual({ message: 'Project updated successfully', project: p });
  });

  it('refuses a save based on a stale version with 409 and keeps the newer data', async () => {
    const p = await h.create();
    expect(
      (await h.call('admin', 'PATCH', `/project/${p._id}`, { notes: 'first', version: 1 })).statusCode,
    ).toBe(200);
    const stale = await h.call('admin', 'PATCH', `/project/${p._id}`, { notes: 'second', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message:
        'This project was changed by someone else. Reload to see the latest details, then make your change again.',
    });
    expect((await h.call('admin', 'GET', `/project/${p._id}`)).json()).toMatchObject({
      notes: 'first',
      version: 2,
    });
  });

  it('refuses another project’s code with 409 but allows changing the case of its own', async () => {
    const a = await h.create();
    const b = await h.create();
    const clash = await h.call('admin', 'PATCH', `/project/${b._id}`, {
      projectCode: a.projectCode.toLowerCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'A project with this code already exists' });
    expect(
      (await h.call('admin', 'PATCH', `/project/${b._id}`, { projectCode: b.projectCode.toLowerCase() }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [{ name: ' ' }, 'Project name is required'],
    [{ projectCode: '' }, 'Project code is required'],
    [{ startDate: '2028-01-01' }, 'Start date cannot be after target completion date'],
    [{ targetCompletionDate: '2025-12-31' }, 'Start date cannot be after target completion date'],
    [{ version: 'one' }, 'version must be integer'],
  ])('refuses %j with 400 and leaves the project unchanged', async (change, message) => {
    const p = await h.create();
    const res = await h.call('admin', 'PATCH', `/project/${p._id}`, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await h.call('admin', 'GET', `/project/${p._id}`)).json()).toEqual(p);
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    const res = await h.call('admin', 'PATCH', `/project/${MISSING}`, { notes: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    expect((await h.call('admin', 'PATCH', '/project/nope', { notes: 'x' })).statusCode).toBe(400);
  });

  it('needs Project List or Add Project write (403), and an Employee with it only reaches their projects (404)', async () => {
    const p = await h.create();
    const pur = await h.call('purchaser', 'PATCH', `/project/${p._id}`, { notes: 'x' });
    expect(pur.statusCode).toBe(403);
    expect(pur.json()).toEqual({ message: 'You do not have write access to Project List' });
    expect((await h.call('accountant', 'PATCH', `/project/${p._id}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await h.call('employee', 'PATCH', `/project/${p._id}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await h.call(null, 'PATCH', `/project/${p._id}`, { notes: 'x' })).statusCode).toBe(401);
    const adder = await h.member({
      role: 'Purchaser',
      modules: { team: { subModules: { addProject: { write: true } } } },
    });
    expect((await h.call(adder, 'PATCH', `/project/${p._id}`, { notes: 'by the adder' })).statusCode).toBe(
      200,
    );
    const writes = { team: { subModules: { projectList: { write: true } } } };
    const other = await h.member({ role: 'Employee', modules: writes, projects: [MISSING] });
    const hidden = await h.call(other, 'PATCH', `/project/${p._id}`, { notes: 'x' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Project not found' });
    const assigned = await h.member({ role: 'Employee', modules: writes, projects: [p._id] });
    expect(
      (await h.call(assigned, 'PATCH', `/project/${p._id}`, { notes: 'by the site engineer' })).statusCode,
    ).toBe(200);
  });
});

describe.skipIf(!onPostgres)('two saves of one code at the same time (PostgreSQL)', () => {
  it('keeps one and answers 409 to the others', async () => {
    const projectCode = uniqueCode();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => h.call('admin', 'POST', '/project', newProject({ projectCode }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ message: 'A project with this code already exists' });
    const n = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM projects.projects WHERE lower(project_code) = lower($1)',
      [projectCode],
    );
    expect(n.rows[0]!.n).toBe(1);
  });

  it('two edits to one code at the same time: one wins', async () => {
    const a = await h.create();
    const b = await h.create();
    const projectCode = uniqueCode();
    const results = await Promise.all(
      [a, b].map((p) => h.call('admin', 'PATCH', `/project/${p._id}`, { projectCode })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
