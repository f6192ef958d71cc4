import type { BoqRevisionRef, BoqStatus } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';

/** The columns of a BOQ row the routes decide on (status, number, version), without its lines. */
export interface StoredBoq {
  id: string;
  boqNumber: string;
  revision: number;
  projectId: string;
  name: string;
  status: BoqStatus;
  version: number;
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The revision's deciding columns; `lock` locks every revision of its number (in revision order). */
export async function storedBoq(
  schema: string,
  db: Queryable,
  id: string,
  lock = false,
): Promise<StoredBoq | null> {
  const res = await db.query<{
    id: string;
    boq_number: string;
    revision: number;
    project_id: string;
    name: string;
    status: BoqStatus;
    version: number;
  }>(`SELECT id, boq_number, revision, project_id, name, status, version FROM ${schema}.boqs WHERE id = $1`, [
    id,
  ]);
  const r = res.rows[0];
  if (!r) return null;
  if (lock) {
    await db.query(`SELECT id FROM ${schema}.boqs WHERE boq_number = $1 ORDER BY revision FOR UPDATE`, [
      r.boq_number,
    ]);
    return storedBoq(schema, db, id, false);
  }
  return {
    id: r.id,
    boqNumber: r.boq_number,
    revision: r.revision,
    projectId: r.project_id,
    name: r.name,
    status: r.status,
    version: r.version,
  };
}

/** Every revision of a number, newest first. */
export async function boqRevisions(
  schema: string,
  db: Queryable,
  number: string,
): Promise<Array<BoqRevisionRef & { projectId: string }>> {
  const res = await db.query<{
    id: string;
    revision: number;
    status: BoqStatus;
    created_at: Date | string;
    project_id: string;
  }>(
    `SELECT id, revision, status, created_at, project_id FROM ${schema}.boqs WHERE boq_number = $1 ORDER BY revision DESC`,
    [number],
  );
  return res.rows.map((r) => ({
    _id: r.id,
    revision: r.revision,
    status: r.status,
    createdAt: iso(r.created_at),
    projectId: r.project_id,
  }));
}
