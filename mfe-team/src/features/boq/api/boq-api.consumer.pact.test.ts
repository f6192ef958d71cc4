/**
 * Contract: mfe-team's BOQ list and detail screens (the real api/ files) against the projects service.
 * Provider states, which that service's provider test sets up (services/projects/test/http.provider.pact.test.ts):
 * - 'the demo BOQs exist': at least one BOQ visible to an Admin (any project, any status);
 * - `confirmed BOQ ${CONFIRMED_ID} exists`: BOQ-0001, revision 1, confirmed, 'Civil and structural
 *   works, Tower A' of project 7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e (PRJ-0001, 'Skyline Residency, Pune'),
 *   with at least one line, and no draft revision;
 * - `draft BOQ ${DRAFT_ID} exists`: a draft (revision 1) named 'Finishing works, Tower A' of the same project.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { removeBoq, reviseBoq } from './change-boq';
import { getBoq } from '../../shared/api/get-boq';
import { getBoqList } from '../../shared/api/get-boq-list';

const { like, eachLike, uuid, regex, integer, decimal, string } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const CONFIRMED_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const DRAFT_ID = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';
const MISSING_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const STATUS = '^(draft|confirmed|superseded)$';
const TIME = string('2026-11-25T10:00:00.000Z');

const summaryMatcher = (over: Record<string, unknown> = {}) => ({
  _id: uuid(CONFIRMED_ID),
  boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
  revision: integer(1),
  name: string('Civil and structural works, Tower A'),
  description: string('RCC frame, slabs and masonry'),
  notes: string(''),
  projectId: like({
    _id: uuid(PROJECT_ID),
    name: string('Skyline Residency, Pune'),
    projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
  }),
  status: regex(STATUS, 'confirmed'),
  itemCount: integer(8),
  indentCount: integer(0),
  totalAmount: decimal(36_502_500.5),
  createdBy: like({ _id: uuid(), name: string('Demo Admin') }),
  createdAt: TIME,
  updatedAt: TIME,
  version: integer(1),
  ...over,
});

const lineMatcher = {
  _id: string('1'),
  item: like({ _id: uuid(), name: string('Cement OPC 53') }),
  itemId: uuid(),
  name: string('Cement OPC 53'),
  unit: string('bags'),
  plannedQty: decimal(14800.5),
  rate: decimal(380.25),
  amount: decimal(5_627_890.13),
  consumedQuantity: decimal(120.5),
  balanceQuantity: decimal(14680),
  remark: string('Masonry mortar and plaster'),
};

const boqMatcher = (over: Record<string, unknown> = {}) => ({
  ...summaryMatcher(),
  items: eachLike(lineMatcher),
  confirmedAt: TIME,
  confirmedBy: like({ _id: uuid(), name: string('Demo Admin') }),
  revisions: eachLike({
    _id: uuid(CONFIRMED_ID),
    revision: integer(1),
    status: regex(STATUS, 'confirmed'),
    createdAt: TIME,
  }),
  ...over,
});

const contract = consumerContract('mfe-team', 'projects-service');

describe('mfe-team BOQ API client', () => {
  it('lists the first page of BOQs, every project and status', async () => {
    await contract
      .interaction('the demo BOQs exist', 'a request for the first page of BOQs')
      .withRequest('GET', '/api/v1/boq/all', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(summaryMatcher()), totalItems: integer(2) }))
      .executeTest(async () => {
        const page = await getBoqList({ page: 1, keyword: '', status: null, projectId: null });
        expect(page.totalItems).toBeGreaterThan(0);
        expect(page.result[0]!.boqId).toMatch(/^BOQ-/);
        expect(page.result[0]!.projectId.name).toBeTruthy();
      });
  });

  it('searches the draft BOQs of one project', async () => {
    await contract
      .interaction(`draft BOQ ${DRAFT_ID} exists`, 'a search for the draft BOQs of a project')
      .withRequest('GET', '/api/v1/boq/all', (b) =>
        b.query({ limit: '100', offset: '0', keyword: 'Finishing', status: 'draft', projectId: PROJECT_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(
            summaryMatcher({
              _id: uuid(DRAFT_ID),
              name: string('Finishing works, Tower A'),
              status: 'draft',
              projectId: like({
                _id: PROJECT_ID,
                name: string('Skyline Residency, Pune'),
                projectCode: string('PRJ-0001'),
              }),
            }),
          ),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        const page = await getBoqList({
          page: 1,
          keyword: ' Finishing ',
          status: 'draft',
          projectId: PROJECT_ID,
        });
        expect(page.result[0]).toMatchObject({ status: 'draft', projectId: { _id: PROJECT_ID } });
      });
  });

  it('reads a confirmed BOQ with its lines (planned, consumed, balance) and its revisions', async () => {
    await contract
      .interaction(`confirmed BOQ ${CONFIRMED_ID} exists`, 'a request for one BOQ')
      .withRequest('GET', `/api/v1/boq/${CONFIRMED_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(boqMatcher({ _id: CONFIRMED_ID, boqId: 'BOQ-0001', status: 'confirmed', revision: 1 })),
      )
      .executeTest(async () => {
        const boq = await getBoq(CONFIRMED_ID);
        expect(boq).toMatchObject({ _id: CONFIRMED_ID, boqId: 'BOQ-0001', status: 'confirmed', revision: 1 });
        const line = boq.items[0]!;
        expect(line.balanceQuantity).toBeCloseTo(line.plannedQty - line.consumedQuantity, 2);
        expect(boq.revisions[0]!._id).toBe(CONFIRMED_ID);
      });
  });

  it('is told a BOQ that does not exist is not found', async () => {
    await contract
      .interaction('the demo BOQs exist', 'a request for a BOQ that does not exist')
      .withRequest('GET', `/api/v1/boq/${MISSING_ID}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: string('BOQ Not Found') }))
      .executeTest(async () => {
        const err = await getBoq(MISSING_ID).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(404);
      });
  });

  it('deletes a draft BOQ', async () => {
    await contract
      .interaction(`draft BOQ ${DRAFT_ID} exists`, 'a request to delete a draft BOQ')
      .withRequest('DELETE', `/api/v1/boq/${DRAFT_ID}`)
      .willRespondWith(200, (b) => b.jsonBody({ message: string('BOQ deleted successfully') }))
      .executeTest(async () => {
        expect((await removeBoq(DRAFT_ID)).message).toBeTruthy();
      });
  });

  it('is told a confirmed BOQ cannot be deleted', async () => {
    await contract
      .interaction(`confirmed BOQ ${CONFIRMED_ID} exists`, 'a request to delete a confirmed BOQ')
      .withRequest('DELETE', `/api/v1/boq/${CONFIRMED_ID}`)
      .willRespondWith(409, (b) => b.jsonBody({ message: 'Only a draft BOQ can be deleted' }))
      .executeTest(async () => {
        const err = await removeBoq(CONFIRMED_ID).catch((e: unknown) => e);
        expect((err as ApiError).status).toBe(409);
        expect((err as ApiError).message).toBe('Only a draft BOQ can be deleted');
      });
  });

  it('revises a confirmed BOQ into a new draft revision of the same number', async () => {
    await contract
      .interaction(`confirmed BOQ ${CONFIRMED_ID} exists`, 'a request to revise a confirmed BOQ')
      .withRequest('POST', `/api/v1/boq/${CONFIRMED_ID}/revise`)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string('A new draft revision of this BOQ was created'),
          boq: boqMatcher({
            _id: uuid(DRAFT_ID),
            boqId: 'BOQ-0001',
            revision: 2,
            status: 'draft',
            confirmedAt: null,
            confirmedBy: null,
            revisions: [
              { _id: uuid(DRAFT_ID), revision: 2, status: 'draft', createdAt: TIME },
              { _id: CONFIRMED_ID, revision: 1, status: 'confirmed', createdAt: TIME },
            ],
          }),
        }),
      )
      .executeTest(async () => {
        const { boq } = await reviseBoq(CONFIRMED_ID);
        expect(boq).toMatchObject({ boqId: 'BOQ-0001', revision: 2, status: 'draft' });
        expect(boq._id).not.toBe(CONFIRMED_ID);
        expect(boq.revisions.map((r) => r.status)).toEqual(['draft', 'confirmed']);
      });
  });
});
