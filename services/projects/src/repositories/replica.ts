import type { Queryable } from '@erp/service-kit';
import type { ReplicaMember } from '../domain/project-team.js';

interface MemberRow {
  member_id: string;
  name: string;
  email: string;
  status: string;
  role: string;
  all_projects: boolean;
  version: number;
}
const toMember = (r: MemberRow): ReplicaMember => ({
  memberId: r.member_id,
  name: r.name,
  email: r.email,
  status: r.status,
  role: r.role,
  allProjects: r.all_projects,
  version: r.version,
});
const MEMBER_COLUMNS = `m.member_id, m.name, m.email, m.status, m.role, coalesce((m.permissions ->> 'allProjects')::boolean, false) AS all_projects, m.version`;

/** Employees the replica shows on each of these projects (not those with every project). */
export async function assignedMembers(
  schema: string,
  db: Queryable,
  projectIds: string[],
): Promise<Map<string, ReplicaMember[]>> {
  const out = new Map<string, ReplicaMember[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return out;
  const res = await db.query<MemberRow & { project_id: string }>(
    `SELECT p.project_id, ${MEMBER_COLUMNS}
       FROM ${schema}.access_members m CROSS JOIN LATERAL jsonb_array_elements_text(m.permissions -> 'projects') AS p(project_id)
      WHERE m.permissions -> 'projects' ?| $1::text[] AND p.project_id = ANY($1::text[])
        AND m.role = 'Employee' AND coalesce((m.permissions ->> 'allProjects')::boolean, false) = false`,
    [projectIds],
  );
  for (const r of res.rows) out.get(r.project_id)?.push(toMember(r));
  return out;
}

export async function replicaMembers(
  schema: string,
  db: Queryable,
  ids: string[],
): Promise<Map<string, ReplicaMember>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM ${schema}.access_members m WHERE m.member_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(res.rows.map((r) => [r.member_id, toMember(r)]));
}
