/**
 * Contract: indent/{boqId}/pos (SPEC §2 "BoQ detail with generated POs") reads the BOQ from the
 * projects service and its purchase orders from the PO service (the real api/ file). The states are
 * ones the providers' tests set up (services/projects and services/po http.provider.pact.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { boqPosQueryOptions, boqQueryOptions } from './get-boq-pos';

const { eachLike, uuid, regex, integer, number, string } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const BOQ_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const MISSING = '0a1b2c3d-4e5f-4a6b-8c7d-000000000404';
const PO_ID = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';

const projects = consumerContract('mfe-indent', 'projects-service');
const po = consumerContract('mfe-indent', 'po-service');
const run = <T>(o: { queryFn?: unknown }) =>
  (o.queryFn as (c: { signal: AbortSignal }) => Promise<T>)({ signal: new AbortController().signal });

describe('mfe-indent: a BOQ with its purchase orders', () => {
  it('reads the BOQ by its id', async () => {
    await projects
      .interaction(`confirmed BOQ ${BOQ_ID} exists`, 'a request for a BOQ whose purchase orders are listed')
      .withRequest('GET', `/api/v1/boq/${BOQ_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          _id: uuid(BOQ_ID),
          boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
          name: string('Civil and structural works, Tower A'),
          projectId: {
            _id: uuid(PROJECT_ID),
            name: string('Skyline Residency, Pune'),
            projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
          },
        }),
      )
      .executeTest(async () => {
        const boq = await run<{ boqId: string; projectId: { name: string } }>(boqQueryOptions(BOQ_ID));
        expect(boq.boqId).toBe('BOQ-0001');
        expect(boq.projectId.name).toBe('Skyline Residency, Pune');
      });
  });

  it('is told a BOQ that does not exist is not found', async () => {
    await projects
      .interaction('the demo projects exist', 'a request for a BOQ that does not exist')
      .withRequest('GET', `/api/v1/boq/${MISSING}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: string('BOQ Not Found') }))
      .executeTest(async () => {
        await expect(run(boqQueryOptions(MISSING))).rejects.toMatchObject({ status: 404 });
      });
  });

  it("lists the BOQ's purchase orders, newest first", async () => {
    await po
      .interaction(
        'an Admin signed in and the demo purchase orders exist',
        "a request for a BOQ's purchase orders",
      )
      .withRequest('GET', '/api/v1/po', (b) => b.query({ boqId: BOQ_ID, limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid(PO_ID),
            poNumber: regex('^PO-[0-9]{6,}$', 'PO-000001'),
            status: regex('^(Open|Partial|Closed)$', 'Partial'),
            amount: number(54012.5),
            orderDate: string('2026-11-25T10:00:00.000Z'),
            itemCount: integer(2),
            vendor: {
              _id: uuid('5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'),
              name: string('Shree Ganesh Cement Traders'),
            },
            boqId: {
              _id: uuid(BOQ_ID),
              boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
              name: string('Civil and structural works, Tower A'),
            },
          }),
          totalItems: integer(2),
        }),
      )
      .executeTest(async () => {
        const page = await run<{
          pos: Array<{ poNumber: string; vendor: string; items: number }>;
          total: number;
        }>(boqPosQueryOptions(BOQ_ID));
        expect(page.pos[0]).toMatchObject({
          poNumber: 'PO-000001',
          vendor: 'Shree Ganesh Cement Traders',
          items: 2,
        });
        expect(page.total).toBe(2);
      });
  });
});
