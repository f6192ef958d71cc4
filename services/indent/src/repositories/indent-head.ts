/**
 * An indent's head row: read for a change (optionally locked), numbered, inserted, edited, moved
 * between statuses, its history appended and its keyword words kept.
 */
import type { IndentStatus } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { Actor, HeadInput, StoredIndent } from './types.js';

export async function stored(
  schema: string,
  db: Queryable,
  id: string,
  lock = false,
): Promise<StoredIndent | null> {
  const res = await db.query<{
    id: string;
    indent_number: string;
    title: string;
    status: IndentStatus;
    project_id: string;
    boq_id: string;
    created_by: string | null;
    version: number;
  }>(
    `SELECT id, indent_number, title, status, project_id, boq_id, created_by, version FROM ${schema}.indents WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const r = res.rows[0];
  return r
    ? {
        id: r.id,
        indentNumber: r.indent_number,
        title: r.title,
        status: r.status,
        projectId: r.project_id,
        boqId: r.boq_id,
        createdBy: r.created_by,
        version: r.version,
      }
    : null;
}

export async function nextNumber(schema: string, tx: Queryable): Promise<string> {
  const res = await tx.query<{ last: string }>(
    `UPDATE ${schema}.indent_numbers SET last = last + 1 RETURNING last::text`,
  );
  return `IND-${res.rows[0]!.last.padStart(6, '0')}`;
}

/** The head's fields and status in the column order of the INSERT ($3…$9) and the UPDATE ($2…$8). */
const headValues = (input: HeadInput, status: IndentStatus): unknown[] => [
  input.title,
  input.projectId,
  input.boqId,
  input.location,
  input.neededBy,
  input.notes,
  status,
];

export async function insert(
  schema: string,
  tx: Queryable,
  id: string,
  number: string,
  input: HeadInput,
  status: IndentStatus,
  actor: Actor,
): Promise<void> {
  const submitted = status === 'compare';
  await tx.query(
    `INSERT INTO ${schema}.indents (id, indent_number, title, project_id, boq_id, location, needed_by, notes, status, created_by, created_by_name,
       submitted_by, submitted_by_name, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      id,
      number,
      ...headValues(input, status),
      actor.id,
      actor.name,
      submitted ? actor.id : null,
      submitted ? actor.name : null,
      submitted ? new Date() : null,
    ],
  );
}

export async function updateHead(
  schema: string,
  tx: Queryable,
  id: string,
  input: HeadInput,
  status: IndentStatus,
  actor: Actor,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indents SET title = $2, project_id = $3, boq_id = $4, location = $5, needed_by = $6, notes = $7, status = $8,
        submitted_by = CASE WHEN $8 = 'compare' THEN $9::uuid ELSE submitted_by END,
        submitted_by_name = CASE WHEN $8 = 'compare' THEN $10 ELSE submitted_by_name END,
        submitted_at = CASE WHEN $8 = 'compare' THEN now() ELSE submitted_at END,
        rework_comment = CASE WHEN $8 = 'compare' THEN NULL ELSE rework_comment END,
        updated_at = now(), version = version + 1
      WHERE id = $1`,
    [id, ...headValues(input, status), actor.id, actor.name],
  );
}

/** A change that moves no status (selections saved): the indent's time and version move. */
export async function touch(schema: string, tx: Queryable, id: string): Promise<void> {
  await tx.query(`UPDATE ${schema}.indents SET updated_at = now(), version = version + 1 WHERE id = $1`, [
    id,
  ]);
}

/** The purchaser's selections sent for approval: they are its submitter now. */
export async function markSentForApproval(
  schema: string,
  tx: Queryable,
  id: string,
  actor: Actor,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indents SET status = 'approval', submitted_by = $2, submitted_by_name = $3, submitted_at = now(), updated_at = now(),
        version = version + 1 WHERE id = $1`,
    [id, actor.id, actor.name],
  );
}

/** Sent back to draft with the Admin's comment. */
export async function markSentBack(
  schema: string,
  tx: Queryable,
  id: string,
  comment: string,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indents SET status = 'draft', rework_comment = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
    [id, comment],
  );
}

/** Approved by `actor` at the locked prices' total. */
export async function markApproved(
  schema: string,
  tx: Queryable,
  id: string,
  actor: Actor,
  totalPaise: number,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indents SET status = 'approved', approved_by = $2, approved_by_name = $3, approved_at = now(), total_paise = $4,
        updated_at = now(), version = version + 1 WHERE id = $1`,
    [id, actor.id, actor.name, totalPaise],
  );
}

export async function history(
  schema: string,
  tx: Queryable,
  id: string,
  by: Actor,
  from: IndentStatus | null,
  to: IndentStatus,
  comment = '',
): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.indent_history (indent_id, by_id, by_name, from_status, to_status, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, by.id, by.name, from, to, comment],
  );
}

/**
 * Keep the words a keyword finds: number, title, project name and code, creator, notes,
 * location. Of one indent (`{ id }`) when it is saved, or of a project's indents (`{ projectId }`)
 * when the project is renamed.
 */
export async function refreshSearch(
  schema: string,
  tx: Queryable,
  which: { id: string } | { projectId: string },
): Promise<void> {
  const [column, value] = 'id' in which ? ['id', which.id] : ['project_id', which.projectId];
  await tx.query(
    `UPDATE ${schema}.indents i SET search = lower(concat_ws(' ', i.indent_number, i.title, p.project_code, p.name, i.created_by_name, i.notes, i.location))
       FROM (SELECT x.id, s.project_code, s.name FROM ${schema}.indents x LEFT JOIN ${schema}.project_snapshots s ON s.project_id = x.project_id
              WHERE x.${column} = $1::uuid) p
      WHERE i.id = p.id`,
    [value],
  );
}

/** Counts for the dashboard, per status, within the projects given (null = all): from the kept counts. */
export async function counts(
  schema: string,
  db: Queryable,
  only: string[] | null,
): Promise<Record<IndentStatus, number>> {
  const res = await db.query<{ status: IndentStatus; n: number }>(
    `SELECT status, sum(n)::int AS n FROM ${schema}.indent_counts ${only ? 'WHERE project_id = ANY($1::uuid[])' : ''} GROUP BY status`,
    only ? [only] : [],
  );
  const out: Record<IndentStatus, number> = { draft: 0, compare: 0, approval: 0, approved: 0 };
  for (const r of res.rows) out[r.status] = r.n;
  return out;
}
