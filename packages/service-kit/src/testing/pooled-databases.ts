/**
 * The pooled PostgreSQL test databases (createTestDatabase) by name, with nothing but `pg`: the
 * run's global teardown (global-setup.ts) imports this alone, so it loads on a fresh clone before
 * any package is built.
 *
 * On PostgreSQL, each worker keeps the test databases its tests have finished with and resets them
 * for the next test (CREATE DATABASE and DROP DATABASE took ~0.4 s a test; a reset takes a fraction).
 * Their names carry the worker's pid: a run's first lease drops those of workers no longer alive,
 * and the run's global teardown drops the rest.
 */
import pg from 'pg';

export const POOLED_PREFIX = 'erp_tpool_';

export async function adminQuery<R extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<R>(sql, params)).rows;
  } finally {
    await admin.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drop the pooled test databases of test processes that have ended (all of them after a run);
 * `keep` names this process's own databases still in use.
 */
export async function dropStalePooled(
  url: string | undefined,
  waitForWorkersMs = 0,
  keep: (name: string) => boolean = () => false,
): Promise<void> {
  if (!url) return;
  const rows = await adminQuery<{ datname: string }>(
    url,
    `SELECT datname FROM pg_database WHERE datname LIKE '${POOLED_PREFIX}%'`,
  );
  const pidOf = (datname: string) => Number(datname.slice(POOLED_PREFIX.length).split('_')[0]);
  const running = (pid: number) => Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid);
  // At the end of a run the workers may still be exiting: a moment for them to go.
  for (
    const until = Date.now() + waitForWorkersMs;
    Date.now() < until && rows.some((r) => running(pidOf(r.datname)));
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const { datname } of rows) {
    const pid = pidOf(datname);
    if (running(pid)) continue;
    if (pid === process.pid && keep(datname)) continue;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}
