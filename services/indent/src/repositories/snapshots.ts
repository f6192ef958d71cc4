/** What this service knows of other services' records, read from the replicas their events keep. */
import type { Queryable } from '@erp/service-kit';

/** Items of the master as this service knows them (name and unit), by id. */
export async function items(
  schema: string,
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { name: string; unit: string }>> {
  const res = await db.query<{ item_id: string; name: string; unit: string }>(
    `SELECT item_id, name, unit FROM ${schema}.item_snapshots WHERE item_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(res.rows.map((r) => [r.item_id, { name: r.name, unit: r.unit }]));
}

/** The BOQ revision if it is a confirmed BOQ of the project. */
export async function usableBoq(
  schema: string,
  db: Queryable,
  boqId: string,
  projectId: string,
): Promise<boolean> {
  const res = await db.query(
    `SELECT 1 FROM ${schema}.boq_snapshots WHERE boq_id = $1 AND project_id = $2 AND status = 'confirmed'`,
    [boqId, projectId],
  );
  return res.rows.length > 0;
}

export async function projectKnown(schema: string, db: Queryable, projectId: string): Promise<boolean> {
  return (
    (await db.query(`SELECT 1 FROM ${schema}.project_snapshots WHERE project_id = $1`, [projectId])).rows
      .length > 0
  );
}

/** The project's location as the projects service last announced it ('' until it has). */
export async function projectLocation(schema: string, db: Queryable, projectId: string): Promise<string> {
  return (
    (
      await db.query<{ location: string }>(
        `SELECT location FROM ${schema}.project_snapshots WHERE project_id = $1`,
        [projectId],
      )
    ).rows[0]?.location ?? ''
  );
}
