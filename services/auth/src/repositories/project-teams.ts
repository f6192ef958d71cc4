/** Project teams as erp.projects.team_set.v1 sets them (decision 0015): members' project lists. */
import type { Queryable } from '@erp/service-kit';

/** True when this sequence is newer than the last one applied for the project (then recorded). */
export async function claimSequence(
  schema: string,
  tx: Queryable,
  projectId: string,
  sequence: number,
): Promise<boolean> {
  const newer = await tx.query(
    `INSERT INTO ${schema}.project_team_sets (project_id, sequence) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET sequence = EXCLUDED.sequence, applied_at = now()
       WHERE ${schema}.project_team_sets.sequence < EXCLUDED.sequence
     RETURNING project_id`,
    [projectId, sequence],
  );
  return newer.rows.length > 0;
}

/**
 * The listed Employees get the project, every other member loses it; answers the ids of each.
 * Employees with every project keep it without a list; Admins, Purchasers and Accountants are never listed.
 */
export async function setProjectTeam(
  schema: string,
  tx: Queryable,
  projectId: string,
  listed: string[],
): Promise<{ added: string[]; removed: string[] }> {
  const added = await tx.query<{ id: string }>(
    `UPDATE ${schema}.members SET projects = array_append(projects, $1::uuid), updated_at = now(), version = version + 1
      WHERE id = ANY($2::uuid[]) AND role = 'Employee' AND NOT all_projects AND NOT ($1::uuid = ANY(projects))
      RETURNING id`,
    [projectId, listed],
  );
  const removed = await tx.query<{ id: string }>(
    `UPDATE ${schema}.members SET projects = array_remove(projects, $1::uuid), updated_at = now(), version = version + 1
      WHERE projects @> ARRAY[$1::uuid] AND id <> ALL($2::uuid[])
      RETURNING id`,
    [projectId, listed],
  );
  return { added: added.rows.map((r) => r.id), removed: removed.rows.map((r) => r.id) };
}

/** Who changed these members, when that actor is a member here. */
export async function markUpdatedBy(
  schema: string,
  tx: Queryable,
  ids: string[],
  actorId: string,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.members SET updated_by = $2 WHERE id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM ${schema}.members a WHERE a.id = $2)`,
    [ids, actorId],
  );
}
