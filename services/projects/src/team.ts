import { ProjectTeamSet } from '@erp/contracts';
import { badRequest, forbidden, type Queryable, type ServiceContext } from '@erp/service-kit';
import type {
  PendingChange,
  ProjectsRepository,
  ReplicaMember,
  StoredProject,
} from './repositories/projects.js';

export const ONLY_EMPLOYEES = 'Only Employees can be assigned to projects';
export const ONLY_ADMINS = 'Only an Admin can assign employees to projects';

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
  const ids = [...new Set(requested.map((id) => id.toLowerCase()))];
  const current = new Set(project.team.map((m) => m.memberId));
  const same = ids.length === current.size && ids.every((id) => current.has(id));
  if (same) return false;
  if (!actor.isAdmin) throw forbidden(ONLY_ADMINS);
  const known = await projects.replica.members(tx, [
    ...new Set([...ids, ...current, ...project.pendingTeam.map((c) => c.memberId)]),
  ]);
  for (const id of ids) {
    const m = known.get(id);
    if (!m || m.role !== 'Employee' || (m.status !== 'active' && !current.has(id)))
      throw badRequest(ONLY_EMPLOYEES);
  }
  const changes: PendingChange[] = [];
  for (const id of ids) {
    const m = known.get(id)!;
    if (!current.has(id) && !m.allProjects)
      changes.push({ memberId: id, assigned: true, version: m.version });
  }
  for (const id of current) {
    if (!ids.includes(id))
      changes.push({ memberId: id, assigned: false, version: known.get(id)?.version ?? 0 });
  }
  // Earlier changes auth has not applied yet still count, unless this save overrides them.
  const changed = new Set(changes.map((c) => c.memberId));
  const earlier = project.pendingTeam.filter(
    (c) => !changed.has(c.memberId) && (known.get(c.memberId)?.version ?? Infinity) <= c.version,
  );
  const sequence = await projects.teamSent(tx, project._id, [...earlier, ...changes]);
  await ctx.emit(
    tx,
    ProjectTeamSet,
    { projectId: project._id, employees: ids, sequence, actor: { _id: actor._id, name: actor.name } },
    { ...meta, actorId: actor._id },
  );
  return true;
}
