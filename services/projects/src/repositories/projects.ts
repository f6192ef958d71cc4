import { randomUUID } from 'node:crypto';
import type { ProjectStatus } from '@erp/contracts';
import { onSchema, type Queryable } from '@erp/service-kit';
import type { ProjectInput, StoredProject } from '../domain/project-input.js';
import { mergeTeam, type PendingChange, type ReplicaMember } from '../domain/project-team.js';
import { projectListJson } from './project-list.js';
import { assignedMembers, replicaMembers } from './replica.js';

export type { ProjectInput, StoredProject } from '../domain/project-input.js';
export type { PendingChange, ReplicaMember } from '../domain/project-team.js';
export type { ProjectListQuery } from './project-list.js';

interface ProjectRow {
  id: string;
  project_code: string;
  name: string;
  location: string;
  start_date: string | null;
  target_completion_date: string | null;
  status: ProjectStatus;
  notes: string;
  boq_count: number;
  team_sequence: string;
  pending_team: PendingChange[];
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  created_by_name: string | null;
  version: number;
}

// Dates as text on both drivers (a date column would arrive as a local-time Date from pg).
const COLUMNS = `id, project_code, name, location, to_char(start_date, 'YYYY-MM-DD') AS start_date,
         to_char(target_completion_date, 'YYYY-MM-DD') AS target_completion_date, status, notes, boq_count,
         team_sequence::text AS team_sequence, pending_team, created_at, updated_at, created_by, created_by_name, version`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toStored(row: ProjectRow): StoredProject {
  return {
    _id: row.id,
    projectCode: row.project_code,
    name: row.name,
    location: row.location,
    startDate: row.start_date ?? '',
    targetCompletionDate: row.target_completion_date ?? '',
    status: row.status,
    notes: row.notes,
    boqCount: row.boq_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? '' } : null,
    version: row.version,
    teamSequence: Number(row.team_sequence),
    pendingTeam: row.pending_team ?? [],
  };
}

export const PROJECT_CODE_PREFIX = 'PRJ-';
export function projectCode(n: number): string {
  return `${PROJECT_CODE_PREFIX}${String(n).padStart(4, '0')}`;
}
const SUGGESTED = /^PRJ-([0-9]{1,9})$/i;

export async function storedProject(
  schema: string,
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<StoredProject | null> {
  const res = await db.query<ProjectRow>(
    `SELECT ${COLUMNS} FROM ${schema}.projects WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return res.rows[0] ? toStored(res.rows[0]) : null;
}

/** The stored projects with their current team (replica merged with the unconfirmed team_set). */
export async function withTeams(
  schema: string,
  db: Queryable,
  stored: StoredProject[],
): Promise<Array<StoredProject & { team: ReplicaMember[] }>> {
  const assigned = await assignedMembers(
    schema,
    db,
    stored.map((p) => p._id),
  );
  const known = await replicaMembers(schema, db, [
    ...new Set(stored.flatMap((p) => p.pendingTeam.map((c) => c.memberId))),
  ]);
  return stored.map((p) => ({ ...p, team: mergeTeam(assigned.get(p._id) ?? [], p.pendingTeam, known) }));
}

/** True when another project has this code (case ignored). */
export async function codeTaken(
  schema: string,
  db: Queryable,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  const res = await db.query(
    `SELECT 1 FROM ${schema}.projects WHERE lower(project_code) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [code, exceptId],
  );
  return res.rows.length > 0;
}

/** The next PRJ-NNNN code after the highest one given out, skipping any typed in by hand. */
export async function nextCode(schema: string, db: Queryable): Promise<string> {
  const seq = await db.query<{ n: string }>(
    `SELECT (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text AS n FROM ${schema}.project_code_seq`,
  );
  let n = Number(seq.rows[0]!.n) + 1;
  for (;;) {
    const taken = await db.query<{ code: string }>(
      `SELECT lower(project_code) AS code FROM ${schema}.projects WHERE lower(project_code) = ANY($1::text[])`,
      [Array.from({ length: 20 }, (_, i) => projectCode(n + i).toLowerCase())],
    );
    const set = new Set(taken.rows.map((r) => r.code));
    for (let i = 0; i < 20; i++, n++) if (!set.has(projectCode(n).toLowerCase())) return projectCode(n);
  }
}

/** The id and form fields as $1…$8 of the INSERT and the UPDATE. */
const projectValues = (id: string, input: ProjectInput): unknown[] => [
  id,
  input.projectCode,
  input.name,
  input.location,
  input.startDate,
  input.targetCompletionDate,
  input.status,
  input.notes,
];

export async function insertProject(
  schema: string,
  db: Queryable,
  input: ProjectInput,
  actor: { id: string; name: string } | null,
  id: string = randomUUID(),
): Promise<string> {
  await db.query(
    `INSERT INTO ${schema}.projects (id, project_code, name, location, start_date, target_completion_date, status, notes, created_by, created_by_name, updated_by)
     VALUES ($1, $2, $3, $4, nullif($5, '')::date, nullif($6, '')::date, $7, $8, $9, $10, $9)`,
    [...projectValues(id, input), actor?.id ?? null, actor?.name ?? null],
  );
  return id;
}

/**
 * A PRJ-NNNN code saved: the suggestion moves past it. setval is not undone by a rollback, so
 * callers run this last in their transaction, once nothing else can refuse the save.
 */
export async function codeUsed(schema: string, db: Queryable, code: string): Promise<void> {
  const m = SUGGESTED.exec(code);
  if (!m) return;
  await db.query(
    `SELECT setval('${schema}.project_code_seq', GREATEST($1::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${schema}.project_code_seq)))`,
    [Number(m[1])],
  );
}

export async function updateProject(
  schema: string,
  db: Queryable,
  id: string,
  input: ProjectInput,
  actorId: string,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.projects SET project_code = $2, name = $3, location = $4, start_date = nullif($5, '')::date,
            target_completion_date = nullif($6, '')::date, status = $7, notes = $8, updated_by = $9, updated_at = now(), version = version + 1
      WHERE id = $1`,
    [...projectValues(id, input), actorId],
  );
}

/** Record a team_set sent: its sequence (returned) and the changes the replica does not show yet. */
export async function teamSent(
  schema: string,
  db: Queryable,
  id: string,
  pending: PendingChange[],
): Promise<number> {
  const res = await db.query<{ seq: string }>(
    `UPDATE ${schema}.projects SET team_sequence = team_sequence + 1, pending_team = $2::jsonb WHERE id = $1 RETURNING team_sequence::text AS seq`,
    [id, JSON.stringify(pending)],
  );
  return Number(res.rows[0]!.seq);
}

/** A team change alone (no field changed) still makes a new version of the project. */
export async function touchProject(
  schema: string,
  db: Queryable,
  id: string,
  actorId: string,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.projects SET updated_by = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
    [id, actorId],
  );
}

/** The project queries on one schema, as the routes and consumers use them. */
export function projectsRepository(schema: string) {
  const on = <A extends unknown[], R>(fn: (schema: string, ...args: A) => R) => onSchema(schema, fn);
  return {
    replica: { assigned: on(assignedMembers), members: on(replicaMembers) },
    mergeTeam,
    listJson: on(projectListJson),
    stored: on(storedProject),
    /** The stored project with its current team (replica merged with the unconfirmed team_set). */
    withTeam: async (db: Queryable, p: StoredProject) => (await withTeams(schema, db, [p]))[0]!,
    codeTaken: on(codeTaken),
    nextCode: on(nextCode),
    insert: on(insertProject),
    codeUsed: on(codeUsed),
    update: on(updateProject),
    teamSent: on(teamSent),
    touch: on(touchProject),
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
