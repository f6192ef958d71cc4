/**
 * Contract: mfe-team's project screens (the real api/ files) against the projects service (issue 10).
 * Provider states, which that service's provider test sets up: 'the demo projects exist';
 * 'project 7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e exists' (PRJ-0001, 'Skyline Residency, Pune',
 * inProgress, version 1, one assigned Employee); 'no project uses code PRJ-0003' (the next code).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { emptyProjectValues, valuesToBody } from '../hooks/project-form-values';
import { getNextProjectCode } from './get-next-project-code';
import { getProject } from './get-project';
import { getProjectList } from './get-project-list';
import { createProject, updateProject } from './save-project';

const { like, eachLike, uuid, regex, integer, string } = MatchersV3;
const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const MISSING_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const DATE = '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

const employeeMatcher = {
  _id: uuid('3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c'),
  name: string('Sandeep Patil'),
  email: string('sandeep.patil@demo.example'),
  status: regex('^(active|inactive)$', 'active'),
};

const projectMatcher = (over: Record<string, unknown> = {}) => ({
  _id: uuid(PROJECT_ID),
  projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
  name: string('Skyline Residency, Pune'),
  location: string('Baner, Pune'),
  startDate: regex(DATE, '2026-01-05'),
  targetCompletionDate: regex(DATE, '2027-03-31'),
  status: regex('^(planning|inProgress|onHold|completed)$', 'inProgress'),
  notes: string(''),
  employees: eachLike(employeeMatcher),
  boqCount: integer(0),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  createdBy: like({ _id: uuid(), name: string('Demo Admin') }),
  version: integer(1),
  ...over,
});

const contract = consumerContract('mfe-team', 'projects-service');

/** The create form's body for a new project, as the form builds it. */
const newProject = valuesToBody({
  ...emptyProjectValues('PRJ-0003'),
  name: 'Riverside Towers, Nashik',
  location: 'Gangapur Road, Nashik',
  startDate: '2026-12-01',
  targetCompletionDate: '2027-09-30',
});

describe('mfe-team projects API client', () => {
  it('lists the first page of projects, every status', async () => {
    await contract
      .interaction('the demo projects exist', 'a request for the first page of projects')
      .withRequest('GET', '/api/v1/project', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(projectMatcher()), totalItems: integer(2) }))
      .executeTest(async () => {
        const page = await getProjectList({ page: 1, keyword: '', status: null });
        expect(page.totalItems).toBeGreaterThan(0);
        expect(page.result[0]!.projectCode).toMatch(/^PRJ-/);
      });
  });

  it('searches projects in progress (the list\'s chip "active")', async () => {
    await contract
      .interaction(`project ${PROJECT_ID} exists`, 'a search for projects in progress')
      .withRequest('GET', '/api/v1/project', (b) =>
        b.query({ limit: '100', offset: '0', keyword: 'Skyline', status: 'active' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ result: eachLike(projectMatcher({ status: 'inProgress' })), totalItems: integer(1) }),
      )
      .executeTest(async () => {
        const page = await getProjectList({ page: 1, keyword: ' Skyline ', status: 'active' });
        expect(page.result[0]!.status).toBe('inProgress');
      });
  });

  it('suggests the next free project code', async () => {
    await contract
      .interaction('no project uses code PRJ-0003', 'a request for the next project code')
      .withRequest('GET', '/api/v1/project/nextCode')
      .willRespondWith(200, (b) => b.jsonBody({ projectCode: 'PRJ-0003' }))
      .executeTest(async () => {
        expect((await getNextProjectCode()).projectCode).toBe('PRJ-0003');
      });
  });

  it('reads one project with its assigned Employees and BoQ count', async () => {
    await contract
      .interaction(`project ${PROJECT_ID} exists`, 'a request for one project')
      .withRequest('GET', `/api/v1/project/${PROJECT_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(
          projectMatcher({
            projectCode: 'PRJ-0001',
            name: 'Skyline Residency, Pune',
            status: 'inProgress',
            version: 1,
          }),
        ),
      )
      .executeTest(async () => {
        const project = await getProject(PROJECT_ID);
        expect(project).toMatchObject({
          _id: PROJECT_ID,
          projectCode: 'PRJ-0001',
          status: 'inProgress',
          version: 1,
        });
        expect(project.employees).toHaveLength(1);
      });
  });

  it('is told a project that does not exist is not found', async () => {
    await contract
      .interaction('the demo projects exist', 'a request for a project that does not exist')
      .withRequest('GET', `/api/v1/project/${MISSING_ID}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: string('Project not found') }))
      .executeTest(async () => {
        const err = await getProject(MISSING_ID).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(404);
      });
  });

  it('creates a project under the suggested code', async () => {
    await contract
      .interaction('no project uses code PRJ-0003', 'a request to create a project')
      .withRequest('POST', '/api/v1/project', (b) => b.jsonBody(newProject))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string('Project created successfully'),
          project: projectMatcher({
            projectCode: 'PRJ-0003',
            name: 'Riverside Towers, Nashik',
            status: 'planning',
            employees: [],
            boqCount: 0,
            version: 1,
          }),
        }),
      )
      .executeTest(async () => {
        const { project } = await createProject(newProject);
        expect(project).toMatchObject({ projectCode: 'PRJ-0003', status: 'planning', employees: [] });
      });
  });

  it('is told when the project code is taken', async () => {
    const body = { ...newProject, projectCode: 'PRJ-0001' };
    await contract
      .interaction(
        `project ${PROJECT_ID} exists`,
        'a request to create a project with a code another project has',
      )
      .withRequest('POST', '/api/v1/project', (b) => b.jsonBody(body))
      .willRespondWith(409, (b) =>
        b.jsonBody({ message: regex('^.*[Cc]ode.*$', 'A project with this code already exists') }),
      )
      .executeTest(async () => {
        const err = await createProject(body).catch((e: unknown) => e);
        expect((err as ApiError).status).toBe(409);
        expect((err as ApiError).message).toMatch(/code/i);
      });
  });

  it('updates a project with the version it read, leaving its team as it is', async () => {
    const { employees: _team, ...fields } = valuesToBody({
      ...emptyProjectValues('PRJ-0001'),
      name: 'Skyline Residency, Pune',
      location: 'Baner, Pune',
      startDate: '2026-01-05',
      targetCompletionDate: '2027-03-31',
      notes: 'Tower B slab work',
    });
    const body = { ...fields, version: 1 };
    await contract
      .interaction(`project ${PROJECT_ID} exists`, 'a request to update a project')
      .withRequest('PATCH', `/api/v1/project/${PROJECT_ID}`, (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Project updated successfully'),
          project: projectMatcher({ status: 'planning', notes: 'Tower B slab work', version: integer(2) }),
        }),
      )
      .executeTest(async () => {
        const { project } = await updateProject({ id: PROJECT_ID, body });
        expect(project).toMatchObject({ status: 'planning', notes: 'Tower B slab work', version: 2 });
        expect(project.employees).toHaveLength(1);
      });
  });
});
