/** The projects service as a message provider: team_set as the project form sends it. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { newProject, startProjects, type ProjectsHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: ProjectsHarness;
beforeAll(async () => {
  h = await startProjects();
});
afterAll(async () => h?.close());

describe('projects service as a message provider', () => {
  it('sends team changes auth can apply', async () => {
    await new MessageProviderPact({
      provider: 'projects-service-events',
      pactUrls: [path.join(pactDir, 'auth-service-projects-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        'a project team set event': async () => {
          const res = await h.call('admin', 'POST', '/project', newProject({ employees: [h.people.employee.memberId] }));
          const id = res.json().project._id as string;
          const r = await h.db.query<{ envelope: EventEnvelope }>("SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.team_set.v1' AND envelope->'data'->>'projectId' = $1", [id]);
          return r.rows[0]!.envelope;
        },
      },
      stateHandlers: { 'a project’s Employees were set': async () => undefined },
    }).verify();
  });
});
