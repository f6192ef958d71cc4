import type { ProjectStatus } from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
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
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    where.push(`search LIKE $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  if (q.only) {
    params.push(q.only.filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
    where.push(`id = ANY($${params.length}::uuid[])`);
  }
  const filter = where.length > 0 ? `WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : '';
  return { filter, params };
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
  const res = await db.query<{ n: number; entries: string | null; g: string }>(
    `WITH page AS MATERIALIZED (
       SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS ord FROM ${schema}.projects ${filter}
        ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
     ), counted AS (
       SELECT count(*)::int AS n FROM page
     )
     SELECT CASE WHEN (SELECT n FROM counted) < ${limit} AND ((SELECT n FROM counted) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT n FROM counted)
                 ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${schema}.projects ${filter} LIMIT ${bound + 1}) AS matches) END AS n,
            -- Each entry by its primary key (LIMIT 1 keeps the planner from scanning the table to hash it).
            (SELECT string_agg(p.entry, ',' ORDER BY pg.ord)
               FROM page pg CROSS JOIN LATERAL (
                 SELECT list_head || ',"employees":[' || list_team || '],' || list_tail AS entry FROM ${schema}.projects WHERE id = pg.id LIMIT 1
               ) AS p) AS entries,
            ${generationSql(schema)} AS g`,
    params,
  );
  const row = res.rows[0]!;
  return {
    json: `[${row.entries ?? ''}]`,
    generation: row.g,
    ...cappedTotal(row.n, { limit, offset, cap: q.cap }),
  };
}
