/**
 * PGlite runs no autovacuum: without it, dead rows of updated tables are never reclaimed and the
 * planner's statistics never refreshed. Embedded services therefore vacuum and analyze their own
 * schema's tables now and then, one table at a time so other requests run in between.
 * (PostgreSQL's autovacuum does this on a server; there the maintainer does nothing.)
 */
import type { Logger } from 'pino';
import type { Database } from './types.js';

export interface Maintainer {
  /** Vacuum and analyze every table of the schema now. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startMaintenance(db: Database, schema: string, everyMs: number, log: Logger): Maintainer {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = async (): Promise<void> => {
    const tables = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`,
      [schema],
    );
    for (const t of tables.rows) {
      if (stopped) return;
      await db.exec(`VACUUM (ANALYZE) "${schema}"."${t.name}"`);
      await new Promise((r) => setImmediate(r));
    }
  };
  const timer =
    db.kind === 'pglite' && everyMs > 0
      ? setInterval(() => {
          if (running) return;
          const t0 = Date.now();
          running = runOnce()
            .then(() => log.debug({ ms: Date.now() - t0 }, 'vacuumed and analyzed the schema'))
            .catch((err: unknown) => log.warn({ err }, 'vacuum of the schema failed'))
            .finally(() => (running = null));
        }, everyMs)
      : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
