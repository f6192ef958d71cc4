import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsPattern, ensureTrigramIndexes, type Database } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

/** Trigram indexes as the services make them; on PGlite, and on PostgreSQL with TEST_DATABASE_URL. */
let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  await db.exec(`CREATE SCHEMA tri; CREATE TABLE tri.things (id int PRIMARY KEY, name text NOT NULL, status text NOT NULL DEFAULT 'Open');
                 CREATE INDEX things_status ON tri.things (status);`);
});
afterAll(async () => drop?.());

const INDEX = { name: 'things_name_trgm', table: 'tri.things', column: 'name' };
const found = async (word: string) =>
  (
    await db.query<{ id: number }>(`SELECT id FROM tri.things WHERE name LIKE $1 ORDER BY id`, [
      containsPattern(word),
    ])
  ).rows.map((r) => r.id);
const options = async () =>
  (
    await db.query<{ o: string[] | null }>(
      `SELECT reloptions AS o FROM pg_class WHERE oid = 'tri.things_name_trgm'::regclass`,
    )
  ).rows[0]!.o;

describe('ensureTrigramIndexes', () => {
  it('finds rows written after the index was made, as many as fill its pending list several times over, and after their status changes', async () => {
    expect(await ensureTrigramIndexes(db, [INDEX])).toBe(true);
    // ~3,000 rows of some 40 trigrams each: more than 256 kB of entries, so the list is merged along the way.
    await db.exec(
      `INSERT INTO tri.things (id, name) SELECT n, 'cement opc 53 grade bag lot ' || n || ' from deccan traders' FROM generate_series(1, 3000) AS n`,
    );
    await db.exec(
      `INSERT INTO tri.things (id, name) VALUES (5001, 'river sand zone ii'), (5002, 'tmt steel bar 12 mm')`,
    );
    expect(await found('lot 2999 ')).toEqual([2999]);
    expect(await found('sand zone')).toEqual([5001]);
    expect((await found('deccan')).length).toBe(3000);
    await db.exec(`UPDATE tri.things SET status = 'Closed' WHERE id % 2 = 0`);
    expect(await found('steel bar')).toEqual([5002]);
    expect((await found('lot 1')).length).toBe(1111);
  });

  it('switches an index made without a pending list, keeping what it finds, and leaves one already set alone', async () => {
    await db.exec(`DROP INDEX tri.things_name_trgm`);
    const nsp = (
      await db.query<{ n: string }>(
        `SELECT n.nspname AS n FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )
    ).rows[0]!.n;
    await db.exec(
      `CREATE INDEX things_name_trgm ON tri.things USING gin (name "${nsp}".gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await ensureTrigramIndexes(db, [INDEX]);
    expect(await options()).toEqual(expect.arrayContaining(['fastupdate=on', 'gin_pending_list_limit=256']));
    expect(await found('lot 2999 ')).toEqual([2999]);
    const before = (
      await db.query<{ x: string }>(
        `SELECT xmin::text AS x FROM pg_class WHERE oid = 'tri.things_name_trgm'::regclass`,
      )
    ).rows[0]!.x;
    await ensureTrigramIndexes(db, [INDEX]);
    // Not altered again: the index's catalog row is the same version.
    expect(
      (
        await db.query<{ x: string }>(
          `SELECT xmin::text AS x FROM pg_class WHERE oid = 'tri.things_name_trgm'::regclass`,
        )
      ).rows[0]!.x,
    ).toBe(before);
  });
});
