import { ProjectTeamSet } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import {
  assertMayChangeTeam,
  requestedTeam,
  teamChanges,
  type ReplicaMember,
} from '../domain/project-team.js';
import type { ProjectsRepository, StoredProject } from '../repositories/projects.js';

export interface TeamActor {
  _id: string;
  name: string;
  isAdmin: boolean;
}

/**
 * The project form's `employees` (decision 0015): refused unless every id is an Employee of the
 * access replica (active, or already on the project); when the set differs from the project's team,
 * only an Admin may send it, and it goes to auth as erp.projects.team_set.v1 with the next sequence.
 * Returns false when the team stays as it is (nothing sent).
 */
export async function setTeam(
  tx: Queryable,
  ctx: ServiceContext,
  projects: ProjectsRepository,
  project: StoredProject & { team: ReplicaMember[] },
  requested: string[],
  actor: TeamActor,
  meta: { requestId?: string } = {},
): Promise<boolean> {
  const ids = requestedTeam(project.team, requested);
  if (!ids) return false;
  const current = new Set(project.team.map((m) => m.memberId));
  assertMayChangeTeam(actor.isAdmin);
  const known = await projects.replica.members(tx, [
    ...new Set([...ids, ...current, ...project.pendingTeam.map((c) => c.memberId)]),
  ]);
  const changes = teamChanges(ids, current, project.pendingTeam, known);
  const sequence = await projects.teamSent(tx, project._id, changes);
  await ctx.emit(
    tx,
    ProjectTeamSet,
    { projectId: project._id, employees: ids, sequence, actor: { _id: actor._id, name: actor.name } },
    { ...meta, actorId: actor._id },
  );
  return true;
}
