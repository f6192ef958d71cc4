/**
 * Statements prepared once per connection (decision 0028, issue 14): inside transactions on
 * PostgreSQL, a statement with parameters is parsed once per connection and then only bound and
 * run; what callers see does not change, and a table changed under a running instance costs one
 * failed transaction at most, never a connection that keeps failing.
 */
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

describe.runIf(process.env.TEST_DATABASE_URL)('statements prepared once per connection (PostgreSQL)', () => {
  it('parses a statement with parameters once on a connection and answers each call with its own values', async () => {
    const { url, drop } = await createTestDatabase();
    const db = await openPostgres(url!, { max: 1 });
    try {
      await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL)');
      const sql = 'INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id, name';
      for (const [id, name] of [
        [1, 'गणेश ट्रेडर्स'],
        [2, 'Sai & Co.'],
      ] as const) {
        const res = await db.transaction((tx) => tx.query<{ id: number; name: string }>(sql, [id, name]));
        expect(res.rows).toEqual([{ id, name }]);
      }
      const prepared = await db.transaction((tx) =>
        tx.query<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements WHERE statement LIKE $1',
          ['INSERT INTO t %'],
        ),
      );
      expect(prepared.rows).toEqual([{ statement: sql }]);
      // A text without parameters is not prepared (it may be a statement made once).
      expect(
        (await db.transaction((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t'))).rows,
      ).toEqual([{ n: 2 }]);
      const all = await db.transaction((tx) =>
        tx.query<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements WHERE statement LIKE $1',
          ['%FROM t%'],
        ),
      );
      expect(all.rows).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('after another connection adds a column under a prepared SELECT *, at most one transaction fails and the next sees the column', async () => {
    const { url, drop } = await createTestDatabase();
    const db = await openPostgres(url!, { max: 1 });
    const other = await openPostgres(url!, { max: 1 });
    try {
      await db.exec(
        "CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL); INSERT INTO t VALUES (1, 'Cement')",
      );
      const read = () =>
        db.transaction((tx) => tx.query<Record<string, unknown>>('SELECT * FROM t WHERE id = $1', [1]));
      expect((await read()).rows).toEqual([{ id: 1, name: 'Cement' }]);
      await other.exec("ALTER TABLE t ADD COLUMN unit text NOT NULL DEFAULT 'Bag'");
      const outcomes: unknown[] = [];
      for (let i = 0; i < 3; i++)
        outcomes.push(
          await read().then(
            (r) => r.rows,
            (err: { code?: string }) => `failed ${err.code}`,
          ),
        );
      // The connection of a failed one is not reused: the calls after it answer.
      expect(outcomes.filter((o) => typeof o === 'string').length).toBeLessThanOrEqual(1);
      expect(outcomes.at(-1)).toEqual([{ id: 1, name: 'Cement', unit: 'Bag' }]);
    } finally {
      await other.close();
      await db.close();
      await drop();
    }
  });
});
