import type { ProjectStatus } from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  pageCountSql,
  queryJsonPage,
  listConditions,
  whereOf,
  type JsonPage,
  type Queryable,
} from '@erp/service-kit';

export interface ProjectListQuery {
  keyword: string;
  status: ProjectStatus | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  limit: number;
  offset: number;
  cap?: number;
}

function listFilter(q: ProjectListQuery): { filter: string; params: unknown[] } {
  const c = listConditions();
  if (q.keyword) c.add((p) => `search LIKE ${p}`, containsPattern(q.keyword));
  if (q.status) c.add((p) => `status = ${p}`, q.status);
  if (q.only)
    c.add(
      (p) => `id = ANY(${p}::uuid[])`,
      q.only.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
    );
  return { filter: whereOf(c.where), params: c.params };
}

/**
 * A page of the project list (newest first) with its capped total, as JSON text from one query:
 * the page's ids first (an index scan that stops at the page, also deep in the list), then each
 * project's entry as PostgreSQL keeps it (migration 003, decision 0017: rebuilt on every write of
 * the project and on every change of its Employees in the access replica), joined; the capped
 * count only when the page is full. No row is parsed, mapped or serialized in Node.
 */
export async function projectListJson(schema: string, db: Queryable, q: ProjectListQuery): Promise<JsonPage> {
  const { filter, params } = listFilter(q);
  const { limit, offset } = checkedPaging(q);
  const bound = countBound({ limit, offset, cap: q.cap });
  const { n, json, generation } = await queryJsonPage(db, {
    schema,
    table: `${schema}.projects`,
    key: 'id',
    order: 'created_at DESC, id DESC',
    filter,
    params,
    limit,
    offset,
    total: pageCountSql(`${schema}.projects`, filter, { limit, offset, bound }),
    // Each entry by its primary key (LIMIT 1 keeps the planner from scanning the table to hash it).
    entry: `SELECT list_head || ',"employees":[' || list_team || '],' || list_tail AS entry FROM ${schema}.projects WHERE id = pg.id LIMIT 1`,
  });
  return {
    json,
    generation,
    ...cappedTotal(n, { limit, offset, cap: q.cap }),
  };
}
