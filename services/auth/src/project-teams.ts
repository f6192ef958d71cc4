import { MemberUpserted, ProjectTeamSet, type EventEnvelope, type ProjectTeamSetData } from '@erp/contracts';
import { isUuid, type Queryable, type ServiceContext } from '@erp/service-kit';
import { memberUpsertedData } from './events.js';
import type { MembersRepository } from './repositories/members.js';

/**
 * erp.projects.team_set.v1 (decision 0015): the listed Employees get the project, every other
 * Employee loses it. Applied only when its sequence is newer than the last one applied for that
 * project; each changed member's version moves, the change is audited and announced as any member
 * change. Returns the ids of the members it changed. A plain function, so a message pact can call it.
 */
export async function applyProjectTeam(
  tx: Queryable,
  ctx: ServiceContext,
  members: MembersRepository,
  data: ProjectTeamSetData,
  eventId?: string,
): Promise<string[]> {
  if (!isUuid(data.projectId)) return [];
  const schema = ctx.schema;
  const newer = await tx.query(
    `INSERT INTO ${schema}.project_team_sets (project_id, sequence) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET sequence = EXCLUDED.sequence, applied_at = now()
       WHERE ${schema}.project_team_sets.sequence < EXCLUDED.sequence
     RETURNING project_id`,
    [data.projectId, data.sequence],
  );
  if (newer.rows.length === 0) return [];
  const listed = data.employees.filter((id) => isUuid(id));
  // Employees with every project keep it without a list; Admins, Purchasers and Accountants are never listed.
  const added = await tx.query<{ id: string }>(
    `UPDATE ${schema}.members SET projects = array_append(projects, $1::uuid), updated_at = now(), version = version + 1
      WHERE id = ANY($2::uuid[]) AND role = 'Employee' AND NOT all_projects AND NOT ($1::uuid = ANY(projects))
      RETURNING id`,
    [data.projectId, listed],
  );
  const removed = await tx.query<{ id: string }>(
    `UPDATE ${schema}.members SET projects = array_remove(projects, $1::uuid), updated_at = now(), version = version + 1
      WHERE projects @> ARRAY[$1::uuid] AND id <> ALL($2::uuid[])
      RETURNING id`,
    [data.projectId, listed],
  );
  const actorId = isUuid(data.actor._id) && !/^0{8}-/.test(data.actor._id) ? data.actor._id : null;
  if (actorId) {
    await tx.query(
      `UPDATE ${schema}.members SET updated_by = $2 WHERE id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM ${schema}.members a WHERE a.id = $2)`,
      [[...added.rows, ...removed.rows].map((r) => r.id), actorId],
    );
  }
  const changed: string[] = [];
  for (const [rows, action] of [
    [added.rows, 'member_project_assigned'],
    [removed.rows, 'member_project_unassigned'],
  ] as const) {
    for (const { id } of rows) {
      await ctx.audit(tx, {
        actorId,
        action,
        entity: 'member',
        entityId: id,
        details: {
          projectId: data.projectId,
          sequence: data.sequence,
          by: data.actor.name,
          ...(eventId ? { eventId } : {}),
        },
      });
      const m = (await members.byId(tx, id))!;
      await ctx.emit(tx, MemberUpserted, memberUpsertedData(m), { actorId });
      changed.push(id);
    }
  }
  return changed;
}

/** The consumer auth runs for the project form's team changes. */
export function projectTeamsConsumer(members: MembersRepository, onChanged: (ids: string[]) => void) {
  return {
    name: 'project-teams',
    events: [ProjectTeamSet],
    async handle(tx: Queryable, envelope: EventEnvelope, ctx: ServiceContext): Promise<void> {
      const changed = await applyProjectTeam(
        tx,
        ctx,
        members,
        envelope.data as ProjectTeamSetData,
        envelope.id,
      );
      if (changed.length > 0) onChanged(changed);
    },
  };
}
