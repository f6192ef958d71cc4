/** Contract: the project form's Employee picker against the auth service's team list. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { searchEmployees } from './search-employees';

const { eachLike, uuid, regex, integer, string } = MatchersV3;

const contract = consumerContract('mfe-team', 'auth-service');

describe('mfe-team project form: the Employee picker', () => {
  it('asks the team list for active Employees (limit 100, offset 0, role Employee) matching the keyword', async () => {
    await contract
      .interaction('the demo team exists', 'a request for the active Employees matching a keyword')
      .withRequest('GET', '/api/v1/auth/teamList', (b) =>
        b.query({ limit: '100', offset: '0', keyword: 'sandeep', status: 'active', role: 'Employee' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid('3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c'),
            name: string('Sandeep Patil'),
            email: string('sandeep.patil@demo.example'),
            status: regex('^(active|inactive)$', 'active'),
            role: regex('^Employee$', 'Employee'),
          }),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        const employees = await searchEmployees(' sandeep ');
        expect(employees[0]).toMatchObject({ name: 'Sandeep Patil', status: 'active' });
      });
  });
});
