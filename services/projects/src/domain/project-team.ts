/**
 * A project's Employees (decision 0015) as plain rules: auth owns the fact, this service sends
 * team_set and shows the replica merged with the changes auth has not applied yet.
 */
import type { ProjectEmployee } from '@erp/contracts';
import { badRequest, forbidden } from '@erp/service-kit';

export const ONLY_EMPLOYEES = 'Only Employees can be assigned to projects';
export const ONLY_ADMINS = 'Only an Admin can assign employees to projects';

/** One change a team_set asked auth for, with the member's replica version when it was sent. */
export interface PendingChange {
  memberId: string;
  assigned: boolean;
  version: number;
}

/** A member of the access replica, as the project screens need them. */
export interface ReplicaMember {
  memberId: string;
  name: string;
  email: string;
  status: string;
  role: string;
  allProjects: boolean;
  version: number;
}

export function toEmployee(m: ReplicaMember): ProjectEmployee {
  return { _id: m.memberId, name: m.name, email: m.email, status: m.status };
}

/**
 * A project's Employees (decision 0015): what the replica shows, with the changes of the last
 * team_set that the replica does not reflect yet (the member's version has not moved since).
 */
export function mergeTeam(
  fromReplica: ReplicaMember[],
  pending: PendingChange[],
  known: Map<string, ReplicaMember>,
): ReplicaMember[] {
  const team = new Map(fromReplica.map((m) => [m.memberId, m]));
  for (const c of pending) {
    const m = known.get(c.memberId);
    if (!m || m.version > c.version) continue;
    if (c.assigned) team.set(m.memberId, m);
    else team.delete(m.memberId);
  }
  return [...team.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.memberId.localeCompare(b.memberId),
  );
}

/** The requested ids (lower case, once each); null when they are the team it has (nothing to send). */
export function requestedTeam(current: ReplicaMember[], requested: string[]): string[] | null {
  const ids = [...new Set(requested.map((id) => id.toLowerCase()))];
  const have = new Set(current.map((m) => m.memberId));
  const same = ids.length === have.size && ids.every((id) => have.has(id));
  return same ? null : ids;
}

/** Only an Admin changes a project's team (403 otherwise). */
export function assertMayChangeTeam(isAdmin: boolean): void {
  if (!isAdmin) throw forbidden(ONLY_ADMINS);
}

/**
 * The changes a team_set carries (throws 400 for anyone who is not an Employee of the replica,
 * active or already on the project): the new assignments (members with every project
 * need none), the removals, and the earlier changes auth has not applied yet unless this save
 * overrides them.
 */
export function teamChanges(
  ids: string[],
  current: Set<string>,
  pendingTeam: PendingChange[],
  known: Map<string, ReplicaMember>,
): PendingChange[] {
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
  const earlier = pendingTeam.filter(
    (c) => !changed.has(c.memberId) && (known.get(c.memberId)?.version ?? Infinity) <= c.version,
  );
  return [...earlier, ...changes];
}
