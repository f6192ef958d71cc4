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
  /**
   * On NATS, rows younger than this are left to the process that wrote them (it publishes them
   * from memory after its commit, see `committed`); the poll takes them only once they are older,
   * as it does any row whose publishing failed. Default 2.
   */
  ownRowsSeconds?: number;
}

/**
 * Publishes outbox rows in order. A row is claimed with a lease (so two instances do not publish
 * the same rows at once), published, then marked. A crash between publish and mark republishes the
 * event on the next run with the same id: JetStream drops the duplicate, consumers' inboxes too.
 *
 * On NATS the events a transaction of this process wrote are published from memory once it has
 * committed (`committed`), without claiming their rows first: the claim was a statement and a
 * round trip between each commit and its events, and a commit waited for the run before it. The
 * poll leaves rows younger than `ownRowsSeconds` to their writer; a row the writer could not
 * publish (the bus away, the process killed after its commit) is older by the next polls and goes
 * out from there. A row both publish (a poll that takes a row its writer is still publishing) is
 * one message: JetStream drops a repeated message id, the inboxes any later repeat.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Publications of committed transactions' events under way (`committed`), awaited by stop(). */
  private readonly publishing = new Set<Promise<void>>();
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
    this.ownRowsSeconds = opts.ownRowsSeconds ?? 2;
  }

  private readonly ownRowsSeconds: number;

  /**
   * The events a transaction wrote, after its commit. On NATS they are published now, from
   * memory, and their rows marked; on the in-process bus (its consumers run inside publish, one
   * event after the other) the relay runs as after any commit.
   */
  committed(envelopes: readonly EventEnvelope[]): void {
    if (this.stopped || envelopes.length === 0) return;
    if (this.bus.kind !== 'nats') {
      this.kick();
      return;
    }
    const run: Promise<void> = this.publishCommitted(envelopes)
      .catch((err: unknown) =>
        this.opts.logger?.warn({ err }, 'publishing committed events failed; the poll publishes them'),
      )
      .finally(() => this.publishing.delete(run));
    this.publishing.add(run);
  }

  private async publishCommitted(envelopes: readonly EventEnvelope[]): Promise<void> {
    const { sent, err } = await this.publishInOrder(envelopes);
    if (sent > 0) await this.markSent(envelopes.slice(0, sent));
    if (sent < envelopes.length) {
      const envelope = envelopes[sent]!;
      this.opts.logger?.warn(
        { err, eventId: envelope.id, subject: envelope.subject, requestId: envelope.requestId },
        'publishing an event failed; the relay publishes it from the outbox',
      );
    }
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
    await Promise.all([this.running, ...this.publishing]);
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
    this.running = this.drain({
      probe: poll,
      ...(poll && this.bus.kind === 'nats' ? { olderThanSeconds: this.ownRowsSeconds } : {}),
    })
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
  async drain({
    probe = true,
    olderThanSeconds = 0,
  }: { probe?: boolean; olderThanSeconds?: number } = {}): Promise<number> {
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
      // `olderThanSeconds` (the poll on NATS): rows their writer is still publishing are left to it.
      const claimed = await this.db.query<{ id: string; seq: number; envelope: EventEnvelope }>(
        `UPDATE ${this.schema}.outbox SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
          WHERE seq IN (SELECT seq FROM ${this.schema}.outbox
                         WHERE published_at IS NULL AND next_attempt_at <= now()
                           AND (claimed_until IS NULL OR claimed_until < now())${
                             olderThanSeconds > 0
                               ? `
                           AND created_at < now() - make_interval(secs => $3)`
                               : ''
                           }
                         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, seq, envelope`,
        olderThanSeconds > 0
          ? [this.batchSize, this.leaseSeconds, olderThanSeconds]
          : [this.batchSize, this.leaseSeconds],
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

  /** Mark rows published (those not marked already: a row both a poll and its writer published); returns those marked now. */
  protected async markPublished(ids: string[]): Promise<Array<{ id: string; created_at: Date | string }>> {
    const res = await this.db.query<{ id: string; created_at: Date | string }>(
      `UPDATE ${this.schema}.outbox SET published_at = now(), claimed_until = NULL, last_error = NULL
        WHERE id = ANY($1::uuid[]) AND published_at IS NULL RETURNING id, created_at`,
      [ids],
    );
    return res.rows;
  }
}
