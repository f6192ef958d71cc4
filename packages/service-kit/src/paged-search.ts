/**
 * Paged lists with a capped count: the one way a service answers "page N of the rows matching a
 * search, and how many match".
 *
 * An exact count of a broad keyword over hundreds of thousands of rows reads every match on every
 * page. Here the count stops early: it is exact up to `max(cap, offset + limit)` matches (the cap,
 * or the end of the page asked for when that lies further on), and beyond that the total is that
 * bound with `capped: true`, which the API says as `totalCapped` and a pager as "10,000+ items".
 * Counting up to the end of the page costs no more than the page itself (OFFSET reads those rows
 * too), so pages beyond the cap still work and still know whether more follow.
 *
 * A page that ends before its limit tells the total without counting at all.
 */
import type { Queryable } from './db/types.js';

/** How many matches a list counts at most unless told otherwise (LIST_COUNT_CAP). */
export const DEFAULT_COUNT_CAP = 10_000;

export interface PagedSearch {
  /** The columns of a page's rows, e.g. `id, name, status`. */
  select: string;
  /** Tables and joins after FROM, e.g. `catalog.items` (counting uses them too). */
  from: string;
  /** Conditions, joined with AND; none or empty for every row. Placeholders $1… refer to `params`. */
  where?: readonly string[];
  params?: readonly unknown[];
  /**
   * ORDER BY without the keywords, ending in a unique column (`updated_at DESC, id DESC`), so rows
   * that tie never move between pages; best served by an index in that order.
   */
  orderBy: string;
  limit: number;
  offset: number;
  /** Count at most this many matches (default DEFAULT_COUNT_CAP). */
  cap?: number;
}

export interface CappedTotal {
  /** The number of matches when `capped` is false; otherwise a lower bound (more match). */
  total: number;
  /** True when the count stopped at its bound: show "total+". */
  capped: boolean;
}

export interface Page<R> extends CappedTotal {
  rows: R[];
}

/** Up to how many matches a count of this page is exact. */
export function countBound(page: { limit: number; offset: number; cap?: number | undefined }): number {
  return Math.max(page.cap ?? DEFAULT_COUNT_CAP, page.offset + page.limit);
}

/**
 * The total and flag a list answers for `matches` matches: what `pagedSearch` answers, for lists
 * that count elsewhere (an in-memory index), so both agree. `matches` may itself stop counting
 * once it passes `countBound(page)`.
 */
export function cappedTotal(
  matches: number,
  page: { limit: number; offset: number; cap?: number | undefined },
): CappedTotal {
  const bound = countBound(page);
  return matches > bound ? { total: bound, capped: true } : { total: matches, capped: false };
}

/** A list answer's `totalCapped`: `{ totalCapped: true }` when capped, else nothing (the envelope as the spec shows it). */
export function totalCappedField(total: CappedTotal): { totalCapped?: true } {
  return total.capped ? { totalCapped: true } : {};
}

function whole(value: number, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`pagedSearch: ${name} must be a whole number of at least ${min} (got ${value})`);
  return value;
}

/** A page's limit and offset, refused unless whole numbers (limit at least 1): they are written into SQL. */
export function checkedPaging(page: { limit: number; offset: number }): { limit: number; offset: number } {
  return { limit: whole(page.limit, 'limit', 1), offset: whole(page.offset, 'offset', 0) };
}

/** The page of rows matching `where` in `orderBy` order, with the capped total (see the file's comment). */
export async function pagedSearch<R>(db: Queryable, q: PagedSearch): Promise<Page<R>> {
  const limit = whole(q.limit, 'limit', 1);
  const offset = whole(q.offset, 'offset', 0);
  const cap = whole(q.cap ?? DEFAULT_COUNT_CAP, 'cap', 1);
  const where = q.where && q.where.length > 0 ? `WHERE ${q.where.map((c) => `(${c})`).join(' AND ')}` : '';
  const params = [...(q.params ?? [])];
  // Numbers inline (checked above): the planner sees the limits, and picks an ordered index scan that stops early.
  const page = await db.query<R>(
    `SELECT ${q.select} FROM ${q.from} ${where} ORDER BY ${q.orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const rows = page.rows;
  if (rows.length < limit && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length, capped: false };
  const bound = countBound({ limit, offset, cap });
  const counted = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${q.from} ${where} LIMIT ${bound + 1}) AS matches`,
    params,
  );
  return { rows, ...cappedTotal(counted.rows[0]!.n, { limit, offset, cap }) };
}

/** A LIKE pattern for "contains `keyword`", lower-cased, with % _ and \ meant literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
