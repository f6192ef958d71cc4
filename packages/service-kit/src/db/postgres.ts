import pg from 'pg';
import { isDatabaseUnavailable } from '../errors.js';
import { type Database, type PoolStats, type Queryable, type QueryResult } from './types.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

/** `prepared`: statements with parameters are prepared once per connection (see statementName). */
function wrap(client: pg.Pool | pg.PoolClient, prepared = false): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      // Only texts with parameters: they go by the extended protocol anyway, while a text without
      // goes as a simple query, which may hold several statements (a prepared one may not).
      const name = prepared && params && params.length > 0 ? statementName(sql) : undefined;
      const res = await client.query(
        name ? { name, text: sql, values: params } : { text: sql, values: params ?? [] },
      );
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * Statements with parameters run in transactions are prepared once per connection (decision 0028): the server
 * then parses and analyses each text once, not at every call; in the flow bench planning was a
 * fifth of all the CPU used. The same text has the same name on every connection of the process.
 * At most MAX_PREPARED texts get a name (the services write a few hundred); later ones run unnamed,
 * so a text made per call can never fill a connection with statements.
 */
const MAX_PREPARED = 2000;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `erp_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A prepared statement that no longer fits its tables (a migration changed a table's columns
 * under a running instance: "cached plan must not change result type"), or that the server no
 * longer has: the connection is not reused, and the next transaction prepares afresh.
 */
function isStalePrepared(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '0A000' || code === '26000';
}

/**
 * One connection (a transaction) runs one query at a time: queries a caller starts together
 * (Promise.all) are sent one after the other, as the server would run them anyway, instead of being
 * queued inside node-postgres (deprecated there, and an error from pg 9 on).
 */
function wrapClient(client: pg.PoolClient): Queryable {
  const inner = wrap(client, true);
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: <R>(sql: string, params?: unknown[]) => serial(() => inner.query<R>(sql, params)),
    exec: (sql: string) => serial(() => inner.exec(sql)),
  };
}

export interface PostgresOptions {
  max?: number;
  /** How long a query waits for a connection (new or from the pool) before it fails; default 5000. */
  connectTimeoutMs?: number;
  onIdleError?: (err: Error) => void;
}

export async function openPostgres(connectionString: string, opts: PostgresOptions = {}): Promise<Database> {
  const max = opts.max ?? 10;
  // connectionTimeoutMillis: while the server is away (restart, failover) a request fails within
  // this time with a connection error, which the error handler answers with 503, instead of hanging.
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
  });
  // An idle connection dropped by the server (restart, failover, admin) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => opts.onIdleError?.(err));
  // A connection handed back without an error worked: the database answers (for readiness).
  let answeredAt = 0;
  pool.on('release', (err: Error | undefined) => {
    if (!err) answeredAt = Date.now();
  });
  // Fail fast with a clear error when the server is not there.
  // The pool is ended behind the error, so a caller trying again (startup.ts) leaves nothing open.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const base = wrap(pool);
  let own: pg.Pool | null = null;
  return {
    kind: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection that failed under the transaction (server restarted, network cut) goes back
      // to the pool with its error, so the pool destroys it instead of handing it to the next request.
      let broken: Error | undefined;
      // Between two queries (the handler awaiting something else) a checked-out client reports a
      // lost connection as an 'error' event, which nobody else listens to: unheard, it would end
      // the process. It is noted here, the next query fails, and the client is not reused.
      const onError = (err: Error) => {
        broken ??= err;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (isDatabaseUnavailable(err) || isStalePrepared(err)) broken = err as Error;
        // The server rolls back a transaction whose connection it lost: nothing is half-applied.
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
          broken ??= rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        });
        throw err;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    answeredWithin: (ms: number) => Date.now() - answeredAt < ms,
    poolStats: (): PoolStats => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    ownConnection(): Queryable {
      if (!own) {
        own = new pg.Pool({
          connectionString,
          max: 1,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
        });
        own.on('error', (err) => opts.onIdleError?.(err));
      }
      return wrap(own);
    },
    async close() {
      await Promise.all([pool.end(), own?.end()]);
    },
  };
}
