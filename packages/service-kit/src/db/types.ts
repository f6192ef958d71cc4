/** The little the services need from a database: parameterised queries, scripts and transactions. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/**
 * Transactions in which a statement rolled back to a savepoint: events written before it may be
 * gone from the outbox although the transaction commits, so their envelopes in memory are not
 * published as they are; the relay publishes what the outbox holds (service.ts, afterCommit).
 */
export const rolledBackToSavepoint = new WeakSet<object>();
const ROLLBACK_TO = /^\s*rollback\s+(?:transaction\s+|work\s+)?to\b/i;

/** A transaction's connection that notes a statement rolling back to a savepoint (each database adapter's transactions). */
export function notingSavepointRollbacks(inner: Queryable): Queryable {
  const tx: Queryable = {
    query: <R>(sql: string, params?: unknown[]) => {
      if (ROLLBACK_TO.test(sql)) rolledBackToSavepoint.add(tx);
      return inner.query<R>(sql, params);
    },
    exec: (sql: string) => {
      if (ROLLBACK_TO.test(sql)) rolledBackToSavepoint.add(tx);
      return inner.exec(sql);
    },
  };
  return tx;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Run a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Connections of a PostgreSQL pool (for metrics). */
export interface PoolStats {
  /** Open connections, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: whether a connection was handed back without an error in the last `ms` (the
   * database answered). A pool whose connections are all busy is not a database that is away.
   */
  answeredWithin?(ms: number): boolean;
  /** PostgreSQL only: the pool's connections now. */
  poolStats?(): PoolStats;
  /**
   * PostgreSQL only: statements outside transactions on a connection of their own, not the pool's
   * (the outbox relay: events go out while every pooled connection is busy with requests and
   * consumers). One connection besides the pool's, opened on first use, closed with the database.
   */
  ownConnection?(): Queryable;
  close(): Promise<void>;
}
