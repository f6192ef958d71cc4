/** Provider side of every HTTP pact naming projects-service (mfe-team, and any consumer added later). */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Verifier } from '@pact-foundation/pact';
import { defaultModulesForRole } from '@erp/contracts';
import { DEMO_PROJECTS, projectsRepository } from '../src/app.js';
import { startProjects, type ProjectsHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
/** The consumers' pacts with this provider: <consumer>-projects-service.json. */
const pactUrls = readdirSync(pactDir)
  .filter((f) => f.endsWith('-projects-service.json'))
  .sort()
  .map((f) => path.join(pactDir, f));
const SKYLINE = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const SITE_ENGINEER = '3d5f7a9b-2c4e-4a6b-8d0f-1e3a5c7e9b2d';
let h: ProjectsHarness;
let base = '';
beforeAll(async () => {
  h = await startProjects();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(async () => h?.close());

/**
 * Exactly the two demo projects (PRJ-0001, PRJ-0002), each at version 1, created by the Admin and
 * with the site engineer on both, as auth's replica shows him; the next suggested code PRJ-0003.
 */
async function demoProjects(): Promise<void> {
  const repo = projectsRepository('projects');
  await h.db.transaction(async (tx) => {
    await tx.query('DELETE FROM projects.projects');
    await tx.query("SELECT setval('projects.project_code_seq', 1, false)");
    for (const { id, assign: _a, ...input } of DEMO_PROJECTS) {
      await repo.insert(tx, input, { id: h.people.admin.memberId, name: 'Demo Admin' }, id);
      await repo.codeUsed(tx, input.projectCode);
    }
    await tx.query(
      `INSERT INTO projects.access_members (member_id, name, role, status, permissions, version, email)
       VALUES ($1, 'Sandeep Patil', 'Employee', 'active', $2::jsonb, 1, 'sandeep.patil@demo.example')
       ON CONFLICT (member_id) DO UPDATE SET permissions = EXCLUDED.permissions`,
      [SITE_ENGINEER, JSON.stringify({ allProjects: false, projects: DEMO_PROJECTS.map((p) => p.id), modules: defaultModulesForRole('Employee') })],
    );
  });
}

describe('projects service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    expect(pactUrls).not.toHaveLength(0);
    await new Verifier({
      provider: 'projects-service',
      providerBaseUrl: base,
      pactUrls,
      logLevel: 'warn',
      // The gateway strips /api/v1; the consumer's token is replaced by a real Admin session.
      requestFilter: (req, _res, next) => {
        req.url = req.url.replace(/^\/api\/v1/, '');
        if (req.headers.authorization) req.headers.authorization = h.people.admin.headers.authorization;
        next();
      },
      stateHandlers: {
        'the demo projects exist': demoProjects,
        'no project uses code PRJ-0003': demoProjects,
        // PRJ-0001 'Skyline Residency, Pune', in progress, version 1, one Employee.
        [`project ${SKYLINE} exists`]: demoProjects,
      },
    }).verifyProvider();
  });
});
