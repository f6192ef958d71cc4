/** The indent list: a page of IndentSummary rows as JSON text built by PostgreSQL, with its total. */
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  isUuid,
  listConditions,
  type ListConditions,
  pageCountSql,
  queryJsonPage,
  whereOf,
  type CappedTotal,
  type Queryable,
} from '@erp/service-kit';
import type { ListQuery } from './types.js';

/**
 * How far the list counts a keyword's matches: a common word ('slab') matches a seventh of 100,000
 * indents, and counting 10,000 of them reads 70,000 rows on every page (26 ms of PostgreSQL's CPU per
 * page in bench/indent-list.mjs); 1,000 reads a tenth of that. The pager says '1,000+'.
 */
export const KEYWORD_COUNT_CAP = 1000;

/**
 * One list row (IndentSummary) as JSON text, for the page row `pg`: the indent by primary key with
 * its project and BOQ (LIMIT 1 keeps the planner from hashing whole tables for a page of ten).
 */
function summaryJson(schema: string): string {
  const t = (name: string) => `${schema}.${name}`;
  /**
   * The indent `i`'s quantities per unit (contracts' quantitiesByUnit: units in the order they first
   * appear), read along the lines' (indent_id, item_id) key; quantities are never added across units
   * (decision 0037). The lines are written with the indent's row, so the list's generation moves with them.
   */
  const BY_UNIT_JSON = `SELECT coalesce(json_agg(json_build_object('unit', u.unit, 'quantity', ${schema}.json_hundredths(u.q)::json) ORDER BY u.first), '[]'::json)
      FROM (SELECT l.unit, sum(l.quantity_hundredths)::bigint AS q, min(l.position) AS first FROM ${t('indent_lines')} l WHERE l.indent_id = i.id GROUP BY l.unit) u`;
  return `SELECT json_build_object(
      '_id', i.id, 'indentId', i.indent_number, 'title', i.title, 'name', i.title, 'status', i.status,
      'projectId', json_build_object('_id', i.project_id, 'name', coalesce(p.name, ''), 'projectCode', coalesce(p.project_code, '')),
      'boqId', json_build_object('_id', i.boq_id, 'boqId', coalesce(b.boq_number, ''), 'name', coalesce(b.name, '')),
      'location', i.location, 'neededBy', i.needed_by::text, 'notes', i.notes,
      'createdBy', CASE WHEN i.created_by IS NULL THEN NULL ELSE json_build_object('_id', i.created_by, 'name', i.created_by_name) END,
      'createdAt', ${schema}.json_time(i.created_at), 'updatedAt', ${schema}.json_time(i.updated_at),
      'submittedBy', CASE WHEN i.submitted_by IS NULL THEN NULL ELSE json_build_object('_id', i.submitted_by, 'name', coalesce(i.submitted_by_name, '')) END,
      'submittedAt', ${schema}.json_time(i.submitted_at), 'reworkComment', i.rework_comment, 'version', i.version,
      'items', json_build_object('count', i.item_count, 'totalQuantity', ${schema}.json_hundredths(i.total_hundredths)::json,
                                 'totalAmount', ${schema}.json_hundredths(i.total_paise)::json,
                                 'byUnit', (${BY_UNIT_JSON})),
      'overBoqLines', i.over_boq_lines, 'poCount', i.po_count)::text AS entry
    FROM ${t('indents')} i
    LEFT JOIN LATERAL (SELECT name, project_code FROM ${t('project_snapshots')} WHERE project_id = i.project_id LIMIT 1) p ON true
    LEFT JOIN LATERAL (SELECT boq_number, name FROM ${t('boq_snapshots')} WHERE boq_id = i.boq_id LIMIT 1) b ON true
   WHERE i.id = pg.id LIMIT 1`;
}

/** The page's conditions; `counted`, the same without the keyword: what the kept counts can answer. */
function listFilter(q: ListQuery): ListConditions {
  const f = listConditions();
  if (q.status) f.add((p) => `status = ${p}`, q.status, true);
  if (q.projectId) f.add((p) => `project_id = ${p}::uuid`, q.projectId, true);
  if (q.only) f.add((p) => `project_id = ANY(${p}::uuid[])`, q.only.filter(isUuid), true);
  // Along the trigram index of `search` (which holds the project's name and code too).
  if (q.keyword) f.add((p) => `search LIKE ${p}`, containsPattern(q.keyword.toLowerCase()));
  return f;
}

/** The total's SQL: the page's own count when it is the last, else a capped count; the kept counts without a keyword. */
function totalSql(
  schema: string,
  q: ListQuery,
  f: ListConditions,
  page: { limit: number; offset: number; bound: number },
): string {
  return q.keyword
    ? pageCountSql(`${schema}.indents`, whereOf(f.where), page)
    : // The kept counts (deltas, kit migration 7): a sum of about one row per project and status.
      `(SELECT coalesce(sum(n), 0)::int FROM ${schema}.indent_counts ${whereOf(f.counted)})`;
}

/**
 * A page of the list as JSON text (IndentListResponse's `result`), built by PostgreSQL in one
 * query with the total and the data's generation (decision 0021): the page's ids along an index of
 * `indents` alone (an offset never builds what it skips), each row's IndentSummary from that row
 * and its project and BOQ by primary key. The total: the kept counts without a keyword, else a
 * count capped at KEYWORD_COUNT_CAP. Times and numbers are written as Node writes them
 * (json_time, json_hundredths); a test holds each entry equal to the indent's page.
 */
export async function listJson(
  schema: string,
  db: Queryable,
  q: ListQuery,
): Promise<{ json: string; generation: string } & CappedTotal> {
  const f = listFilter(q);
  const { limit, offset } = checkedPaging(q);
  // A keyword's matches are counted up to KEYWORD_COUNT_CAP at most (decision 0020): '1,000+'.
  const cap = Math.min(q.cap, KEYWORD_COUNT_CAP);
  const bound = countBound({ limit, offset, cap });
  const { n, json, generation } = await queryJsonPage(db, {
    schema,
    table: `${schema}.indents`,
    key: 'id',
    order: q.sort === 'updatedAt' ? 'updated_at DESC, id DESC' : 'created_at DESC, id DESC',
    filter: whereOf(f.where),
    params: f.params,
    limit,
    offset,
    total: totalSql(schema, q, f, { limit, offset, bound }),
    entry: summaryJson(schema),
  });
  return {
    json,
    generation,
    ...(q.keyword ? cappedTotal(n, { limit, offset, cap }) : { total: n, capped: false }),
  };
}
