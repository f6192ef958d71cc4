/**
 * Contract: the indent form's project and BOQ choices and the item picker's BOQ lines (the real api/
 * files) against the projects service. The states are the ones the projects service's provider test
 * already sets up for mfe-team (services/projects/test/http.provider.pact.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { getBoqBalances, getBoqOptions } from './get-boq-options';
import { getProjectOptions } from './get-project-options';

const { like, eachLike, uuid, regex, integer, number, string } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const CONFIRMED_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const TIME = string('2026-11-25T10:00:00.000Z');

const contract = consumerContract('mfe-indent', 'projects-service');

describe('mfe-indent projects API client', () => {
  it('lists the projects an indent can be raised for (limit 100, offset 0)', async () => {
    await contract
      .interaction('the demo projects exist', 'a request for the projects an indent can be raised for')
      .withRequest('GET', '/api/v1/project', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid(PROJECT_ID),
            name: string('Skyline Residency, Pune'),
            projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
          }),
          totalItems: integer(2),
        }),
      )
      .executeTest(async () => {
        const projects = await getProjectOptions();
        expect(projects[0]).toEqual({
          _id: PROJECT_ID,
          name: 'Skyline Residency, Pune',
          projectCode: 'PRJ-0001',
        });
      });
  });

  it('lists the confirmed BOQs of the chosen project', async () => {
    await contract
      .interaction(
        `confirmed BOQ ${CONFIRMED_ID} exists`,
        'a request for the confirmed BOQs of a project, for an indent',
      )
      .withRequest('GET', '/api/v1/boq/all', (b) =>
        b.query({ limit: '100', offset: '0', projectId: PROJECT_ID, status: 'confirmed' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid(CONFIRMED_ID),
            boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
            name: string('Civil and structural works, Tower A'),
            status: 'confirmed',
            projectId: like({ _id: PROJECT_ID, name: string('Skyline Residency, Pune') }),
            createdAt: TIME,
          }),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        const boqs = await getBoqOptions(PROJECT_ID);
        expect(boqs[0]).toEqual({
          _id: CONFIRMED_ID,
          boqId: 'BOQ-0001',
          name: 'Civil and structural works, Tower A',
        });
      });
  });

  it('reads the BOQ’s lines with what is left of each (the item picker lists them first)', async () => {
    await contract
      .interaction(`confirmed BOQ ${CONFIRMED_ID} exists`, 'a request for the balances of a BOQ’s lines')
      .withRequest('GET', `/api/v1/boq/items/${CONFIRMED_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            itemId: uuid(),
            name: string('Cement OPC 53'),
            unit: string('bags'),
            plannedQty: number(14800.5),
            consumedQuantity: number(120.25),
            balanceQuantity: number(14680.25),
          }),
        }),
      )
      .executeTest(async () => {
        const lines = await getBoqBalances(CONFIRMED_ID);
        expect(lines[0]!.balanceQuantity).toBeCloseTo(lines[0]!.plannedQty - lines[0]!.consumedQuantity, 2);
      });
  });
});
