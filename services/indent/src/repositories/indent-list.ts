/** The indent list: a page of IndentSummary rows as JSON text built by PostgreSQL, with its total. */
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  isUuid,
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

interface ListFilter {
  /** The page's conditions. */
  where: string[];
  /** The same without the keyword: what the kept counts can answer. */
  counted: string[];
  params: unknown[];
}

function listFilter(q: ListQuery): ListFilter {
  const f: ListFilter = { where: [], counted: [], params: [] };
  const both = (condition: (n: number) => string, value: unknown) => {
    f.params.push(value);
    f.where.push(condition(f.params.length));
    f.counted.push(condition(f.params.length));
  };
  if (q.status) both((n) => `status = $${n}`, q.status);
  if (q.projectId) both((n) => `project_id = $${n}::uuid`, q.projectId);
  if (q.only) both((n) => `project_id = ANY($${n}::uuid[])`, q.only.filter(isUuid));
  if (q.keyword) {
    // Along the trigram index of `search` (which holds the project's name and code too).
    f.params.push(containsPattern(q.keyword.toLowerCase()));
    f.where.push(`search LIKE $${f.params.length}`);
  }
  return f;
}

const conjunction = (conditions: readonly string[]): string => conditions.map((c) => `(${c})`).join(' AND ');

/** The total's SQL: the page's own count when it is the last, else a capped count; the kept counts without a keyword. */
function totalSql(
  schema: string,
  q: ListQuery,
  f: ListFilter,
  page: { limit: number; offset: number; bound: number },
): string {
  const filter = f.where.length ? `WHERE ${conjunction(f.where)}` : '';
  const { limit, offset, bound } = page;
  return q.keyword
    ? `CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*)::int FROM page)
                ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${schema}.indents ${filter} LIMIT ${bound + 1}) AS matches) END`
    : // The kept counts (deltas, kit migration 7): a sum of about one row per project and status.
      `(SELECT coalesce(sum(n), 0)::int FROM ${schema}.indent_counts${f.counted.length ? ` WHERE ${conjunction(f.counted)}` : ''})`;
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
  const filter = f.where.length ? `WHERE ${conjunction(f.where)}` : '';
  const order = q.sort === 'updatedAt' ? 'updated_at DESC, id DESC' : 'created_at DESC, id DESC';
  const res = await db.query<{ n: number; entries: string | null; g: string }>(
    `WITH page AS MATERIALIZED (
       SELECT id, row_number() OVER (ORDER BY ${order}) AS ord FROM ${schema}.indents ${filter}
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
     )
     SELECT ${totalSql(schema, q, f, { limit, offset, bound })} AS n,
            (SELECT string_agg(e.entry, ',' ORDER BY pg.ord) FROM page pg CROSS JOIN LATERAL (${summaryJson(schema)}) AS e) AS entries,
            ${generationSql(schema)} AS g`,
    f.params,
  );
  const row = res.rows[0]!;
  return {
    json: `[${row.entries ?? ''}]`,
    generation: row.g,
    ...(q.keyword ? cappedTotal(row.n, { limit, offset, cap }) : { total: row.n, capped: false }),
  };
}
