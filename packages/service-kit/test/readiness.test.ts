/**
 * Readiness of a service whose database is busy, not away (issue 14): with every connection of the
 * pool in use, /health/ready must not wait behind the requests and report the database unreachable.
 */
import { describe, expect, it } from 'vitest';
import { openPostgres, Readiness } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

describe.runIf(process.env.TEST_DATABASE_URL)('readiness on PostgreSQL', () => {
  it('stays ready while every connection of the pool is busy, since queries keep being answered', async () => {
    const { url, drop } = await createTestDatabase();
    const db = await openPostgres(url!, { max: 2 });
    try {
      const readiness = new Readiness({ notReady: () => null, db, checkTimeoutMs: 500 });
      await db.query('SELECT 1');
      // Both connections held for longer than the check may take.
      const busy = [db.query('SELECT pg_sleep(1.5)'), db.query('SELECT pg_sleep(1.5)')];
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      expect(await readiness.check()).toBeNull();
      expect(Date.now() - started).toBeLessThan(400);
      await Promise.all(busy);
      // Idle for longer than the check's time: it asks the database itself again.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(db.answeredWithin!(500)).toBe(false);
      expect(await readiness.check()).toBeNull();
    } finally {
      await db.close();
      await drop();
    }
  });

  it('asks the database itself when nothing was answered lately, and says it cannot be reached when that goes unanswered', async () => {
    const db = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1, connectTimeoutMs: 300 });
    const readiness = new Readiness({ notReady: () => null, db, checkTimeoutMs: 300 });
    // The only connection held by a query longer than the check, and nothing answered lately.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const held = db.query('SELECT pg_sleep(1)');
    expect(await readiness.check()).toEqual({
      status: 'unavailable',
      message: 'The database cannot be reached',
    });
    await held;
    await db.close();
  });
});
