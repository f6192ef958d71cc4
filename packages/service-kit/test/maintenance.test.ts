import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openPglite, startMaintenance, type Database, type Maintainer } from '../src/index.js';

let db: Database;
let m: Maintainer | undefined;
afterEach(async () => {
  await m?.stop();
  await db?.close();
});

async function deadRowsAndStats(): Promise<{ pages: number; analyzed: boolean }> {
  const pages = await db.query<{ n: number }>(`SELECT pg_relation_size('shop.things')::int / 8192 AS n`);
  const stats = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'shop' AND tablename = 'things'`,
  );
  return { pages: pages.rows[0]!.n, analyzed: stats.rows[0]!.n > 0 };
}

// PGlite's own: the run on PostgreSQL (TEST_DATABASE_URL) leaves it to the embedded run, where it
// does not compete for the CPU with the distributed topology's tests (it timed out once there).
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'embedded database maintenance (PGlite has no autovacuum)',
  () => {
    it('vacuums and analyzes the schema’s tables, so rewritten rows reuse their space and the planner has statistics', async () => {
      db = await openPglite();
      await db.exec(`CREATE SCHEMA shop; CREATE TABLE shop.things (id int PRIMARY KEY, note text);
      INSERT INTO shop.things SELECT g, repeat('x', 200) FROM generate_series(1, 2000) g;`);
      m = startMaintenance(db, 'shop', 0, pino({ level: 'silent' }));
      expect((await deadRowsAndStats()).analyzed).toBe(false);
      await m.runOnce();
      const after = await deadRowsAndStats();
      expect(after.analyzed).toBe(true);
      // Rewrite every row three times, vacuuming between: the table does not grow past two copies.
      for (let i = 0; i < 3; i++) {
        await db.exec(`UPDATE shop.things SET note = repeat('y', 200)`);
        await m.runOnce();
      }
      expect((await deadRowsAndStats()).pages).toBeLessThanOrEqual(after.pages * 2 + 1);
    });

    it('does nothing on its own when the interval is 0', async () => {
      db = await openPglite();
      await db.exec(
        `CREATE SCHEMA shop; CREATE TABLE shop.things (id int PRIMARY KEY, note text); INSERT INTO shop.things VALUES (1, 'a')`,
      );
      m = startMaintenance(db, 'shop', 0, pino({ level: 'silent' }));
      await new Promise((r) => setTimeout(r, 50));
      expect((await deadRowsAndStats()).analyzed).toBe(false);
    });
  },
);
