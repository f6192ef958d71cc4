/** Auth consuming erp.projects.team_set.v1 (decision 0015): the project form sets a project's Employees. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectTeamSet, type EventEnvelope, type Member, type MemberUpsertedData } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { ADMIN, EMPLOYEE, startAuth, type AuthHarness } from './helpers.js';

let h: AuthHarness;
let admin: string;
let employee: Member;
let second: Member;
let purchaserId: string;

beforeAll(async () => {
  h = await startAuth();
  admin = await h.signIn(ADMIN);
  const me = (
    await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(await h.signIn(EMPLOYEE)) })
  ).json().user as Member;
  employee = me;
  const created = await h.app.inject({
    method: 'POST',
    url: '/auth/createTeam',
    headers: h.as(admin),
    payload: {
      name: 'Meera Gokhale',
      email: 'meera.gokhale@example.com',
      phoneNumber: '9811122233',
      status: 'active',
      role: 'Employee',
    },
  });
  second = created.json().user as Member;
  const team = (
    await h.app.inject({ method: 'GET', url: '/auth/teamList?limit=100', headers: h.as(admin) })
  ).json().result as Member[];
  purchaserId = team.find((m) => m.role === 'Purchaser')!._id;
  await h.settle();
});
afterAll(async () => h?.close());

const details = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: `/auth/details/${id}`, headers: h.as(admin) })).json() as Member;
const ADMIN_ACTOR = { _id: randomUUID(), name: 'Demo Admin' };

function teamSet(projectId: string, employees: string[], sequence: number): EventEnvelope {
  return buildEnvelope('projects', ProjectTeamSet, { projectId, employees, sequence, actor: ADMIN_ACTOR });
}
async function deliver(e: EventEnvelope) {
  await h.bus.publish(e);
  await h.settle();
}
async function memberEvents(memberId: string): Promise<MemberUpsertedData[]> {
  const r = await h.db.query<{ envelope: { data: MemberUpsertedData } }>(
    "SELECT envelope FROM auth.outbox WHERE subject = 'erp.auth.member_upserted.v1' ORDER BY seq",
  );
  return r.rows.map((x) => x.envelope.data).filter((d) => d.memberId === memberId);
}

describe('a project’s Employees set by the project form', () => {
  it('gives the listed Employees the project once, however often the event is delivered', async () => {
    const project = randomUUID();
    const before = await details(employee._id);
    const eventsBefore = (await memberEvents(employee._id)).length;
    const e = teamSet(project, [employee._id, second._id, purchaserId, randomUUID()], 1);
    await deliver(e);
    await deliver(e);
    const after = await details(employee._id);
    expect(after.permissions.projects).toContain(project);
    expect(after.version).toBe(before.version + 1);
    expect((await details(second._id)).permissions.projects).toEqual([project]);
    // Not an Employee: nothing changes.
    expect((await details(purchaserId)).permissions).toMatchObject({ allProjects: true, projects: [] });
    const events = await memberEvents(employee._id);
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({
      version: after.version,
      email: employee.email,
      permissions: { projects: expect.arrayContaining([project]) },
    });
    const audit = await h.db.query<{ action: string; details: { projectId: string; by: string } }>(
      "SELECT action, details FROM auth.audit_log WHERE entity_id = $1 AND action LIKE 'member_project_%'",
      [employee._id],
    );
    expect(audit.rows).toEqual([
      {
        action: 'member_project_assigned',
        details: expect.objectContaining({ projectId: project, by: 'Demo Admin' }),
      },
    ]);
  });

  it('takes the project from every Employee not listed, and leaves the unchanged alone', async () => {
    const project = randomUUID();
    await deliver(teamSet(project, [employee._id, second._id], 1));
    const secondVersion = (await details(second._id)).version;
    const employeeVersion = (await details(employee._id)).version;
    await deliver(teamSet(project, [second._id], 2));
    expect((await details(employee._id)).permissions.projects).not.toContain(project);
    expect((await details(employee._id)).version).toBe(employeeVersion + 1);
    expect((await details(second._id)).version).toBe(secondVersion);
    const audit = await h.db.query(
      "SELECT 1 FROM auth.audit_log WHERE entity_id = $1 AND action = 'member_project_unassigned'",
      [employee._id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('ignores a sequence not newer than the last one applied for the project', async () => {
    const project = randomUUID();
    await deliver(teamSet(project, [employee._id], 2));
    const v = (await details(employee._id)).version;
    await deliver(teamSet(project, [], 1));
    await deliver(teamSet(project, [second._id], 2));
    expect((await details(employee._id)).permissions.projects).toContain(project);
    expect((await details(employee._id)).version).toBe(v);
    expect((await details(second._id)).permissions.projects).not.toContain(project);
    const stored = await h.db.query<{ sequence: string }>(
      'SELECT sequence::text FROM auth.project_team_sets WHERE project_id = $1',
      [project],
    );
    expect(stored.rows).toEqual([{ sequence: '2' }]);
    // A newer one applies.
    await deliver(teamSet(project, [], 3));
    expect((await details(employee._id)).permissions.projects).not.toContain(project);
  });

  it('an Employee with every project keeps all of them and is not changed', async () => {
    const project = randomUUID();
    const upd = await h.app.inject({
      method: 'PATCH',
      url: `/auth/${second._id}`,
      headers: h.as(admin),
      payload: { permissions: { allProjects: true } },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const v = (await details(second._id)).version;
    await deliver(teamSet(project, [second._id], 1));
    expect(await details(second._id)).toMatchObject({
      version: v,
      permissions: { allProjects: true, projects: [] },
    });
    await h.app.inject({
      method: 'PATCH',
      url: `/auth/${second._id}`,
      headers: h.as(admin),
      payload: { permissions: { allProjects: false, projects: [] } },
    });
  });
});
