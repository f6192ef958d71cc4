/**
 * Retention: what the event machinery writes would grow without end. Each service prunes, now and
 * then, the outbox rows published longer ago than OUTBOX_RETENTION_HOURS (never an unpublished
 * one), the inbox rows older than INBOX_RETENTION_DAYS (longer than any redelivery: JetStream
 * redelivers an unacknowledged event within minutes, and drops a republished id within its two-minute
 * duplicate window), and the dead letters replayed longer ago than DEAD_LETTER_RETENTION_DAYS (a
 * dead letter not replayed stays). Then the service's own `prune` hook runs.
 * Rows go in small batches, so other requests run in between on the embedded database.
 */
import type { Logger } from 'pino';
import type { Database } from './db/types.js';

export interface RetentionSettings {
  outboxRetentionHours: number;
  inboxRetentionDays: number;
  deadLetterRetentionDays: number;
}

export interface Pruned {
  outbox: number;
  inbox: number;
  deadLetters: number;
}

const BATCH = 5000;

/**
 * Run a `DELETE … WHERE key IN (SELECT … LIMIT $last)` until it deletes fewer than a batch; the
 * batch size is passed as the last parameter. For a service's own `prune` hook too.
 */
export async function deleteInBatches(
  db: Database,
  sql: string,
  params: unknown[],
  stopped: () => boolean = () => false,
): Promise<number> {
  let total = 0;
  for (;;) {
    const res = await db.query(sql, [...params, BATCH]);
    total += res.rowCount;
    if (res.rowCount < BATCH || stopped()) return total;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Delete, in batches, the rows of `table` (found by `key`: a column, or columns separated by commas) that
 * `older` selects, `$1` in it being the retention.
 */
export function deleteExpired(
  db: Database,
  table: string,
  key: string,
  older: string,
  retention: number,
  stopped: () => boolean = () => false,
): Promise<number> {
  return deleteInBatches(
    db,
    `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${older} LIMIT $2)`,
    [retention],
    stopped,
  );
}

/** Delete the kit's rows that are past their retention in one service's schema. */
export async function pruneEventTables(
  db: Database,
  schema: string,
  s: RetentionSettings,
  stopped: () => boolean = () => false,
): Promise<Pruned> {
  const expired = (table: string, key: string, column: string, unit: 'hours' | 'days', retention: number) =>
    deleteExpired(
      db,
      `${schema}.${table}`,
      key,
      `${column} < now() - make_interval(${unit} => $1)`,
      retention,
      stopped,
    );
  const event = 'consumer, event_id';
  const outbox = await expired('outbox', 'seq', 'published_at', 'hours', s.outboxRetentionHours);
  const inbox = await expired('inbox', event, 'handled_at', 'days', s.inboxRetentionDays);
  const deadLetters = await expired('dead_letters', event, 'replayed_at', 'days', s.deadLetterRetentionDays);
  return { outbox, inbox, deadLetters };
}

export interface Pruner {
  /** Prune now (joins a run under way instead of starting a second one). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Run `prune` every `everyMs` (0: never on its own), never two at once; stop() waits for the run
 * under way. `prune` gets a function telling it the service is stopping.
 */
export function startPruning(
  prune: (stopped: () => boolean) => Promise<void>,
  everyMs: number,
  log: Logger,
): Pruner {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    running ??= prune(() => stopped).finally(() => (running = null));
    return running;
  };
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (running || stopped) return;
          runOnce().catch((err: unknown) => log.warn({ err }, 'pruning old events failed'));
        }, everyMs)
      : null;
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
