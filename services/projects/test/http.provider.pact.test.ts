/** Provider side of every HTTP pact naming projects-service (mfe-team, and any consumer added later). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { listenLocally, verifyHttpPacts } from '@erp/service-kit/testing';
import { defaultModulesForRole } from '@erp/contracts';
import { boqsRepository, projectsRepository } from '../src/app.js';
import { PACT_BOQ_LINES, PACT_PROJECTS } from './fixtures.js';
import { startProjects, type ProjectsHarness } from './helpers.js';

const SKYLINE = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const SITE_ENGINEER = '3d5f7a9b-2c4e-4a6b-8d0f-1e3a5c7e9b2d';
let h: ProjectsHarness;
let base = '';
beforeAll(async () => {
  h = await startProjects();
  base = await listenLocally(h.app);
});
afterAll(async () => h?.close());

/**
 * Exactly the two demo projects (PRJ-0001, PRJ-0002), each at version 1, created by the Admin and
 * with the site engineer on both, as auth's replica shows him; the next suggested code PRJ-0003.
 */
async function demoProjects(): Promise<void> {
  const repo = projectsRepository('projects');
  await h.db.transaction(async (tx) => {
    await tx.query('DELETE FROM projects.boqs');
    await tx.query('DELETE FROM projects.projects');
    await tx.query("SELECT setval('projects.project_code_seq', 1, false)");
    for (const { id, ...input } of PACT_PROJECTS) {
      await repo.insert(tx, input, { id: h.people.admin.memberId, name: 'Demo Admin' }, id);
      await repo.codeUsed(tx, input.projectCode);
    }
    await tx.query(
      `INSERT INTO projects.access_members (member_id, name, role, status, permissions, version, email)
       VALUES ($1, 'Sandeep Patil', 'Employee', 'active', $2::jsonb, 1, 'sandeep.patil@demo.example')
       ON CONFLICT (member_id) DO UPDATE SET permissions = EXCLUDED.permissions`,
      [
        SITE_ENGINEER,
        JSON.stringify({
          allProjects: false,
          projects: PACT_PROJECTS.map((p) => p.id),
          modules: defaultModulesForRole('Employee'),
        }),
      ],
    );
  });
}

const CONFIRMED_BOQ = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const DRAFT_BOQ = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';

/**
 * The demo projects with BOQ-0001 (confirmed, the Pune tower's civil works, thirteen lines, some of it
 * received) and, when asked, BOQ-0002 'Finishing works, Tower A' as a draft of the same project.
 * Quantities and rates have paise and hundredths, as the pacts' decimal matchers expect.
 */
async function demoBoqs(withDraft: boolean): Promise<void> {
  await demoProjects();
  const boqs = boqsRepository('projects');
  const admin = { id: h.people.admin.memberId, name: 'Demo Admin' };
  const items = PACT_BOQ_LINES.map((l, i) => ({
    itemId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: l.item,
    unit: l.unit,
    status: 'active' as const,
    version: 1,
  }));
  const lines = PACT_BOQ_LINES.map((l, i) => ({
    itemId: items[i]!.itemId,
    unit: l.unit,
    plannedHundredths: l.qty * 100 + 50,
    ratePaise: l.rate * 100 + 25,
    remark: l.remark,
  }));
  await h.db.transaction(async (tx) => {
    await tx.query('DELETE FROM projects.boq_consumption');
    await tx.query('DELETE FROM projects.item_snapshots');
    await boqs.items.upsert(tx, items);
    const search = await boqs.countOnProject(tx, SKYLINE, withDraft ? 2 : 1);
    const base = { projectId: SKYLINE, description: 'RCC frame, slabs and masonry', notes: '', lines };
    await boqs.insert(
      tx,
      {
        id: CONFIRMED_BOQ,
        boqNumber: 'BOQ-0001',
        revision: 1,
        status: 'confirmed',
        projectSearch: search!,
        actor: admin,
      },
      { ...base, name: 'Civil and structural works, Tower A' },
    );
    if (withDraft)
      await boqs.insert(
        tx,
        {
          id: DRAFT_BOQ,
          boqNumber: 'BOQ-0002',
          revision: 1,
          status: 'draft',
          projectSearch: search!,
          actor: admin,
        },
        { ...base, name: 'Finishing works, Tower A' },
      );
    for (const [i, it] of items.entries())
      await tx.query('INSERT INTO projects.boq_consumption VALUES ($1, $2, $3)', [
        'BOQ-0001',
        it.itemId,
        12025 + i * 100,
      ]);
  });
}

describe('projects service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    await verifyHttpPacts({
      provider: 'projects-service',
      baseUrl: base,
      // The gateway strips /api/v1; the consumer's token is replaced by a real Admin session.
      authorization: () => h.people.admin.headers.authorization,
      stateHandlers: {
        'the demo projects exist': demoProjects,
        'no project uses code PRJ-0003': demoProjects,
        // PRJ-0001 'Skyline Residency, Pune', in progress, version 1, one Employee.
        [`project ${SKYLINE} exists`]: demoProjects,
        'the demo BOQs exist': () => demoBoqs(true),
        [`confirmed BOQ ${CONFIRMED_BOQ} exists`]: () => demoBoqs(false),
        [`draft BOQ ${DRAFT_BOQ} exists`]: () => demoBoqs(true),
      },
    });
  });
});
