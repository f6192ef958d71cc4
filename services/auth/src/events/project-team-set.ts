import { ProjectTeamSet, type EventEnvelope, type ProjectTeamSetData } from '@erp/contracts';
import { isUuid, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import type { MembersRepository } from '../repositories/members.js';
import { claimSequence, markUpdatedBy, setProjectTeam } from '../repositories/project-teams.js';
import { publishMember } from './member-upserted.js';

/** The member the event names as its actor, when it can be one (not the system's zero id). */
function actorOf(data: ProjectTeamSetData): string | null {
  return isUuid(data.actor._id) && !/^0{8}-/.test(data.actor._id) ? data.actor._id : null;
}

/** Each changed member audited and announced as any member change; answers their ids. */
async function announceChanges(
  tx: Queryable,
  ctx: ServiceContext,
  members: MembersRepository,
  data: ProjectTeamSetData,
  changes: { added: string[]; removed: string[] },
  eventId: string | undefined,
): Promise<string[]> {
  const actorId = actorOf(data);
  const changed: string[] = [];
  for (const [ids, action] of [
    [changes.added, 'member_project_assigned'],
    [changes.removed, 'member_project_unassigned'],
  ] as const) {
    for (const id of ids) {
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
      await publishMember(ctx, members, tx, id, { actorId });
      changed.push(id);
    }
  }
  return changed;
}

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
  if (!(await claimSequence(schema, tx, data.projectId, data.sequence))) return [];
  const listed = data.employees.filter((id) => isUuid(id));
  const changes = await setProjectTeam(schema, tx, data.projectId, listed);
  const actorId = actorOf(data);
  if (actorId) await markUpdatedBy(schema, tx, [...changes.added, ...changes.removed], actorId);
  return announceChanges(tx, ctx, members, data, changes, eventId);
}

/** The consumer auth runs for the project form's team changes. */
export function projectTeamsConsumer(
  members: MembersRepository,
  onChanged: (ids: string[]) => void,
): ConsumerDefinition {
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
