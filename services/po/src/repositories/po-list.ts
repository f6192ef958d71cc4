/**
 * The PO list (SPEC §2 "PO list", §7 GET /po): a page as JSON text built by PostgreSQL in one query,
 * with its total and the data's generation (decision 0023).
 */
import { PO_STATUSES, type PoSort, type PoStatus } from '@erp/contracts';
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

export interface PoListFilter {
  keyword: string;
  /** These statuses only ('active': Open and Partial); null for every status. */
  statuses: PoStatus[] | null;
  vendorId: string | null;
  projectId: string | null;
  indentId: string | null;
  boqId: string | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  sort: PoSort;
  limit: number;
  offset: number;
  cap: number;
}

/**
 * ORDER BY of each sort (migration 004's indexes serve each, in both directions): every one ends in
 * po_seq, unique, so ties never move between pages and '-key' is exactly 'key' reversed. PO numbers
 * sort by their number, so PO-1000000 comes after PO-999999 (text would put it before PO-200000).
 */
export const PO_ORDERS: Record<PoSort, string> = {
  orderDate: 'order_date, po_seq',
  '-orderDate': 'order_date DESC, po_seq DESC',
  status: 'sort_status, po_seq',
  '-status': 'sort_status DESC, po_seq DESC',
  vendor: 'sort_vendor, po_seq',
  '-vendor': 'sort_vendor DESC, po_seq DESC',
  project: 'sort_project, po_seq',
  '-project': 'sort_project DESC, po_seq DESC',
  poNumber: 'po_seq',
  '-poNumber': 'po_seq DESC',
};

/**
 * One list row's PoSummary as JSON text, from the PO of `pg.po_seq`: what toSummary makes of the
 * same row (a test holds them equal). People as `person` writes them: null without a name, '' for
 * a missing id.
 */
const summaryJsonOf = (schema: string) => {
  const who = (id: string, name: string) =>
    `CASE WHEN p.${name} IS NULL THEN NULL ELSE json_build_object('_id', coalesce(p.${id}, ''), 'name', p.${name}) END`;
  const money = (column: string) => `${schema}.json_hundredths(p.${column})::json`;
  return `SELECT json_build_object(
      '_id', p.id, 'poNumber', p.po_number, 'status', p.status, 'amount', ${money('amount_paise')},
      'orderDate', ${schema}.json_time(p.order_date), 'createdBy', ${who('created_by', 'created_by_name')},
      'approvedBy', ${who('approved_by', 'approved_by_name')}, 'updatedAt', ${schema}.json_time(p.updated_at),
      'vendor', json_build_object('_id', p.vendor_id, 'name', p.vendor_name),
      'projectId', json_build_object('_id', p.project_id, 'name', p.project_name, 'projectCode', p.project_code),
      'boqId', json_build_object('_id', p.boq_id, 'boqId', p.boq_number, 'name', p.boq_name),
      'indentId', json_build_object('_id', p.indent_id, 'indentId', p.indent_number, 'title', p.indent_title),
      'fleet', json_build_object('amount', ${money('fleet_paise')}, 'gst', ${money('fleet_gst_paise')}),
      'itemCount', p.item_count,
      'shortClose', CASE WHEN p.short_close_reason IS NULL THEN NULL
                         ELSE json_build_object('reason', p.short_close_reason, 'at', ${schema}.json_time(coalesce(p.short_closed_at, p.updated_at)),
                                                'by', ${who('short_closed_by', 'short_closed_by_name')}) END,
      'version', p.version)::text AS entry
    FROM ${schema}.purchase_orders p WHERE p.po_seq = pg.po_seq`;
};

/** The list's WHERE conditions and their parameters; `counted`: those the kept counts can answer (statuses, projects). */
function poConditions(q: PoListFilter): ListConditions {
  const c = listConditions();
  const { where, counted, add } = c;
  if (q.statuses) {
    // Written out, not a parameter: the partial indexes of the active list (migration 004) are
    // chosen only when the planner sees the statuses. Each is one of PO_STATUSES.
    const known = q.statuses.filter((s) => PO_STATUSES.includes(s));
    const inList = known.length ? `status IN (${known.map((s) => `'${s}'`).join(', ')})` : 'false';
    where.push(inList);
    counted.push(inList);
  }
  if (q.projectId) add((p) => `project_id = ${p}::uuid`, q.projectId, true);
  if (q.only) add((p) => `project_id = ANY(${p}::uuid[])`, q.only.filter(isUuid), true);
  if (q.vendorId) add((p) => `vendor_id = ${p}::uuid`, q.vendorId);
  if (q.indentId) add((p) => `indent_id = ${p}::uuid`, q.indentId);
  if (q.boqId) add((p) => `boq_id = ${p}::uuid`, q.boqId);
  // Along the trigram index of `search` (PO, indent and BOQ numbers, vendor id and name, project name and code).
  if (q.keyword) add((p) => `search LIKE ${p}`, containsPattern(q.keyword));
  return c;
}

/** Only statuses and projects filter: the kept counts answer the total. */
const keptCountsAnswer = (q: PoListFilter) => !q.keyword && !q.vendorId && !q.indentId && !q.boqId;

/** The total's SQL (over the `page` CTE of the list's query). */
function totalSql(
  schema: string,
  q: PoListFilter,
  c: ListConditions,
  page: { limit: number; offset: number },
): string {
  const bound = countBound({ ...page, cap: q.cap });
  return keptCountsAnswer(q)
    ? // Statuses and projects only: the per-status totals (3 rows), or the projects' counts.
      `(SELECT coalesce(sum(n), 0)::int FROM ${schema}.po_counts ${whereOf(c.counted)})`
    : // A page shorter than its limit tells the total; otherwise count up to the bound, as pagedSearch does.
      pageCountSql(`${schema}.purchase_orders`, whereOf(c.where), { ...page, bound });
}

/**
 * A page of the list as JSON text (PoListResponse's `result`), built by PostgreSQL in one query
 * with the total and the data's generation (decision 0023, as the indent list's decision 0021):
 * the page's numbers (po_seq) along an index of the sort key (an offset never builds what it
 * skips), each row's PoSummary from its own row by the unique number. The total: the kept counts
 * when only statuses and projects filter, else a count capped as pagedSearch caps it. Times and
 * numbers are written as Node writes them (json_time, json_hundredths); a test holds each entry
 * equal to the PO's own page.
 */
export async function listJson(
  schema: string,
  db: Queryable,
  q: PoListFilter,
): Promise<{ json: string; generation: string } & CappedTotal> {
  const c = poConditions(q);
  const { limit, offset } = checkedPaging(q);
  const { n, json, generation } = await queryJsonPage(db, {
    schema,
    table: `${schema}.purchase_orders`,
    key: 'po_seq',
    order: PO_ORDERS[q.sort],
    filter: whereOf(c.where),
    params: c.params,
    limit,
    offset,
    total: totalSql(schema, q, c, { limit, offset }),
    entry: summaryJsonOf(schema),
  });
  return {
    json,
    generation,
    ...(keptCountsAnswer(q) ? { total: n, capped: false } : cappedTotal(n, { limit, offset, cap: q.cap })),
  };
}
