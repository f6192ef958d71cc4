import {
  MembersSnapshot,
  MemberUpserted,
  ProjectUpserted,
  type EventEnvelope,
  type MembersSnapshotData,
  type MemberUpsertedData,
} from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import { createPendingDemoBoqs, queueDemoBoqs } from './demo-boqs.js';
import { projectUpsertedData } from './events.js';
import type { BoqsRepository } from './repositories/boqs.js';
import type { ProjectInput, ProjectsRepository } from './repositories/projects.js';
import { setTeam } from './team.js';

/** The demo Employee of auth's demo team (Sandeep Patil, 9000000004), assigned to the first project. */
export const DEMO_EMPLOYEE_EMAIL = 'sandeep.patil@demo.example';

/** A Pune builder's two sites (GLOSSARY "Demo data"); ids fixed so the demo and its contract tests agree. */
export const DEMO_PROJECTS: Array<ProjectInput & { id: string; assign: string[] }> = [
  {
    id: '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
    projectCode: 'PRJ-0001',
    name: 'Skyline Residency, Pune',
    location: 'Survey 112, Baner-Pashan Link Road, Baner, Pune, Maharashtra 411045',
    startDate: '2026-04-01',
    targetCompletionDate: '2028-03-31',
    status: 'inProgress',
    notes: 'G+14 residential tower, 56 flats (2 and 3 BHK); RCC frame with AAC block masonry.',
    assign: [DEMO_EMPLOYEE_EMAIL],
  },
  {
    id: '2c9d5e1f-6a7b-4c8d-9e0f-a1b2c3d4e5f6',
    projectCode: 'PRJ-0002',
    name: 'Godavari Logistics Warehouse, Nashik',
    location: 'Plot C-27, MIDC Sinnar, Nashik, Maharashtra 422103',
    startDate: '2026-09-15',
    targetCompletionDate: '2027-06-30',
    status: 'planning',
    notes: 'Pre-engineered steel warehouse, 60,000 sq.ft with a 2,000 sq.ft office block.',
    assign: [],
  },
];

const SEED_ACTOR = { _id: '00000000-0000-0000-0000-000000000000', name: 'Demo data', isAdmin: true };

/** Demo projects on a new database when SEED_DEMO is on; never touches a database that has projects. */
export async function seedProjects(
  ctx: ServiceContext,
  projects: ProjectsRepository,
  boqs?: BoqsRepository,
): Promise<void> {
  if (!ctx.config.seedDemo) return;
  await ctx.tx(async (tx) => {
    if (ctx.db.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed:${ctx.schema}`]);
    if ((await projects.count(tx)) > 0) return;
    for (const { id, assign, ...input } of DEMO_PROJECTS) {
      await projects.insert(tx, input, null, id);
      await ctx.audit(tx, {
        actorId: null,
        action: 'project_seeded',
        entity: 'project',
        entityId: id,
        details: { projectCode: input.projectCode },
      });
      await ctx.emit(tx, ProjectUpserted, projectUpsertedData({ _id: id, ...input, version: 1 }));
      for (const email of assign)
        await tx.query(
          `INSERT INTO ${ctx.schema}.demo_assignments (project_id, member_email) VALUES ($1, $2)`,
          [id, email],
        );
    }
    await assignDemoTeam(tx, ctx, projects);
    // A confirmed BOQ per project, made once the catalog's items have arrived (demo-boqs.ts).
    if (boqs) {
      await queueDemoBoqs(tx, ctx.schema);
      await createPendingDemoBoqs(tx, ctx, boqs);
    }
    for (const p of DEMO_PROJECTS) await projects.codeUsed(tx, p.projectCode);
    ctx.log.info({ projects: DEMO_PROJECTS.length }, 'seeded the demo projects');
  });
}

/**
 * The demo Employee is assigned through team_set, as the project form would, once the access
 * replica knows them (auth may start later, or its events arrive after this service's start).
 */
export async function assignDemoTeam(
  tx: Queryable,
  ctx: ServiceContext,
  projects: ProjectsRepository,
): Promise<void> {
  const waiting = await tx.query<{ project_id: string; member_email: string }>(
    `SELECT project_id, member_email FROM ${ctx.schema}.demo_assignments`,
  );
  for (const row of waiting.rows) {
    const member = await projects.replica.memberByEmail(tx, row.member_email);
    if (!member || member.role !== 'Employee') continue;
    const stored = await projects.stored(tx, row.project_id, true);
    if (stored) {
      const current = await projects.withTeam(tx, stored);
      await setTeam(
        tx,
        ctx,
        projects,
        current,
        [...current.team.map((m) => m.memberId), member.memberId],
        SEED_ACTOR,
      );
      await ctx.audit(tx, {
        actorId: null,
        action: 'project_team_seeded',
        entity: 'project',
        entityId: row.project_id,
        details: { memberId: member.memberId },
      });
    }
    await tx.query(`DELETE FROM ${ctx.schema}.demo_assignments WHERE project_id = $1 AND member_email = $2`, [
      row.project_id,
      row.member_email,
    ]);
  }
}

/** Consumer of auth's member events: runs assignDemoTeam when a waiting demo Employee arrives. */
export function demoTeamConsumer(projects: ProjectsRepository) {
  return {
    name: 'demo-team',
    events: [MemberUpserted, MembersSnapshot],
    async handle(tx: Queryable, envelope: EventEnvelope, ctx: ServiceContext): Promise<void> {
      const members: MemberUpsertedData[] =
        envelope.subject === MemberUpserted.subject
          ? [envelope.data as MemberUpsertedData]
          : (envelope.data as MembersSnapshotData).members;
      const emails = members
        .filter((m) => m.role === 'Employee' && m.email)
        .map((m) => m.email!.toLowerCase());
      if (emails.length === 0) return;
      const waiting = await tx.query(
        `SELECT 1 FROM ${ctx.schema}.demo_assignments WHERE lower(member_email) = ANY($1::text[]) LIMIT 1`,
        [emails],
      );
      if (waiting.rows.length === 0) return;
      // The access consumer may not have stored the member yet: store what this event says first.
      for (const m of members.filter((x) => x.email && emails.includes(x.email.toLowerCase()))) {
        await tx.query(
          `INSERT INTO ${ctx.schema}.access_members (member_id, name, role, status, permissions, version, email) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
           ON CONFLICT (member_id) DO NOTHING`,
          [m.memberId, m.name, m.role, m.status, JSON.stringify(m.permissions), m.version, m.email],
        );
      }
      await assignDemoTeam(tx, ctx, projects);
    },
  };
}
