/**
 * Counts kept per project and status as deltas (kit migration 7, decision 0027): exact through
 * inserts, status and project changes, deletes and folds, and, on PostgreSQL, written by concurrent
 * transactions without one waiting for another.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_MIGRATIONS } from '../src/kit-migrations.js';
import { migrate, type Database } from '../src/index.js';
import { createTestDatabase, usingRealServers } from '../src/testing/index.js';

let db: Database;
let url: string | undefined;
let drop: () => Promise<void>;
const P1 = randomUUID();
const P2 = randomUUID();

beforeAll(async () => {
  ({ db, url, drop } = await createTestDatabase());
  await migrate(db, 'kc', 'kit', KIT_MIGRATIONS);
  await db.exec(`
    CREATE TABLE kc.orders (id serial PRIMARY KEY, project_id uuid NOT NULL, status text NOT NULL, note text);
    INSERT INTO kc.orders (project_id, status) VALUES ('${P1}', 'Open'), ('${P1}', 'Open'), ('${P2}', 'Closed');
    SELECT kc.keep_counts('orders', 'order_counts');`);
});
afterAll(async () => drop?.());

/** What the kept counts say, per project and status, zeros left out. */
async function kept(): Promise<Record<string, number>> {
  const res = await db.query<{ project_id: string; status: string; n: number }>(
    'SELECT project_id, status, sum(n)::int AS n FROM kc.order_counts GROUP BY project_id, status HAVING sum(n) <> 0',
  );
  return Object.fromEntries(res.rows.map((r) => [`${r.project_id}/${r.status}`, r.n]));
}

/** What a count of the rows says. */
async function counted(): Promise<Record<string, number>> {
  const res = await db.query<{ project_id: string; status: string; n: number }>(
    'SELECT project_id, status, count(*)::int AS n FROM kc.orders GROUP BY project_id, status',
  );
  return Object.fromEntries(res.rows.map((r) => [`${r.project_id}/${r.status}`, r.n]));
}

describe('counts kept as deltas', () => {
  it('start from the rows the table has', async () => {
    expect(await kept()).toEqual({ [`${P1}/Open`]: 2, [`${P2}/Closed`]: 1 });
  });

  it('follow inserts, status and project changes and deletes; other updates write no delta', async () => {
    await db.query(`INSERT INTO kc.orders (project_id, status) VALUES ($1, 'Partial')`, [P2]);
    await db.query(`UPDATE kc.orders SET status = 'Closed' WHERE id = 1`);
    await db.query(`UPDATE kc.orders SET project_id = $1 WHERE id = 2`, [P2]);
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kc.order_counts');
    await db.query(`UPDATE kc.orders SET note = 'seen'`);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kc.order_counts')).rows[0]!.n).toBe(
      before.rows[0]!.n,
    );
    await db.query('DELETE FROM kc.orders WHERE id = 3');
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual({ [`${P1}/Closed`]: 1, [`${P2}/Open`]: 1, [`${P2}/Partial`]: 1 });
  });

  it('stay exact through the folds, which keep the table small', async () => {
    for (let round = 0; round < 3; round++) {
      await db.query(
        `INSERT INTO kc.orders (project_id, status) SELECT CASE WHEN g % 2 = 0 THEN $1::uuid ELSE $2::uuid END, 'Open' FROM generate_series(1, 400) g`,
        [P1, P2],
      );
      await db.query(
        `UPDATE kc.orders SET status = CASE WHEN id % 3 = 0 THEN 'Closed' ELSE 'Partial' END WHERE status = 'Open' AND id % 2 = 0`,
      );
      await db.query('DELETE FROM kc.orders WHERE id % 7 = 0');
    }
    expect(await kept()).toEqual(await counted());
    const rows = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kc.order_counts')).rows[0]!.n;
    // About 2,400 deltas were written; what is left is the folded counts and the deltas since the last fold.
    expect(rows).toBeLessThan(520);
  });
});

describe.runIf(usingRealServers && process.env.TEST_DATABASE_URL)(
  'counts kept as deltas on PostgreSQL',
  () => {
    it('let two transactions change the status of different rows at once, neither waiting for the other', async () => {
      const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await a.connect();
      await b.connect();
      try {
        const [first, second] = (
          await db.query<{ id: number }>(
            `SELECT id FROM kc.orders WHERE project_id = $1 AND status = 'Partial' ORDER BY id LIMIT 2`,
            [P1],
          )
        ).rows.map((r) => r.id);
        await a.query('BEGIN');
        await a.query(`UPDATE kc.orders SET status = 'Closed' WHERE id = $1`, [first]);
        // With one row per project and status updated by both, this would wait for a's commit.
        await b.query("SET lock_timeout = '2s'");
        await b.query('BEGIN');
        await b.query(`UPDATE kc.orders SET status = 'Closed' WHERE id = $1`, [second]);
        await b.query('COMMIT');
        await a.query('COMMIT');
        expect(await kept()).toEqual(await counted());
      } finally {
        await a.end();
        await b.end();
      }
    });
  },
);
