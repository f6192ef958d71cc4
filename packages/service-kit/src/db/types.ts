/** The little the services need from a database: parameterised queries, scripts and transactions. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
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
