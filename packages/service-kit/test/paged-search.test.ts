import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cappedTotal,
  containsPattern,
  countBound,
  DEFAULT_COUNT_CAP,
  pagedSearch,
  type Database,
  type PagedSearch,
  type Queryable,
} from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

/**
 * 300 rows: "steel …" on every third, "cement …" on the others; `rank` ties in pairs so the id
 * decides between them. Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const ROWS = 300;
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await db.exec(`
    CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, rank int NOT NULL);
    CREATE INDEX things_order ON things (rank DESC, id DESC);
    INSERT INTO things SELECT n, CASE WHEN n % 3 = 0 THEN 'steel ' ELSE 'cement ' END || n, n / 2 FROM generate_series(1, ${ROWS}) AS n;
    INSERT INTO things VALUES (1001, 'tile_adhesive 50%', 0), (1002, 'tile adhesive 50', 0), (1003, 'back\\slash', 0);
    CREATE SEQUENCE reads;
    CREATE FUNCTION counted_read() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM nextval('reads'); RETURN true; END $$;
    ANALYZE things;
  `);
});
afterAll(async () => drop?.());

/** Rows whose name contains `keyword`, newest rank first. */
const search = (
  keyword: string,
  page: { limit: number; offset: number; cap?: number },
  extra: string[] = [],
) =>
  pagedSearch<{ id: number; name: string }>(db, {
    select: 'id, name',
    from: 'things',
    where: [...(keyword ? ['lower(name) LIKE $1'] : []), ...extra],
    params: keyword ? [containsPattern(keyword)] : [],
    orderBy: 'rank DESC, id DESC',
    ...page,
  });

/** Every matching id in list order, read without paging. */
async function allIds(keyword: string): Promise<number[]> {
  const res = await db.query<{ id: number }>(
    `SELECT id FROM things WHERE lower(name) LIKE $1 ORDER BY rank DESC, id DESC`,
    [containsPattern(keyword)],
  );
  return res.rows.map((r) => r.id);
}

/** A database that records each statement and how many rows it passed through counted_read(). */
function recording(): { db: Queryable; statements: Array<{ sql: string; reads: number }> } {
  const statements: Array<{ sql: string; reads: number }> = [];
  const readsSoFar = async () =>
    (await db.query<{ n: string }>(`SELECT last_value::text AS n FROM reads`)).rows[0]!.n;
  return {
    statements,
    db: {
      exec: (sql) => db.exec(sql),
      async query<R>(sql: string, params?: unknown[]) {
        const before = Number(await readsSoFar());
        const res = await db.query<R>(sql, params);
        statements.push({ sql, reads: Number(await readsSoFar()) - before });
        return res;
      },
    },
  };
}

describe('paged keyword search with a capped count', () => {
  it('a keyword matching fewer rows than the cap answers the exact total and is not capped', async () => {
    const page = await search('steel', { limit: 10, offset: 0, cap: 1000 });
    expect(page).toMatchObject({ total: 100, capped: false });
    expect(page.rows.map((r) => r.id)).toEqual((await allIds('steel')).slice(0, 10));
  });

  it('a keyword matching more rows than the cap answers the cap and says it is capped', async () => {
    const page = await search('cement', { limit: 10, offset: 0, cap: 50 });
    expect(page).toMatchObject({ total: 50, capped: true });
    expect(page.rows).toHaveLength(10);
  });

  it('a keyword matching exactly as many rows as the cap is exact', async () => {
    expect(await search('steel', { limit: 10, offset: 0, cap: 100 })).toMatchObject({
      total: 100,
      capped: false,
    });
    expect(await search('steel', { limit: 10, offset: 0, cap: 99 })).toMatchObject({
      total: 99,
      capped: true,
    });
  });

  it('pages beyond the cap still answer their rows, and a total that reaches at least the end of the page', async () => {
    const ids = await allIds('cement');
    const beyond = await search('cement', { limit: 10, offset: 120, cap: 50 });
    expect(beyond.rows.map((r) => r.id)).toEqual(ids.slice(120, 130));
    expect(beyond).toMatchObject({ total: 130, capped: true });
    // The last page, short of its limit, knows the exact total.
    const last = await search('cement', { limit: 10, offset: 195, cap: 50 });
    expect(last.rows.map((r) => r.id)).toEqual(ids.slice(195));
    expect(last).toMatchObject({ total: 200, capped: false });
    // A full last page counts up to its end and finds nothing after it.
    expect(await search('cement', { limit: 10, offset: 190, cap: 50 })).toMatchObject({
      total: 200,
      capped: false,
    });
  });

  it('a page past the last match answers no rows and the exact total, capped or not', async () => {
    expect(await search('steel', { limit: 10, offset: 500, cap: 1000 })).toEqual({
      rows: [],
      total: 100,
      capped: false,
    });
    expect(await search('steel', { limit: 10, offset: 500, cap: 20 })).toEqual({
      rows: [],
      total: 100,
      capped: false,
    });
    expect(await search('nothing like it', { limit: 10, offset: 0 })).toEqual({
      rows: [],
      total: 0,
      capped: false,
    });
  });

  it('pages in order with ties broken by the unique column: every match once, none skipped', async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await search('', { limit: 7, offset, cap: 30 });
      seen.push(...page.rows.map((r) => r.id));
      if (page.rows.length < 7) break;
    }
    const all = await db.query<{ id: number }>(`SELECT id FROM things ORDER BY rank DESC, id DESC`);
    expect(seen).toEqual(all.rows.map((r) => r.id));
  });

  it('counting a broad keyword stops after cap + 1 matches instead of reading every match', async () => {
    const rec = recording();
    const page = await pagedSearch(rec.db, {
      select: 'id',
      from: 'things',
      where: ['counted_read()'],
      orderBy: 'rank DESC, id DESC',
      limit: 5,
      offset: 0,
      cap: 20,
    });
    expect(page).toMatchObject({ total: 20, capped: true });
    const count = rec.statements.find((s) => s.sql.includes('count('))!;
    expect(count.reads).toBe(21);
  });

  it('a page that ends before its limit tells the total without a count query', async () => {
    const rec = recording();
    const page = await pagedSearch(rec.db, {
      select: 'id',
      from: 'things',
      where: ['id > $1'],
      params: [ROWS - 3],
      orderBy: 'id',
      limit: 10,
      offset: 0,
    });
    expect(page).toMatchObject({ total: 6, capped: false });
    expect(rec.statements).toHaveLength(1);
  });

  it('a keyword means %, _ and \\ literally', async () => {
    expect((await search('_adhesive 50%', { limit: 10, offset: 0 })).rows.map((r) => r.name)).toEqual([
      'tile_adhesive 50%',
    ]);
    expect((await search('e a', { limit: 10, offset: 0 })).rows.map((r) => r.name)).toEqual([
      'tile adhesive 50',
    ]);
    expect((await search('k\\s', { limit: 10, offset: 0 })).rows.map((r) => r.name)).toEqual(['back\\slash']);
    expect(containsPattern('50% OFF_\\')).toBe('%50\\% off\\_\\\\%');
  });

  it('conditions are joined as a whole, so an OR in one does not escape into the others', async () => {
    const page = await search('', { limit: 100, offset: 0 }, [
      "name LIKE 'steel%' OR name LIKE 'tile%'",
      'id < 10',
    ]);
    expect(page.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([3, 6, 9]);
  });

  it('refuses a limit, offset or cap that is not a whole number in range', async () => {
    const base: PagedSearch = { select: 'id', from: 'things', orderBy: 'id', limit: 10, offset: 0 };
    await expect(pagedSearch(db, { ...base, limit: 0 })).rejects.toThrow(/limit/);
    await expect(pagedSearch(db, { ...base, offset: 1.5 })).rejects.toThrow(/offset/);
    await expect(pagedSearch(db, { ...base, cap: 0 })).rejects.toThrow(/cap/);
  });
});

describe('the capped total of a count made elsewhere (an in-memory index)', () => {
  it('agrees with the SQL search for every page, cap and number of matches', async () => {
    for (const keyword of ['steel', 'cement', 'tile', 'zzz']) {
      const matches = (await allIds(keyword)).length;
      for (const cap of [1, 50, 100, 1000]) {
        for (const [limit, offset] of [
          [10, 0],
          [10, 45],
          [10, 95],
          [100, 150],
          [7, 500],
        ] as const) {
          const { total, capped } = await search(keyword, { limit, offset, cap });
          expect({ keyword, cap, limit, offset, ...cappedTotal(matches, { limit, offset, cap }) }).toEqual({
            keyword,
            cap,
            limit,
            offset,
            total,
            capped,
          });
        }
      }
    }
  });

  it('is exact up to the cap or the end of the page, whichever is further, and a lower bound beyond', () => {
    expect(countBound({ limit: 100, offset: 0 })).toBe(DEFAULT_COUNT_CAP);
    expect(cappedTotal(10_000, { limit: 100, offset: 0 })).toEqual({ total: 10_000, capped: false });
    expect(cappedTotal(10_001, { limit: 100, offset: 0 })).toEqual({ total: 10_000, capped: true });
    expect(cappedTotal(250_000, { limit: 100, offset: 12_000 })).toEqual({ total: 12_100, capped: true });
    expect(cappedTotal(12_050, { limit: 100, offset: 12_000 })).toEqual({ total: 12_050, capped: false });
  });
});
