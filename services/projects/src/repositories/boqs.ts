import { randomUUID } from 'node:crypto';
import { lineAmount, type BoqStatus } from '@erp/contracts';
import { onSchema, type Queryable } from '@erp/service-kit';
import { totalPaise } from '../domain/boq-balances.js';
import type { BoqInput, LineInput } from '../domain/boq-input.js';
import { boqRevisions, storedBoq, type StoredBoq } from './boq-revisions.js';
import { boqOf, addConsumption } from './boq-consumption.js';
import { boqBalances, boqDetail, boqDetailJson, boqEvent, boqListJson, countConfirmed } from './boq-views.js';
import { itemsEmpty, unknownItems, upsertItems } from './item-snapshots.js';

export type { StoredBoq } from './boq-revisions.js';

export interface BoqActor {
  id: string;
  name: string;
}

export const BOQ_NUMBER_PREFIX = 'BOQ-';
export const boqNumber = (n: number) => `${BOQ_NUMBER_PREFIX}${String(n).padStart(4, '0')}`;

/** The next BOQ number (BOQ-0001 upward, never reused). */
export async function nextNumber(schema: string, db: Queryable): Promise<string> {
  const res = await db.query<{ n: string }>(`SELECT nextval('${schema}.boq_number_seq')::text AS n`);
  return boqNumber(Number(res.rows[0]!.n));
}

/**
 * Add (or take) `delta` BOQ numbers to the project's count, locking its row; answers the text
 * the keyword search matches the project by, or null when there is no such project.
 */
export async function countOnProject(
  schema: string,
  db: Queryable,
  projectId: string,
  delta: number,
): Promise<string | null> {
  const res = await db.query<{ search: string }>(
    `UPDATE ${schema}.projects SET boq_count = boq_count + $2 WHERE id = $1 RETURNING project_code || ' ' || name AS search`,
    [projectId, delta],
  );
  return res.rows[0]?.search ?? null;
}

/** A project was renamed (or its code changed): its BOQs are found by the new words. */
export async function projectChanged(schema: string, db: Queryable, projectId: string): Promise<void> {
  await db.query(
    `UPDATE ${schema}.boqs b SET project_search = p.project_code || ' ' || p.name
       FROM ${schema}.projects p WHERE p.id = $1 AND b.project_id = p.id AND b.project_search <> p.project_code || ' ' || p.name`,
    [projectId],
  );
}

export interface NewBoq {
  id?: string;
  boqNumber: string;
  revision: number;
  status: 'draft' | 'confirmed';
  projectSearch: string;
  actor: BoqActor;
  createdAt?: string;
}

export async function insertBoq(schema: string, db: Queryable, b: NewBoq, input: BoqInput): Promise<string> {
  const id = b.id ?? randomUUID();
  const confirmed = b.status === 'confirmed';
  await db.query(
    `INSERT INTO ${schema}.boqs (id, boq_number, revision, project_id, name, description, notes, status, item_count, total_paise,
            created_by, created_by_name, updated_by, confirmed_at, confirmed_by, confirmed_by_name, project_search)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, CASE WHEN $13::boolean THEN now() END,
             CASE WHEN $13::boolean THEN $11::uuid END, CASE WHEN $13::boolean THEN $12 END, $14)`,
    [
      id,
      b.boqNumber,
      b.revision,
      input.projectId,
      input.name,
      input.description,
      input.notes,
      b.status,
      input.lines.length,
      String(totalPaise(input.lines)),
      b.actor.id,
      b.actor.name,
      confirmed,
      b.projectSearch,
    ],
  );
  await insertLines(schema, db, id, input.lines);
  return id;
}

/** A draft's fields and lines replaced (the form is sent whole); a new version. */
export async function updateBoq(
  schema: string,
  db: Queryable,
  id: string,
  input: BoqInput,
  actor: BoqActor,
  projectSearch: string | null,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.boqs SET project_id = $2, name = $3, description = $4, notes = $5, item_count = $6, total_paise = $7,
            updated_by = $8, updated_at = now(), version = version + 1, project_search = coalesce($9, project_search)
      WHERE id = $1`,
    [
      id,
      input.projectId,
      input.name,
      input.description,
      input.notes,
      input.lines.length,
      String(totalPaise(input.lines)),
      actor.id,
      projectSearch,
    ],
  );
  await db.query(`DELETE FROM ${schema}.boq_lines WHERE boq_id = $1`, [id]);
  await insertLines(schema, db, id, input.lines);
}

export async function setStatus(
  schema: string,
  db: Queryable,
  id: string,
  status: BoqStatus,
  actor: BoqActor,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.boqs SET status = $2, updated_by = $3, updated_at = now(), version = version + 1,
            confirmed_at = CASE WHEN $2 = 'confirmed' THEN now() ELSE confirmed_at END,
            confirmed_by = CASE WHEN $2 = 'confirmed' THEN $3::uuid ELSE confirmed_by END,
            confirmed_by_name = CASE WHEN $2 = 'confirmed' THEN $4 ELSE confirmed_by_name END
      WHERE id = $1`,
    [id, status, actor.id, actor.name],
  );
}

/** A new draft revision of a confirmed one: same number, fields and lines (new line ids). */
export async function copyAsDraft(
  schema: string,
  db: Queryable,
  from: StoredBoq,
  actor: BoqActor,
): Promise<string> {
  const id = randomUUID();
  const next = await db.query<{ n: number }>(
    `SELECT max(revision) + 1 AS n FROM ${schema}.boqs WHERE boq_number = $1`,
    [from.boqNumber],
  );
  await db.query(
    `INSERT INTO ${schema}.boqs (id, boq_number, revision, project_id, name, description, notes, status, item_count, total_paise,
            indent_count, created_by, created_by_name, updated_by, project_search)
     SELECT $2, boq_number, $3, project_id, name, description, notes, 'draft', item_count, total_paise, indent_count, $4, $5, $4, project_search
       FROM ${schema}.boqs WHERE id = $1`,
    [from.id, id, next.rows[0]!.n, actor.id, actor.name],
  );
  await db.query(
    `INSERT INTO ${schema}.boq_lines (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
     SELECT $2, line_no, gen_random_uuid(), item_id, unit, planned_hundredths, rate_paise, amount_paise, remark FROM ${schema}.boq_lines WHERE boq_id = $1`,
    [from.id, id],
  );
  return id;
}

export async function removeBoq(schema: string, db: Queryable, id: string): Promise<void> {
  await db.query(`DELETE FROM ${schema}.boqs WHERE id = $1`, [id]);
}

/** Every line in one statement (a BOQ may have thousands). */
async function insertLines(schema: string, db: Queryable, boqId: string, ls: LineInput[]): Promise<void> {
  if (ls.length === 0) return;
  await db.query(
    `INSERT INTO ${schema}.boq_lines (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
     SELECT $1, n, id, item_id, unit, planned, rate, amount, remark
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[])
            WITH ORDINALITY AS x(id, item_id, unit, planned, rate, amount, remark, n)`,
    [
      boqId,
      ls.map(() => randomUUID()),
      ls.map((l) => l.itemId),
      ls.map((l) => l.unit),
      ls.map((l) => String(l.plannedHundredths)),
      ls.map((l) => String(l.ratePaise)),
      ls.map((l) => String(lineAmount(l.ratePaise, l.plannedHundredths))),
      ls.map((l) => l.remark),
    ],
  );
}

/**
 * The BOQs of the projects service (SPEC §2 "BOQ"; decision 0016): revisions sharing a number,
 * their lines, the item snapshots the lines name, and the consumption goods receipts add per number.
 */
export function boqsRepository(schema: string) {
  const on = <A extends unknown[], R>(fn: (schema: string, ...args: A) => R) => onSchema(schema, fn);
  return {
    stored: on(storedBoq),
    revisions: on(boqRevisions),
    listJson: on(boqListJson),
    detailJson: on(boqDetailJson),
    detail: on(boqDetail),
    balances: on(boqBalances),
    unknownItems: on(unknownItems),
    nextNumber: on(nextNumber),
    countOnProject: on(countOnProject),
    projectChanged: on(projectChanged),
    insert: on(insertBoq),
    update: on(updateBoq),
    setStatus: on(setStatus),
    copyAsDraft: on(copyAsDraft),
    remove: on(removeBoq),
    countConfirmed: on(countConfirmed),
    event: on(boqEvent),
    items: { upsert: on(upsertItems), isEmpty: on(itemsEmpty) },
    consumption: { boqOf: on(boqOf), add: on(addConsumption) },
  };
}
export type BoqsRepository = ReturnType<typeof boqsRepository>;
