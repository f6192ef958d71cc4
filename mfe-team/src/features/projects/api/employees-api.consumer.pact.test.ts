/** Contract: the project form's Employee picker against the auth service's team list. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerContract } from '@erp/sdk/testing';
import { searchEmployees } from './search-employees';

const { eachLike, uuid, regex, integer, string } = MatchersV3;

const contract = consumerContract('mfe-team', 'auth-service');

describe('mfe-team project form: the Employee picker', () => {
  it('asks the team list for active members (limit 100, offset 0) and keeps the Employees', async () => {
    await contract
      .interaction('the demo team exists', 'a request for the active members an Employee can be picked from')
      .withRequest('GET', '/api/v1/auth/teamList', (b) => b.query({ limit: '100', offset: '0', status: 'active' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike({
            _id: uuid('3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c'),
            name: string('Sandeep Patil'),
            email: string('sandeep.patil@demo.example'),
            status: regex('^(active|inactive)$', 'active'),
            role: regex('^(Admin|Purchaser|Accountant|Employee)$', 'Employee'),
          }),
          totalItems: integer(4),
        }),
      )
      .executeTest(async () => {
        const employees = await searchEmployees('');
        expect(employees[0]).toMatchObject({ name: 'Sandeep Patil', status: 'active' });
      });
  });
});
