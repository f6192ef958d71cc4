/** Message contract: auth consumes the projects service's erp.projects.team_set.v1 (decision 0015). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { receiveEvent } from '@erp/service-kit/testing';
import type { EventEnvelope, Member, ProjectTeamSetData } from '@erp/contracts';
import { applyProjectTeam } from '../src/app.js';
import { membersRepository } from '../src/repositories/members.js';
import { ADMIN, EMPLOYEE, startAuth, type AuthHarness } from './helpers.js';

const { uuid, integer, string, eachLike } = MatchersV3;
const PROJECT = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';

let h: AuthHarness;
let employee: Member;
beforeAll(async () => {
  h = await startAuth();
  const admin = await h.signIn(ADMIN);
  const team = (
    await h.app.inject({ method: 'GET', url: '/auth/teamList?limit=100', headers: h.as(admin) })
  ).json().result as Member[];
  employee = team.find((m) => m.phoneNumber === EMPLOYEE)!;
});
afterAll(async () => h?.close());

describe('auth consuming erp.projects.team_set.v1', () => {
  it('gives the listed Employees the project', async () => {
    await receiveEvent(
      {
        consumer: 'auth-service',
        provider: 'projects-service-events',
        state: 'a project’s Employees were set',
        description: 'a project team set event',
        subject: 'erp.projects.team_set.v1',
        occurredAt: '2026-11-25T10:00:00.000Z',
        data: {
          projectId: uuid(PROJECT),
          employees: eachLike(uuid('4f2a6b8c-1d3e-4f5a-9b7c-2e4d6f8a0b1c')),
          sequence: integer(1),
          actor: { _id: uuid('5b7c2d1e-3f4a-4b6c-8d9e-0a1b2c3d4e5f'), name: string('Demo Admin') },
        },
      },
      async (envelope: EventEnvelope) => {
        const data = { ...(envelope.data as ProjectTeamSetData), employees: [employee._id] };
        const ctx = h.runtimes[0]!.ctx;
        await h.db.transaction((tx) =>
          applyProjectTeam(tx, ctx, membersRepository('auth'), data, envelope.id),
        );
        const r = await h.db.query<{ projects: string[] }>(
          'SELECT projects FROM auth.members WHERE id = $1',
          [employee._id],
        );
        expect(r.rows[0]!.projects).toContain(PROJECT);
      },
    );
  });
});
