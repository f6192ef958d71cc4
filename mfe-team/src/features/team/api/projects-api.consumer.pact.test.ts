/**
 * Contract: the member form's project picker against the projects service. The service arrives with
 * issue 10; this pact states what the picker reads, and that service's provider test must verify it.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { getProjectOptions } from '../../shared/api/get-project-options';

const { eachLike, uuid, regex, string } = MatchersV3;

const contract = consumerContract('mfe-team', 'projects-service');

describe('mfe-team projects API client', () => {
  it('lists the projects a member can be given, as the picker asks (limit 100, offset 0)', async () => {
    await contract
      .interaction('the demo projects exist', 'a request for the projects to choose from')
      .withRequest('GET', '/api/v1/project', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid('7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e'),
            name: string('Skyline Residency, Pune'),
            projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
          }),
        }),
      )
      .executeTest(async () => {
        const options = await getProjectOptions();
        expect(options.available).toBe(true);
        expect(options.projects[0]).toMatchObject({
          name: 'Skyline Residency, Pune',
          projectCode: 'PRJ-0001',
        });
      });
  });
});
