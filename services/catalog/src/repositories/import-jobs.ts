/** Item import jobs: a job's progress and its rows' outcomes, kept per chunk as the import writes them. */
import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportRowResult } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { Actor } from './items.js';

interface JobRow {
  id: string;
  file_name: string;
  status: ImportJob['status'];
  total_rows: number;
  processed_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  message: string;
  created_at: Date;
}

export async function create(
  s: string,
  db: Queryable,
  fileName: string,
  totalRows: number,
  by: Actor,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO ${s}.import_jobs (id, file_name, status, total_rows, created_by, created_by_name) VALUES ($1, $2, 'running', $3, $4, $5)`,
    [id, fileName, totalRows, by.id, by.name],
  );
  return id;
}

/** A job; with `startedBy`, only when that member started it. */
export async function get(
  s: string,
  db: Queryable,
  id: string,
  startedBy?: string,
): Promise<ImportJob | null> {
  const res = await db.query<JobRow>(
    `SELECT * FROM ${s}.import_jobs WHERE id = $1 AND ($2::uuid IS NULL OR created_by = $2::uuid)`,
    [id, startedBy ?? null],
  );
  const j = res.rows[0];
  if (!j) return null;
  const chunks = await db.query<{ results: ImportRowResult[] }>(
    `SELECT results FROM ${s}.import_job_rows WHERE job_id = $1 ORDER BY chunk`,
    [id],
  );
  const rows = chunks.rows.flatMap((c) => c.results).sort((a, b) => a.row - b.row);
  return {
    _id: j.id,
    fileName: j.file_name,
    status: j.status,
    totalRows: j.total_rows,
    processedRows: j.processed_rows,
    created: j.created,
    updated: j.updated,
    unchanged: j.unchanged,
    refused: j.refused,
    message: j.message,
    rows,
    createdAt: j.created_at.toISOString(),
  };
}

export async function recordChunk(
  s: string,
  tx: Queryable,
  id: string,
  chunk: number,
  results: ImportRowResult[],
): Promise<void> {
  const n = (o: ImportRowResult['outcome']) => results.filter((r) => r.outcome === o).length;
  await tx.query(`INSERT INTO ${s}.import_job_rows (job_id, chunk, results) VALUES ($1, $2, $3::jsonb)`, [
    id,
    chunk,
    JSON.stringify(results),
  ]);
  await tx.query(
    `UPDATE ${s}.import_jobs SET processed_rows = processed_rows + $2, created = created + $3, updated = updated + $4,
       unchanged = unchanged + $5, refused = refused + $6 WHERE id = $1`,
    [id, results.length, n('created'), n('updated'), n('unchanged'), n('refused')],
  );
}

export async function finish(
  s: string,
  db: Queryable,
  id: string,
  status: 'done' | 'failed',
  message: string,
): Promise<void> {
  await db.query(`UPDATE ${s}.import_jobs SET status = $2, message = $3, finished_at = now() WHERE id = $1`, [
    id,
    status,
    message,
  ]);
}

/** Jobs cut short by a restart are reported as failed rather than running for ever. */
export async function failInterrupted(s: string, db: Queryable): Promise<void> {
  await db.query(
    `UPDATE ${s}.import_jobs SET status = 'failed', message = 'The import was interrupted by a restart; upload the file again', finished_at = now() WHERE status = 'running'`,
  );
}

/** The import job queries of one schema. */
export function importJobs(schema: string) {
  return {
    create: create.bind(null, schema),
    get: get.bind(null, schema),
    recordChunk: recordChunk.bind(null, schema),
    finish: finish.bind(null, schema),
    failInterrupted: failInterrupted.bind(null, schema),
  };
}
export type ImportJobs = ReturnType<typeof importJobs>;
