/** Contract: mfe-team's API client (the real endpoint files) against the auth service. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { MODULE_KEYS, subModuleKeys } from '@erp/contracts';
import { consumerContract } from '@erp/sdk/testing';
import { ApiError } from '@erp/sdk';
import { createMember } from './create-member';
import { getMember } from './get-member';
import { getTeamList } from './get-team-list';
import { updateMember } from './update-member';

const { like, eachLike, uuid, regex, integer, boolean, string } = MatchersV3;
const MEMBER_ID = '3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c';

const access = { read: boolean(true), write: boolean(false) };
/** Every module with its real sub-module keys (the form and navigation read each of them). */
const modulesLike = Object.fromEntries(
  MODULE_KEYS.map((m) => [
    m,
    like({
      read: boolean(true),
      write: boolean(false),
      subModules: Object.fromEntries(subModuleKeys(m).map((k) => [k, access])),
    }),
  ]),
);
const memberMatcher = (over: Record<string, unknown> = {}) => ({
  _id: uuid(MEMBER_ID),
  name: string('Sandeep Patil'),
  email: string('sandeep.patil@demo.example'),
  phoneNumber: regex('^[0-9]{10}$', '9000000004'),
  status: regex('^(active|inactive)$', 'active'),
  role: regex('^(Admin|Purchaser|Accountant|Employee)$', 'Employee'),
  isAdmin: boolean(false),
  notes: string(''),
  permissions: like({
    allProjects: boolean(false),
    projects: [],
    modules: modulesLike,
  }),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  version: integer(1),
  ...over,
});

const contract = consumerContract('mfe-team', 'auth-service');

describe('mfe-team team API client', () => {
  it('lists members a page at a time', async () => {
    await contract
      .interaction('the demo team exists', 'a request for the first page of active team members')
      .withRequest('GET', '/api/v1/auth/teamList', (b) =>
        b.query({ limit: '10', offset: '0', status: 'active' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(memberMatcher()), totalItems: integer(4) }))
      .executeTest(async () => {
        const res = await getTeamList({ page: 1, keyword: '', status: 'active' });
        expect(res.totalItems).toBe(4);
        expect(res.result[0]!.phoneNumber).toMatch(/^[0-9]{10}$/);
      });
  });

  it('reads one member', async () => {
    await contract
      .interaction('member 3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c exists', 'a request for one member')
      .withRequest('GET', `/api/v1/auth/details/${MEMBER_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(memberMatcher({ createdBy: like({ _id: uuid(), name: string('Demo Admin') }) })),
      )
      .executeTest(async () => {
        const m = await getMember(MEMBER_ID);
        expect(m._id).toBe(MEMBER_ID);
        expect(m.createdBy?.name).toBe('Demo Admin');
      });
  });

  it('adds a member', async () => {
    const body = {
      name: 'Anita Joshi',
      email: 'anita.joshi@example.com',
      phoneNumber: '9812345670',
      status: 'active',
      role: 'Employee' as const,
      notes: '',
      permissions: { allProjects: true, projects: [], modules: { indent: { read: true, write: true } } },
    };
    await contract
      .interaction('the demo team exists', 'a request to add a member')
      .withRequest('POST', '/api/v1/auth/createTeam', (b) => b.jsonBody(like(body)))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string('Team member created successfully'),
          user: memberMatcher({ createdBy: like({ _id: uuid(), name: string('Demo Admin') }) }),
        }),
      )
      .executeTest(async () => {
        const res = await createMember(body);
        expect(res.user.name).toBeTypeOf('string');
      });
  });

  it('is told when the mobile number is taken', async () => {
    const body = {
      name: 'Copy Admin',
      email: 'copy@example.com',
      phoneNumber: '9000000001',
      status: 'active',
      role: 'Employee' as const,
    };
    await contract
      .interaction('the demo team exists', 'a request to add a member whose number another member has')
      .withRequest('POST', '/api/v1/auth/createTeam', (b) => b.jsonBody(body))
      .willRespondWith(409, (b) =>
        b.jsonBody({ message: string('A team member with this mobile number already exists') }),
      )
      .executeTest(async () => {
        const err = await createMember(body).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(409);
      });
  });

  it('updates a member with the version it read', async () => {
    await contract
      .interaction('member 3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c exists', 'a request to update a member')
      .withRequest('PATCH', `/api/v1/auth/${MEMBER_ID}`, (b) =>
        b.jsonBody({ notes: 'Moved to the Nashik site', version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Team member Updated successfully'),
          user: memberMatcher({
            version: integer(2),
            createdBy: like({ _id: uuid(), name: string('Demo Admin') }),
          }),
        }),
      )
      .executeTest(async () => {
        const res = await updateMember({
          id: MEMBER_ID,
          body: { notes: 'Moved to the Nashik site', version: 1 },
        });
        expect(res.user.version).toBe(2);
      });
  });
});
