/** What the BOQ screens and events read: the list page, the detail, the balances, the dashboard count. */
import {
  fromPaise,
  type Boq,
  type BoqItemBalance,
  type BoqLine,
  type BoqStatus,
  type BoqSummary,
  type BoqUpsertedData,
} from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  pageCountSql,
  queryJsonPage,
  listConditions,
  type ListConditions,
  whereOf,
  type JsonPage,
  type Queryable,
} from '@erp/service-kit';
import { boqLine, itemBalance, type StoredLine } from '../domain/boq-balances.js';
import { boqRevisions, iso, storedBoq, type StoredBoq } from './boq-revisions.js';

interface SummaryRow {
  id: string;
  boq_number: string;
  revision: number;
  name: string;
  description: string;
  notes: string;
  project_id: string;
  project_name: string;
  project_code: string;
  status: BoqStatus;
  item_count: number;
  indent_count: number;
  total_paise: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

interface DetailRow extends SummaryRow {
  confirmed_at: Date | string | null;
  confirmed_by: string | null;
  confirmed_by_name: string | null;
}

/** A BOQ line's row with the item's name and what was consumed (numbers as text). */
export interface LineRow {
  id: string;
  item_id: string;
  name: string;
  unit: string;
  planned: string;
  rate: string;
  remark: string;
  consumed: string;
}

export interface BoqListQuery {
  keyword: string;
  /** One status, or null for the current revisions (draft and confirmed). */
  status: BoqStatus | null;
  projectId: string | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  limit: number;
  offset: number;
  cap?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Bigints as text on both drivers (pg answers int8 as a string, PGlite as a bigint or number).
const SUMMARY_COLUMNS = `b.id, b.boq_number, b.revision, b.name, b.description, b.notes, b.project_id, p.name AS project_name,
  p.project_code, b.status, b.item_count, b.indent_count, b.total_paise::text AS total_paise, b.created_by, b.created_by_name,
  b.created_at, b.updated_at, b.version`;

function toSummary(r: SummaryRow): BoqSummary {
  return {
    _id: r.id,
    boqId: r.boq_number,
    revision: r.revision,
    name: r.name,
    description: r.description,
    notes: r.notes,
    projectId: { _id: r.project_id, name: r.project_name, projectCode: r.project_code },
    status: r.status,
    itemCount: r.item_count,
    indentCount: r.indent_count,
    totalAmount: fromPaise(Number(r.total_paise)),
    createdBy: r.created_by ? { _id: r.created_by, name: r.created_by_name ?? '' } : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    version: r.version,
  };
}

/** A line's row as its stored line (numbers from their text). */
export function storedLine(r: LineRow): StoredLine {
  return {
    id: r.id,
    itemId: r.item_id,
    name: r.name,
    unit: r.unit,
    plannedHundredths: Number(r.planned),
    ratePaise: Number(r.rate),
    remark: r.remark,
    consumedHundredths: Number(r.consumed),
  };
}

const toLine = (r: LineRow): BoqLine => boqLine(storedLine(r));

/** One query: the revision's lines with the item's name and what was consumed of it under this number. */
export async function boqLines(
  schema: string,
  db: Queryable,
  id: string,
  number: string,
): Promise<BoqLine[]> {
  const res = await db.query<LineRow>(
    `SELECT l.id, l.item_id, coalesce(s.name, '') AS name, l.unit, l.planned_hundredths::text AS planned, l.rate_paise::text AS rate,
            l.remark, coalesce(c.consumed_hundredths, 0)::text AS consumed
       FROM ${schema}.boq_lines l
       LEFT JOIN ${schema}.item_snapshots s ON s.item_id = l.item_id
       LEFT JOIN ${schema}.boq_consumption c ON c.boq_number = $2 AND c.item_id = l.item_id
      WHERE l.boq_id = $1
      ORDER BY l.line_no`,
    [id, number],
  );
  return res.rows.map(toLine);
}

/** The list's conditions: `where` for the page, `counted` for the kept counts per project and status. */
function listFilter(q: BoqListQuery): ListConditions {
  const c = listConditions();
  if (q.keyword) c.add((p) => `search LIKE ${p}`, containsPattern(q.keyword));
  if (q.status) c.add((p) => `status = ${p}`, q.status, true);
  else {
    // Superseded revisions are history, reached from their BOQ's page (partial index boqs_listed).
    c.where.push(`status <> 'superseded'`);
    c.counted.push(`status <> 'superseded'`);
  }
  if (q.projectId) c.add((p) => `project_id = ${p}::uuid`, q.projectId, true);
  if (q.only)
    c.add(
      (p) => `project_id = ANY(${p}::uuid[])`,
      q.only.filter((id) => UUID.test(id)),
      true,
    );
  return c;
}

/**
 * A page of the BOQ list (newest first) as JSON text from one query (decision 0018): the page's ids
 * along an index, each BOQ's list entry as PostgreSQL keeps it (migration 004), joined. The total
 * comes from the counts kept per project and status; only a keyword search counts its matches
 * (capped, and only when the page is full).
 */
export async function boqListJson(schema: string, db: Queryable, q: BoqListQuery): Promise<JsonPage> {
  const { where, counted, params } = listFilter(q);
  const { limit, offset } = checkedPaging(q);
  const bound = countBound({ limit, offset, cap: q.cap });
  const filter = whereOf(where);
  const { n, json, generation } = await queryJsonPage(db, {
    schema,
    table: `${schema}.boqs`,
    key: 'id',
    order: 'created_at DESC, id DESC',
    filter,
    params,
    limit,
    offset,
    total: q.keyword
      ? pageCountSql(`${schema}.boqs`, filter, { limit, offset, bound })
      : `(SELECT coalesce(sum(n), 0)::int FROM ${schema}.boq_counts ${whereOf(counted)})`,
    // Each entry by its primary key (LIMIT 1 keeps the planner from scanning the table to hash it).
    entry: `SELECT list_entry AS entry FROM ${schema}.boqs WHERE id = pg.id LIMIT 1`,
  });
  return {
    json,
    generation,
    ...(q.keyword ? cappedTotal(n, { limit, offset, cap: q.cap }) : { total: n, capped: false }),
  };
}

/**
 * GET /boq/{id} as JSON text built by PostgreSQL (decision 0018): the list entry, the lines with
 * what was consumed under the BOQ's number, who confirmed it and its revisions. `detail` builds the
 * same answer in Node for the writes' responses; a test holds the two equal.
 */
export async function boqDetailJson(
  schema: string,
  db: Queryable,
  id: string,
): Promise<{ json: string; generation: string } | null> {
  const t = (name: string) => `${schema}.${name}`;
  const res = await db.query<{ json: string; g: string }>(
    `SELECT ${generationSql(schema)} AS g, left(b.list_entry, -1) || ',"items":[' || coalesce(l.items, '') || '],' || substr(row_to_json(x)::text, 2) AS json
       FROM ${t('boqs')} b
       CROSS JOIN LATERAL (
         -- The line's entry as kept (migration 004) with what receipts consumed under the BOQ's number.
         SELECT string_agg(l.entry || ',"consumedQuantity":' || ${t('json_hundredths')}(coalesce(c.consumed_hundredths, 0))
                  || ',"balanceQuantity":' || ${t('json_hundredths')}(l.planned_hundredths - coalesce(c.consumed_hundredths, 0)) || '}',
                  ',' ORDER BY l.line_no) AS items
           FROM ${t('boq_lines')} l
           LEFT JOIN ${t('boq_consumption')} c ON c.boq_number = b.boq_number AND c.item_id = l.item_id
          WHERE l.boq_id = b.id
       ) AS l
       CROSS JOIN LATERAL (
         SELECT to_char(b.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "confirmedAt",
                (SELECT row_to_json(a) FROM (SELECT b.confirmed_by AS "_id", coalesce(b.confirmed_by_name, '') AS name) AS a
                  WHERE b.confirmed_by IS NOT NULL) AS "confirmedBy",
                (SELECT json_agg(r ORDER BY r.revision DESC)
                   FROM (SELECT id AS "_id", revision, status,
                                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
                           FROM ${t('boqs')} WHERE boq_number = b.boq_number) AS r) AS revisions
       ) AS x
      WHERE b.id = $1`,
    [id],
  );
  const row = res.rows[0];
  return row ? { json: row.json, generation: row.g } : null;
}

/** The BOQ as GET /boq/{id} answers it. */
export async function boqDetail(schema: string, db: Queryable, id: string): Promise<Boq | null> {
  const res = await db.query<DetailRow>(
    `SELECT ${SUMMARY_COLUMNS}, b.confirmed_at, b.confirmed_by, b.confirmed_by_name
       FROM ${schema}.boqs b JOIN ${schema}.projects p ON p.id = b.project_id WHERE b.id = $1`,
    [id],
  );
  const r = res.rows[0];
  if (!r) return null;
  const items = await boqLines(schema, db, id, r.boq_number);
  const history = await boqRevisions(schema, db, r.boq_number);
  return {
    ...toSummary(r),
    items,
    confirmedAt: r.confirmed_at ? iso(r.confirmed_at) : null,
    confirmedBy: r.confirmed_by ? { _id: r.confirmed_by, name: r.confirmed_by_name ?? '' } : null,
    revisions: history.map(({ projectId: _p, ...ref }) => ref),
  };
}

/** GET /boq/items/{id}: what an indent may draw on. */
export async function boqBalances(
  schema: string,
  db: Queryable,
  id: string,
  number: string,
): Promise<BoqItemBalance[]> {
  return (await boqLines(schema, db, id, number)).map(itemBalance);
}

/** Confirmed revisions of these projects (all when null): the dashboard's Active BoQs, from the kept counts. */
export async function countConfirmed(schema: string, db: Queryable, only: string[] | null): Promise<number> {
  const res = only
    ? await db.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM ${schema}.boq_counts WHERE status = 'confirmed' AND project_id = ANY($1::uuid[])`,
        [only.filter((id) => UUID.test(id))],
      )
    : await db.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM ${schema}.boq_counts WHERE status = 'confirmed'`,
      );
  return res.rows[0]!.n;
}

/** erp.projects.boq_upserted.v1 of a stored revision (status 'deleted' given for one just removed). */
export async function boqEvent(
  schema: string,
  db: Queryable,
  id: string,
  deleted?: StoredBoq & { version: number },
): Promise<BoqUpsertedData> {
  if (deleted) {
    return {
      boqId: deleted.id,
      boqNumber: deleted.boqNumber,
      revision: deleted.revision,
      projectId: deleted.projectId,
      name: deleted.name,
      status: 'deleted',
      lines: [],
      version: deleted.version + 1,
    };
  }
  const b = (await storedBoq(schema, db, id))!;
  const ls = await boqLines(schema, db, id, b.boqNumber);
  return {
    boqId: b.id,
    boqNumber: b.boqNumber,
    revision: b.revision,
    projectId: b.projectId,
    name: b.name,
    status: b.status,
    lines: ls.map((l) => ({ itemId: l.itemId, name: l.name, unit: l.unit, plannedQty: l.plannedQty })),
    version: b.version,
  };
}
