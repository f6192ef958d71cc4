/**
 * Decision 0015 across services: the project form's Employees reach auth (team_set), auth's member
 * events reach the projects service's replica, and the Employee is scoped to exactly those projects;
 * the member form's change shows on the project too. Auth and projects on one database and bus
 * (PGlite and the in-process bus, or PostgreSQL and NATS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Project } from '@erp/contracts';
import { authService } from '@erp/auth-service';
import { projectsService } from '@erp/projects-service';
import { createTestHarness, type TestHarness } from '@erp/service-kit/testing';
import { PROJECTS as DEMO_PROJECTS } from '../../scripts/demo-seed/business.mjs';
import { DEMO_AUTH_ENV, keptSms, seedDemoTeam, signInWithCode } from './demo.js';

let h: TestHarness;
const { sms, codes } = keptSms();

const signIn = (phoneNumber: string) => signInWithCode(h.app, codes, phoneNumber);

let admin: { authorization: string };
let employee: { authorization: string };
let employeeId: string;
const demoProjects: Project[] = [];

beforeAll(async () => {
  h = await createTestHarness([authService({ env: DEMO_AUTH_ENV, sms }), projectsService()]);
  await seedDemoTeam(h.app, '');
  await h.settle();
  admin = await signIn('9000000001');
  employee = await signIn('9000000004');
  employeeId = (await h.app.inject({ method: 'GET', url: '/auth/me', headers: employee })).json().user._id;
  // The demo's two projects, the Employee on the first, made with the project form's call.
  for (const { team, ...p } of DEMO_PROJECTS) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/project',
      headers: admin,
      payload: { ...p, employees: team.length > 0 ? [employeeId] : [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    demoProjects.push(res.json().project as Project);
  }
  await h.settle();
});
afterAll(async () => h?.close());

const get = async (url: string, headers: { authorization: string }) =>
  h.app.inject({ method: 'GET', url, headers });
const projectIds = async (headers: { authorization: string }) =>
  ((await get('/project?limit=100', headers)).json().result as Project[]).map((p) => p._id);
const memberProjects = async () =>
  ((await get(`/auth/details/${employeeId}`, admin)).json() as Member).permissions.projects;

describe('assigning Employees to projects across auth and projects', () => {
  it('the demo Employee is on the first demo project, in auth and in the projects service', async () => {
    const [skyline, nashik] = demoProjects.map((p) => ({ id: p._id }));
    expect(await memberProjects()).toEqual([skyline!.id]);
    expect(await projectIds(employee)).toEqual([skyline!.id]);
    const detail = (await get(`/project/${skyline!.id}`, admin)).json() as Project;
    expect(detail.employees).toEqual([
      { _id: employeeId, name: 'Sandeep Patil', email: 'sandeep.patil@demo.example', status: 'active' },
    ]);
    expect((await get(`/project/${nashik!.id}`, employee)).statusCode).toBe(404);
    expect((await projectIds(admin)).sort()).toEqual([skyline!.id, nashik!.id].sort());
  });

  it('a PATCH with employees reaches auth; the Employee then sees the project; taking them off hides it', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/project',
      headers: admin,
      payload: { name: 'Ganga Heights, Nashik', projectCode: 'PRJ-0100', status: 'planning' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().project as Project;
    expect((await get(`/project/${p._id}`, employee)).statusCode).toBe(404);

    const saved = await h.app.inject({
      method: 'PATCH',
      url: `/project/${p._id}`,
      headers: admin,
      payload: { employees: [employeeId], version: p.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().project.employees.map((e: { _id: string }) => e._id)).toEqual([employeeId]);
    await h.settle();
    expect(await memberProjects()).toContain(p._id);
    expect(await projectIds(employee)).toContain(p._id);
    expect((await get(`/project/${p._id}`, employee)).json().employees).toEqual([
      expect.objectContaining({ _id: employeeId, email: 'sandeep.patil@demo.example' }),
    ]);

    const off = await h.app.inject({
      method: 'PATCH',
      url: `/project/${p._id}`,
      headers: admin,
      payload: { employees: [] },
    });
    expect(off.json().project.employees).toEqual([]);
    await h.settle();
    expect(await memberProjects()).not.toContain(p._id);
    expect(await projectIds(employee)).not.toContain(p._id);
    expect((await get(`/project/${p._id}`, employee)).statusCode).toBe(404);
    expect((await get(`/project/${p._id}`, admin)).json().employees).toEqual([]);
  });

  it('the member form’s change shows on the project', async () => {
    const p = (
      await h.app.inject({
        method: 'POST',
        url: '/project',
        headers: admin,
        payload: { name: 'Sahyadri Business Park', projectCode: 'PRJ-0101' },
      })
    ).json().project as Project;
    const current = await memberProjects();
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/auth/${employeeId}`,
      headers: admin,
      payload: { permissions: { projects: [...current, p._id] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.settle();
    expect(
      (await get(`/project/${p._id}`, admin)).json().employees.map((e: { _id: string }) => e._id),
    ).toEqual([employeeId]);
    expect(await projectIds(employee)).toContain(p._id);
  });
});
