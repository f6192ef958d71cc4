import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@erp/contracts';
import type { Static, TSchema } from 'typebox';
import type { Logger } from 'pino';
import type { Bus } from './bus/types.js';
import type { Queryable } from './db/types.js';
import { appendAudit, auditInsert, auditParams, type AuditEntry } from './audit.js';
import { schemaProblem } from './event-schemas.js';
import { faultPoint } from './faults.js';

export interface EventMeta {
  requestId?: string | undefined;
  actorId?: string | null | undefined;
}

function check(def: EventDefinition, data: unknown): void {
  const problem = schemaProblem(def.schema, data);
  if (problem) throw new Error(`Event ${def.subject} does not match its schema: ${problem}`);
}

/** The message as it travels: checked against the event's schema, with a fresh id. */
export function buildEnvelope(
  source: string,
  def: EventDefinition,
  data: unknown,
  meta: EventMeta = {},
): EventEnvelope {
  check(def, data);
  return {
    id: randomUUID(),
    subject: def.subject,
    occurredAt: new Date().toISOString(),
    source,
    ...(meta.requestId ? { requestId: meta.requestId } : {}),
    actorId: meta.actorId ?? null,
    data,
  };
}

/** An event to write with others of any kind (`emitAll`); made with `event()`, which checks its data's type. */
export interface PendingEvent {
  def: EventDefinition;
  data: unknown;
}

/** One event for `emitAll`: its data typed by its definition. */
export function event<S extends TSchema>(def: EventDefinition<S>, data: Static<S>): PendingEvent {
  return { def: def as unknown as EventDefinition, data };
}

/**
 * Events of any kinds and audit rows in one statement, inside the caller's transaction: the events
 * into the outbox in the order given (so they are published), the audit rows after them. One round
 * trip where emit and audit took one each (a transaction holding a lock holds it that much less).
 */
export async function enqueueWithAudit(
  tx: Queryable,
  schema: string,
  source: string,
  events: readonly PendingEvent[],
  audit: readonly AuditEntry[],
  meta: EventMeta = {},
): Promise<EventEnvelope[]> {
  const envelopes = events.map((e) => buildEnvelope(source, e.def, e.data, meta));
  if (audit.length === 0) {
    await insertEnvelopes(tx, schema, envelopes);
    return envelopes;
  }
  if (envelopes.length === 0) {
    await appendAudit(tx, schema, audit);
    return envelopes;
  }
  await tx.query(
    `WITH events AS (
       INSERT INTO ${schema}.outbox (id, subject, envelope)
       SELECT id, subject, envelope FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e(id, subject, envelope, ord) ORDER BY ord)
     ${auditInsert(schema, 4)}`,
    [
      envelopes.map((e) => e.id),
      envelopes.map((e) => e.subject),
      envelopes.map((e) => JSON.stringify(e)),
      ...auditParams(audit),
    ],
  );
  return envelopes;
}

async function insertEnvelopes(
  tx: Queryable,
  schema: string,
  envelopes: readonly EventEnvelope[],
): Promise<void> {
  if (envelopes.length === 1) {
    const [e] = envelopes;
    await tx.query(`INSERT INTO ${schema}.outbox (id, subject, envelope) VALUES ($1, $2, $3::jsonb)`, [
      e!.id,
      e!.subject,
      JSON.stringify(e),
    ]);
  } else if (envelopes.length > 1) {
    await tx.query(
      `INSERT INTO ${schema}.outbox (id, subject, envelope)
       SELECT id, subject, envelope FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e(id, subject, envelope, ord) ORDER BY ord`,
      [envelopes.map((e) => e.id), envelopes.map((e) => e.subject), envelopes.map((e) => JSON.stringify(e))],
    );
  }
}

/** Write an event into the service's outbox, inside the caller's transaction. */
export async function enqueueEvent<S extends TSchema>(
  tx: Queryable,
  schema: string,
  source: string,
  def: EventDefinition<S>,
  data: unknown,
  meta: EventMeta = {},
): Promise<EventEnvelope> {
  return (await enqueueEvents(tx, schema, source, def, [data], meta))[0]!;
}

/** Write events of one kind into the outbox in one statement, in the order given (they are published so). */
export async function enqueueEvents<S extends TSchema>(
  tx: Queryable,
  schema: string,
  source: string,
  def: EventDefinition<S>,
  data: readonly unknown[],
  meta: EventMeta = {},
): Promise<EventEnvelope[]> {
  const envelopes = data.map((d) => buildEnvelope(source, def, d, meta));
  await insertEnvelopes(tx, schema, envelopes);
  return envelopes;
}

export interface RelayOptions {
  pollMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  logger?: Logger | undefined;
  /** Called for each event published, with the seconds since its row was written (metrics). */
  onPublished?: ((envelope: EventEnvelope, lagSeconds: number) => void) | undefined;
}

/**
 * Publishes outbox rows in order, on one path: a run claims pending rows with a lease (so two
 * instances do not publish the same rows at once), publishes them, then marks them. A crash
 * between publish and mark republishes the event on the next run with the same id: JetStream
 * drops the duplicate, consumers' inboxes too.
 *
 * A run starts at once after a commit of this process that wrote events (`kick`; a commit during
 * a run queues one more run after it), and at each poll (`pollMs`), which finds the rest: rows
 * another process wrote (an instance killed after its commit, its lease run out), retries whose
 * time came. Decision 0048: this is the one path; on NATS decision 0032 had published committed
 * events from memory besides it.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private unlisten: (() => void) | undefined;
  /** Times the bus came back after an outage (a publish that failed across one is retried at once). */
  private reconnects = 0;
  /** A run asked for while one was under way: 'now' (a commit or the bus's return), 'poll', or none. */
  private queued: 'now' | 'poll' | null = null;
  private stopped = true;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;

  constructor(
    /** Statements outside transactions only: the database, or a connection of the relay's own. */
    private readonly db: Queryable,
    private readonly schema: string,
    private readonly bus: Bus,
    private readonly opts: RelayOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.batchSize = opts.batchSize ?? 100;
    this.leaseSeconds = opts.leaseSeconds ?? 30;
  }

  /**
   * Publish in order; returns how many went through before the first failure, and that failure.
   * On NATS they are sent at once on the bus's one connection without waiting for each
   * acknowledgement (a failed one's successors may have gone through: published again later, the
   * bus drops a repeated message id within its duplicate window, the inbox any later repeat). The
   * in-process bus runs the consumers inside publish, so there they go one by one.
   */
  private async publishInOrder(envelopes: readonly EventEnvelope[]): Promise<{ sent: number; err: unknown }> {
    const send = (envelope: EventEnvelope) => {
      faultPoint('after-commit-before-publish', { subject: envelope.subject });
      return this.publishOne(envelope).then(
        () => null,
        (err: unknown) => err ?? new Error('publish failed'),
      );
    };
    const outcomes: unknown[] = [];
    if (this.bus.kind === 'nats') outcomes.push(...(await Promise.all(envelopes.map(send))));
    else {
      for (const envelope of envelopes) {
        const outcome = await send(envelope);
        outcomes.push(outcome);
        if (outcome !== null) break;
      }
    }
    const failedAt = outcomes.findIndex((o) => o !== null);
    return failedAt === -1
      ? { sent: outcomes.length, err: null }
      : { sent: failedAt, err: outcomes[failedAt] };
  }

  /** Mark published events' rows in one statement; each row marked now is counted (metrics) and logged. */
  private async markSent(envelopes: readonly EventEnvelope[]): Promise<void> {
    const marked = await this.markPublished(envelopes.map((e) => e.id));
    const writtenAt = new Map(marked.map((r) => [r.id, r.created_at]));
    for (const envelope of envelopes) {
      const at = writtenAt.get(envelope.id);
      // Not marked now: another run had published it and marked it first.
      if (at === undefined) continue;
      this.observePublished(envelope, at);
      this.opts.logger?.debug(
        { eventId: envelope.id, subject: envelope.subject, requestId: envelope.requestId },
        'event published',
      );
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // Events that failed to publish while the bus was away go out as soon as it is back, not
    // after their backoff (up to a minute).
    this.unlisten = this.bus.onReconnect?.(() => {
      this.reconnects++;
      void this.retryNow();
    });
    const tick = () => {
      if (this.stopped) return;
      this.kick(true);
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Publish pending events now, whatever their backoff (the bus has just come back). */
  async retryNow(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.db.query(
        `UPDATE ${this.schema}.outbox SET next_attempt_at = now() WHERE published_at IS NULL AND next_attempt_at > now()`,
      );
    } catch (err) {
      this.opts.logger?.warn({ err }, 'could not reschedule unpublished events');
    }
    this.kick();
  }

  /**
   * Publish what is pending now: called after a commit that wrote events, and by the poll (`poll`),
   * whose run first probes cheaply. A call during a run is kept for one more run after it.
   */
  kick(poll = false): void {
    if (this.stopped) return;
    if (this.running) {
      if (this.queued !== 'now') this.queued = poll ? 'poll' : 'now';
      return;
    }
    this.running = this.drain({ probe: poll })
      .then(() => undefined)
      .catch((err) => this.opts.logger?.error({ err }, 'outbox relay failed'))
      .finally(() => {
        this.running = null;
        const next = this.queued;
        this.queued = null;
        if (next && !this.stopped) this.kick(next === 'poll');
      });
  }

  /**
   * Publish pending events until none are left or one fails; returns how many were published.
   * A batch shorter than batchSize ends the run: an event committed after its claim is kicked
   * by the process that wrote it (a run then follows this one), and the poll finds any other
   * (one whose retry time came, or whose lease ran out).
   */
  async drain({ probe = true }: { probe?: boolean } = {}): Promise<number> {
    let published = 0;
    // Cheap probe first for the poll (partial index): an idle poll must not cost a write on the
    // embedded database. After a commit there is something to publish, so the claim goes first.
    if (probe) {
      const any = await this.db.query(
        `SELECT 1 FROM ${this.schema}.outbox WHERE published_at IS NULL LIMIT 1`,
      );
      if (any.rows.length === 0) return 0;
    }
    for (;;) {
      const claimed = await this.db.query<{ id: string; seq: number; envelope: EventEnvelope }>(
        `UPDATE ${this.schema}.outbox SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
          WHERE seq IN (SELECT seq FROM ${this.schema}.outbox
                         WHERE published_at IS NULL AND next_attempt_at <= now()
                           AND (claimed_until IS NULL OR claimed_until < now())
                         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, seq, envelope`,
        [this.batchSize, this.leaseSeconds],
      );
      const rows = claimed.rows.sort((a, b) => a.seq - b.seq);
      if (rows.length === 0) return published;
      // The rows published before the first failure are marked together: one round trip and one
      // commit per batch instead of one of each per event.
      const reconnectsBefore = this.reconnects;
      const { sent, err } = await this.publishInOrder(rows.map((r) => r.envelope));
      if (sent > 0) {
        await this.markSent(rows.slice(0, sent).map((r) => r.envelope));
        published += sent;
      }
      if (sent < rows.length) {
        const row = rows[sent]!;
        const pending = rows.slice(sent).map((r) => r.id);
        // A publish sent while the bus was away times out after it is back: no backoff then.
        const busBack = this.reconnects !== reconnectsBefore;
        this.opts.logger?.warn(
          { err, eventId: row.id, subject: row.envelope.subject, requestId: row.envelope.requestId },
          busBack
            ? 'publishing an event failed; the bus is back, retrying'
            : 'publishing an event failed; will retry',
        );
        await this.db.query(
          `UPDATE ${this.schema}.outbox SET claimed_until = NULL,
             next_attempt_at = CASE WHEN $4 THEN now() ELSE now() + make_interval(secs => least(60, power(2, least(attempts, 6))::int)) END,
             last_error = CASE WHEN id = $2 THEN $3 ELSE last_error END
           WHERE id = ANY($1::uuid[])`,
          [pending, row.id, String((err as Error)?.message ?? err).slice(0, 500), busBack],
        );
        if (busBack) this.queued = 'now';
        return published;
      }
      if (rows.length < this.batchSize) return published;
    }
  }

  private observePublished(envelope: EventEnvelope, createdAt: Date | string): void {
    if (!this.opts.onPublished) return;
    const written = new Date(createdAt).getTime();
    try {
      this.opts.onPublished(
        envelope,
        Number.isFinite(written) ? Math.max(0, (Date.now() - written) / 1000) : 0,
      );
    } catch (err) {
      this.opts.logger?.warn({ err }, 'recording a published event failed');
    }
  }

  /** Split out so a test can stop the process between publishing and marking. */
  protected async publishOne(envelope: EventEnvelope): Promise<void> {
    await this.bus.publish(envelope);
  }

  /** Mark rows published (those not marked already: a row two runs published, one after its lease ran out); returns those marked now. */
  protected async markPublished(ids: string[]): Promise<Array<{ id: string; created_at: Date | string }>> {
    const res = await this.db.query<{ id: string; created_at: Date | string }>(
      `UPDATE ${this.schema}.outbox SET published_at = now(), claimed_until = NULL, last_error = NULL
        WHERE id = ANY($1::uuid[]) AND published_at IS NULL RETURNING id, created_at`,
      [ids],
    );
    return res.rows;
  }
}
