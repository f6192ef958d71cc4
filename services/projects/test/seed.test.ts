import { afterEach, describe, expect, it } from 'vitest';
import {
  MemberUpserted,
  defaultModulesForRole,
  type Project,
  type ProjectTeamSetData,
  type ProjectUpsertedData,
} from '@erp/contracts';
import { buildEnvelope, createLogger, createServiceRuntime } from '@erp/service-kit';
import { createTestHarness, grantAccess, type TestHarness } from '@erp/service-kit/testing';
import { DEMO_EMPLOYEE_EMAIL, DEMO_PROJECTS, projectsService } from '../src/app.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const EMPLOYEE_ID = '4f2a6b8c-1d3e-4f5a-9b7c-2e4d6f8a0b1c';

async function teamSets(): Promise<ProjectTeamSetData[]> {
  const r = await h!.db.query<{ envelope: { data: ProjectTeamSetData } }>(
    "SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.team_set.v1' ORDER BY seq",
  );
  return r.rows.map((x) => x.envelope.data);
}

describe('demo data', () => {
  it('seeds the Pune tower and the Nashik warehouse as PRJ-0001 and PRJ-0002; the next code is PRJ-0003', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    const admin = await grantAccess(h, { role: 'Admin' });
    const body = (
      await h.app.inject({ method: 'GET', url: '/project?limit=100', headers: admin.headers })
    ).json();
    expect(body.totalItems).toBe(2);
    const byCode = Object.fromEntries((body.result as Project[]).map((p) => [p.projectCode, p]));
    expect(byCode['PRJ-0001']).toMatchObject({
      _id: DEMO_PROJECTS[0]!.id,
      name: 'Skyline Residency, Pune',
      status: 'inProgress',
      version: 1,
    });
    expect(byCode['PRJ-0002']).toMatchObject({
      name: 'Godavari Logistics Warehouse, Nashik',
      status: 'planning',
    });
    for (const p of body.result as Project[]) expect(p.startDate < p.targetCompletionDate).toBe(true);
    expect(
      (await h.app.inject({ method: 'GET', url: '/project/nextCode', headers: admin.headers })).json(),
    ).toEqual({ projectCode: 'PRJ-0003' });
    // Auth's demo Employee is not known yet: the assignment waits.
    expect(await teamSets()).toEqual([]);
  });

  it('announces each demo project with its location (the demo POs print it)', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    const r = await h.db.query<{ envelope: { data: ProjectUpsertedData } }>(
      "SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.project_upserted.v1' ORDER BY seq",
    );
    expect(r.rows.map((x) => [x.envelope.data.projectCode, x.envelope.data.location])).toEqual([
      ['PRJ-0001', 'Survey 112, Baner-Pashan Link Road, Baner, Pune, Maharashtra 411045'],
      ['PRJ-0002', 'Plot C-27, MIDC Sinnar, Nashik, Maharashtra 422103'],
    ]);
  });

  it('assigns the demo Employee to the first project through team_set once auth announces them', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    await h.bus.publish(
      buildEnvelope('auth', MemberUpserted, {
        memberId: EMPLOYEE_ID,
        name: 'Sandeep Patil',
        email: DEMO_EMPLOYEE_EMAIL,
        role: 'Employee',
        status: 'active',
        permissions: { allProjects: false, projects: [], modules: defaultModulesForRole('Employee') },
        version: 1,
      }),
    );
    await h.settle();
    const sets = await teamSets();
    expect(sets).toEqual([
      {
        projectId: DEMO_PROJECTS[0]!.id,
        employees: [EMPLOYEE_ID],
        sequence: 1,
        actor: { _id: '00000000-0000-0000-0000-000000000000', name: 'Demo data' },
      },
    ]);
    const admin = await grantAccess(h, { role: 'Admin' });
    const p = (
      await h.app.inject({ method: 'GET', url: `/project/${DEMO_PROJECTS[0]!.id}`, headers: admin.headers })
    ).json() as Project;
    expect(p.employees).toEqual([
      { _id: EMPLOYEE_ID, name: 'Sandeep Patil', email: DEMO_EMPLOYEE_EMAIL, status: 'active' },
    ]);
    // Announced again: nothing more is sent.
    await h.bus.publish(
      buildEnvelope('auth', MemberUpserted, {
        memberId: EMPLOYEE_ID,
        name: 'Sandeep Patil',
        email: DEMO_EMPLOYEE_EMAIL,
        role: 'Employee',
        status: 'active',
        permissions: {
          allProjects: false,
          projects: [DEMO_PROJECTS[0]!.id],
          modules: defaultModulesForRole('Employee'),
        },
        version: 2,
      }),
    );
    await h.settle();
    expect(await teamSets()).toHaveLength(1);
  });

  it('does not seed again on a database that already has projects', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    await createServiceRuntime(projectsService(), {
      db: h.db,
      bus: h.bus,
      config: h.config,
      logger: createLogger('silent', 'test'),
    });
    const n = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects.projects');
    expect(n.rows[0]!.n).toBe(2);
  });

  it('seeds nothing when demo data is off', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: false });
    const n = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects.projects');
    expect(n.rows[0]!.n).toBe(0);
  });
});
