import type { Database } from '../db/types.js';

/** How many sessions of this database wait for a lock (PostgreSQL): a test that holds one sees the others queue. */
export async function sessionsWaitingOnLocks(db: Database): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return r.rows[0]!.n;
}
