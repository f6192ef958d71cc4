import type { Queryable } from './db/types.js';
import { generationSql } from './answer-cache.js';

/** SQL conditions joined by AND, each in parentheses. */
export const allOf = (conditions: readonly string[]): string => conditions.map((c) => `(${c})`).join(' AND ');

/** A WHERE clause of the conditions ('' for none). */
export const whereOf = (conditions: readonly string[]): string =>
  conditions.length ? `WHERE ${allOf(conditions)}` : '';

/**
 * A list's total over its `page` CTE (see queryJsonPage): the page's own count when it is the last,
 * else a count of the rows of `table` under `filter` that stops after `bound` (decision 0020).
 */
export function pageCountSql(
  table: string,
  filter: string,
  page: { limit: number; offset: number; bound: number },
): string {
  const { limit, offset, bound } = page;
  return `CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*)::int FROM page)
            ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${table} ${filter} LIMIT ${bound + 1}) AS matches) END`;
}

/** One list page's query: which rows, in which order, its total and how each row's entry is built. */
export interface JsonPageQuery {
  /** The service's schema (the data's generation). */
  schema: string;
  /** The listed table, qualified. */
  table: string;
  /** The column that finds a row again (the lateral `entry` reads `pg.<key>`). */
  key: string;
  order: string;
  filter: string;
  params: unknown[];
  limit: number;
  offset: number;
  /** The total's SQL (over the `page` CTE). */
  total: string;
  /** A SELECT of one column `entry`, the JSON text of the row `pg`. */
  entry: string;
}

/**
 * A page of a list as JSON text from one query (decisions 0018, 0021, 0023): the page's keys along an
 * index of the table alone (an offset never builds what it skips), each row's entry by its key, the
 * total and the data's generation.
 */
export async function queryJsonPage(
  db: Queryable,
  q: JsonPageQuery,
): Promise<{ n: number; json: string; generation: string }> {
  const res = await db.query<{ n: number; entries: string | null; g: string }>(
    `WITH page AS MATERIALIZED (
       SELECT ${q.key}, row_number() OVER (ORDER BY ${q.order}) AS ord FROM ${q.table} ${q.filter}
        ORDER BY ${q.order} LIMIT ${q.limit} OFFSET ${q.offset}
     )
     SELECT ${q.total} AS n,
            (SELECT string_agg(e.entry, ',' ORDER BY pg.ord) FROM page pg CROSS JOIN LATERAL (${q.entry}) AS e) AS entries,
            ${generationSql(q.schema)} AS g`,
    q.params,
  );
  const row = res.rows[0]!;
  return { n: row.n, json: `[${row.entries ?? ''}]`, generation: row.g };
}

/** A list's WHERE conditions and their parameters; `counted`: those the kept counts answer too. */
export interface ListConditions {
  where: string[];
  counted: string[];
  params: unknown[];
  /** A condition on a parameter (`value`, written as its placeholder `$n`), also on the kept counts when `counted`. */
  add(condition: (placeholder: string) => string, value: unknown, counted?: boolean): void;
}

/** No conditions yet, the parameters starting with `params` (`add`'s placeholders follow theirs). */
export function listConditions(params: unknown[] = []): ListConditions {
  const c: ListConditions = {
    where: [],
    counted: [],
    params: [...params],
    add(condition, value, counted = false) {
      c.params.push(value);
      const sql = condition(`$${c.params.length}`);
      c.where.push(sql);
      if (counted) c.counted.push(sql);
    },
  };
  return c;
}
