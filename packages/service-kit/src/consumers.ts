/**
 * How a service consumes events so that none can jam the others:
 * - every event is checked against its contract schema; one that does not match goes straight to
 *   the dead letters (no handler runs);
 * - the handler runs at most once per event (inbox, see handleOnce);
 * - a handler that throws gets its event recorded in consumer_failures (envelope, attempts, error)
 *   and the delivery is acknowledged at once, so events behind it keep flowing; the runtime tries
 *   it again from that table with a growing wait, and after EVENT_MAX_ATTEMPTS tries moves it to
 *   dead_letters (logged), from where `npm run events:replay` puts it back into consumer_failures.
 * Attempts live in the database, so they survive redelivery, a restart and a fresh bus connection.
 * Only when a failure cannot be recorded (database down) does the bus handler throw, and the bus
 * delivers the event again later.
 */
import type { EventEnvelope } from '@erp/contracts';
import type { Logger } from 'pino';
import type { EventHandler } from './bus/types.js';
import type { Database, Queryable } from './db/types.js';
import { faultPoint } from './faults.js';
import { handleOnce } from './inbox.js';

export interface ConsumerHandle {
  /** Durable name, `<service>-<consumer>`; also the `consumer` column of inbox and dead letters. */
  name: string;
  /** Why an event is not valid for this consumer, or null. */
  check(envelope: unknown): string | null;
  handle(tx: Queryable, envelope: EventEnvelope, log: Logger): Promise<void>;
}

export interface EventConsumersOptions {
  db: Database;
  schema: string;
  log: Logger;
  /** Tries before dead-lettering (EVENT_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Wait before the first retry; doubles with each try, at most 5 minutes (EVENT_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How often to look for failed events that are due (replays requested by another process too). */
  pollMs: number;
  /** How long one instance holds a due failure it is retrying before another may take it. */
  leaseSeconds?: number;
  /** Called with the transaction of each event handled, after its commit (the runtime kicks its relay). */
  afterCommit?: (tx: Queryable) => void;
  /** Called after each delivery with what became of it and how long it took (metrics). */
  onDelivered?: (consumer: string, outcome: DeliveryOutcome, seconds: number) => void;
}

/**
 * What became of one delivery: handled; skipped as a duplicate (its id was in the inbox); failed
 * (recorded for a retry, or the bus delivers it again); dead-lettered (invalid, or its last try).
 */
export type DeliveryOutcome = 'handled' | 'duplicate' | 'failed' | 'dead_lettered';

const MAX_RETRY_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function errorText(err: unknown): string {
  const text =
    err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);
  return text.slice(0, 2000);
}

function field(envelope: unknown, key: 'id' | 'subject'): string {
  const v =
    typeof envelope === 'object' && envelope !== null
      ? (envelope as Record<string, unknown>)[key]
      : undefined;
  return typeof v === 'string' ? v : '';
}

export class EventConsumers {
  private readonly consumers = new Map<string, ConsumerHandle>();
  private timer: NodeJS.Timeout | null = null;
  private readonly wakeups = new Set<NodeJS.Timeout>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private closed = false;
  private readonly t: string;

  constructor(private readonly opts: EventConsumersOptions) {
    this.t = opts.schema;
  }

  /** Register a consumer; returns the handler to subscribe on the bus with. */
  add(consumer: ConsumerHandle): EventHandler {
    this.consumers.set(consumer.name, consumer);
    return (envelope) => this.deliver(consumer, envelope, false);
  }

  /** Start trying failed events again (polling, and at each one's due time). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closed = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.opts.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.wakeups) clearTimeout(w);
    this.wakeups.clear();
    await this.running;
  }

  /** Retry the failed events that are due now, unless a run is under way (then once more after it). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.retryDue()
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log.error({ err }, 'retrying failed events failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Try every failed event that is due once; returns how many were tried. */
  async retryDue(): Promise<number> {
    const names = [...this.consumers.keys()];
    if (names.length === 0) return 0;
    const { db } = this.opts;
    // Cheap probe first: the idle poll must not cost a write on the embedded database.
    const any = await db.query(
      `SELECT 1 FROM ${this.t}.consumer_failures WHERE next_attempt_at <= now() AND consumer = ANY($1::text[]) LIMIT 1`,
      [names],
    );
    if (any.rows.length === 0) return 0;
    let tried = 0;
    while (!this.closed) {
      const due = await db.query<{ consumer: string; envelope: EventEnvelope }>(
        `UPDATE ${this.t}.consumer_failures SET claimed_until = now() + make_interval(secs => $2)
          WHERE (consumer, event_id) IN (
            SELECT consumer, event_id FROM ${this.t}.consumer_failures
             WHERE consumer = ANY($1::text[]) AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
             ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING consumer, envelope`,
        [names, this.opts.leaseSeconds ?? 60],
      );
      if (due.rows.length === 0) break;
      for (const row of due.rows) {
        if (this.closed) break;
        await this.deliver(this.consumers.get(row.consumer)!, row.envelope, true);
        tried++;
      }
    }
    return tried;
  }

  /** One delivery of an event to a consumer, from the bus or (retry) from consumer_failures. */
  private async deliver(c: ConsumerHandle, envelope: EventEnvelope, retry: boolean): Promise<void> {
    const started = performance.now();
    let outcome: DeliveryOutcome = 'failed';
    try {
      outcome = await this.deliverOnce(c, envelope, retry);
    } finally {
      this.observe(c.name, outcome, (performance.now() - started) / 1000);
    }
  }

  private observe(consumer: string, outcome: DeliveryOutcome, seconds: number): void {
    try {
      this.opts.onDelivered?.(consumer, outcome, seconds);
    } catch (err) {
      this.opts.log.warn({ err }, 'recording a delivery failed');
    }
  }

  private async deliverOnce(
    c: ConsumerHandle,
    envelope: EventEnvelope,
    retry: boolean,
  ): Promise<DeliveryOutcome> {
    const { db, log } = this.opts;
    const elog = log.child({
      requestId: envelope?.requestId,
      eventId: field(envelope, 'id'),
      subject: field(envelope, 'subject'),
      consumer: c.name,
    });
    const invalid = c.check(envelope);
    if (invalid) {
      await this.deadLetter(c, envelope, 'invalid', invalid, 1, elog);
      return 'dead_lettered';
    }
    let applied: boolean;
    let handledIn: Queryable | undefined;
    try {
      applied = await handleOnce(db, this.t, c.name, envelope, async (tx) => {
        handledIn = tx;
        await c.handle(tx, envelope, elog);
        if (retry)
          await tx.query(`DELETE FROM ${this.t}.consumer_failures WHERE consumer = $1 AND event_id = $2`, [
            c.name,
            envelope.id,
          ]);
      });
    } catch (err) {
      return this.failed(c, envelope, err, elog);
    }
    if (applied) {
      this.opts.afterCommit?.(handledIn!);
      faultPoint('after-handle-before-ack', { consumer: c.name });
    }
    // Handled before (a redelivery, or by another instance): nothing left to retry.
    if (!applied && retry)
      await db.query(`DELETE FROM ${this.t}.consumer_failures WHERE consumer = $1 AND event_id = $2`, [
        c.name,
        envelope.id,
      ]);
    elog.debug(
      applied
        ? retry
          ? 'failed event handled on a retry'
          : 'event handled'
        : 'event already handled, skipped',
    );
    return applied ? 'handled' : 'duplicate';
  }

  /** Count a failed try; dead-letter the event when it was the last. Throws only if nothing could be recorded. */
  private async failed(
    c: ConsumerHandle,
    envelope: EventEnvelope,
    err: unknown,
    elog: Logger,
  ): Promise<DeliveryOutcome> {
    const error = errorText(err);
    let attempts: number;
    let waitMs: number;
    try {
      const res = await this.opts.db.query<{ attempts: number; wait_ms: number }>(
        `INSERT INTO ${this.t}.consumer_failures AS f (consumer, event_id, subject, envelope, attempts, last_error, next_attempt_at)
         VALUES ($1, $2, $3, $4::jsonb, 1, $5, now() + make_interval(secs => $6::float8 / 1000))
         ON CONFLICT (consumer, event_id) DO UPDATE SET
           attempts = f.attempts + 1, last_error = EXCLUDED.last_error, last_failed_at = now(), claimed_until = NULL,
           next_attempt_at = now() + make_interval(secs => least($7::float8, $6::float8 * power(2, f.attempts)) / 1000)
         RETURNING attempts, extract(epoch FROM next_attempt_at - now())::float8 * 1000 AS wait_ms`,
        [
          c.name,
          envelope.id,
          envelope.subject,
          JSON.stringify(envelope),
          error,
          this.opts.retryBaseMs,
          MAX_RETRY_MS,
        ],
      );
      attempts = res.rows[0]!.attempts;
      waitMs = Math.max(0, res.rows[0]!.wait_ms);
    } catch (recordErr) {
      elog.warn(
        { err, recordErr },
        'event handler failed and the failure could not be recorded; the bus delivers it again',
      );
      throw err;
    }
    if (attempts >= this.opts.maxAttempts) {
      await this.deadLetter(c, envelope, 'failed', error, attempts, elog);
      return 'dead_lettered';
    }
    elog.warn(
      { err, attempt: attempts, maxAttempts: this.opts.maxAttempts, retryInMs: Math.round(waitMs) },
      'event handler failed; it will be tried again',
    );
    this.wakeAfter(waitMs);
    return 'failed';
  }

  private wakeAfter(ms: number): void {
    if (this.stopped) return;
    const w = setTimeout(() => {
      this.wakeups.delete(w);
      this.kick();
    }, ms + 5);
    w.unref();
    this.wakeups.add(w);
  }

  /**
   * Give up on an event: into dead_letters with the envelope, the reason and the last error, and
   * into the inbox so that a redelivery leaves it there; its failure row goes.
   */
  private async deadLetter(
    c: ConsumerHandle,
    envelope: unknown,
    reason: 'failed' | 'invalid',
    error: string,
    attempts: number,
    elog: Logger,
  ): Promise<void> {
    const id = field(envelope, 'id');
    const subject = field(envelope, 'subject');
    const waiting = await this.opts.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ${this.t}.dead_letters AS d (consumer, event_id, subject, envelope, reason, last_error, attempts)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
         ON CONFLICT (consumer, event_id) DO UPDATE SET subject = EXCLUDED.subject, envelope = EXCLUDED.envelope, reason = EXCLUDED.reason,
           last_error = EXCLUDED.last_error, attempts = EXCLUDED.attempts, dead_at = now(), replayed_at = NULL`,
        [c.name, id, subject, JSON.stringify(envelope ?? null), reason, error, attempts],
      );
      if (UUID.test(id)) {
        await tx.query(`DELETE FROM ${this.t}.consumer_failures WHERE consumer = $1 AND event_id = $2`, [
          c.name,
          id,
        ]);
        await tx.query(
          `INSERT INTO ${this.t}.inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [c.name, id, subject],
        );
      }
      const n = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${this.t}.dead_letters WHERE replayed_at IS NULL`,
      );
      return n.rows[0]!.n;
    });
    elog.error(
      { reason, attempts, error, deadLetters: waiting },
      reason === 'invalid'
        ? 'event does not match its contract; moved to the dead letters (npm run events:replay)'
        : `event handler failed ${attempts} times; moved to the dead letters (npm run events:replay)`,
    );
  }
}
