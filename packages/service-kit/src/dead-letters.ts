/**
 * Dead letters: events a consumer gave up on (see consumers.ts). Listing them, and replaying them:
 * a replay takes the event out of the consumer's inbox and puts it back into consumer_failures,
 * due now with no tries counted, and marks the dead letter replayed. The service's running
 * consumers pick it up within OUTBOX_POLL_MS (or at their next start), and handle it once again
 * with EVENT_MAX_ATTEMPTS tries; only that consumer sees it, the bus is not involved.
 */
import type { EventEnvelope } from '@erp/contracts';
import type { Database } from './db/types.js';

export interface DeadLetter {
  consumer: string;
  eventId: string;
  subject: string;
  reason: 'failed' | 'invalid';
  lastError: string;
  attempts: number;
  deadAt: Date;
  replayedAt: Date | null;
  replays: number;
  envelope: EventEnvelope;
}

interface Row {
  consumer: string;
  event_id: string;
  subject: string;
  reason: 'failed' | 'invalid';
  last_error: string;
  attempts: number;
  dead_at: Date;
  replayed_at: Date | null;
  replays: number;
  envelope: EventEnvelope;
}

const toDeadLetter = (r: Row): DeadLetter => ({
  consumer: r.consumer,
  eventId: r.event_id,
  subject: r.subject,
  reason: r.reason,
  lastError: r.last_error,
  attempts: r.attempts,
  deadAt: new Date(r.dead_at),
  replayedAt: r.replayed_at ? new Date(r.replayed_at) : null,
  replays: r.replays,
  envelope: r.envelope,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkSchema(schema: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
}

/** Schemas (services) on this database that have dead-letter tables. */
export async function deadLetterSchemas(db: Database): Promise<string[]> {
  const res = await db.query<{ s: string }>(
    `SELECT table_schema AS s FROM information_schema.tables WHERE table_name = 'dead_letters' ORDER BY 1`,
  );
  return res.rows.map((r) => r.s);
}

export interface DeadLetterFilter {
  consumer?: string | undefined;
  eventId?: string | undefined;
  /** Also those replayed already (default: only those waiting). */
  includeReplayed?: boolean | undefined;
}

export async function listDeadLetters(
  db: Database,
  schema: string,
  filter: DeadLetterFilter = {},
): Promise<DeadLetter[]> {
  checkSchema(schema);
  const res = await db.query<Row>(
    `SELECT consumer, event_id, subject, reason, last_error, attempts, dead_at, replayed_at, replays, envelope
       FROM ${schema}.dead_letters
      WHERE ($1::text IS NULL OR consumer = $1) AND ($2::text IS NULL OR event_id = $2) AND ($3 OR replayed_at IS NULL)
      ORDER BY dead_at, consumer, event_id`,
    [filter.consumer ?? null, filter.eventId ?? null, filter.includeReplayed ?? false],
  );
  return res.rows.map(toDeadLetter);
}

export interface ReplayResult {
  replayed: DeadLetter[];
  /** Dead letters that cannot be replayed (an envelope without a valid id), with the reason. */
  refused: Array<{ deadLetter: DeadLetter; why: string }>;
}

/**
 * Put waiting dead letters back to their consumers: one event (`eventId`, every consumer that gave
 * up on it unless `consumer` says which) or all of them (`all`). Works while the service runs (on
 * PostgreSQL) or while it is stopped; the consumers handle the events when they next look.
 */
export async function replayDeadLetters(
  db: Database,
  schema: string,
  what: { eventId?: string | undefined; consumer?: string | undefined; all?: boolean },
): Promise<ReplayResult> {
  checkSchema(schema);
  if (!what.eventId && !what.all)
    throw new Error('Say which dead letter to replay (an event id), or all of them');
  return db.transaction(async (tx) => {
    const rows = await tx.query<Row>(
      `SELECT consumer, event_id, subject, reason, last_error, attempts, dead_at, replayed_at, replays, envelope
         FROM ${schema}.dead_letters
        WHERE replayed_at IS NULL AND ($1::text IS NULL OR consumer = $1) AND ($2::text IS NULL OR event_id = $2)
        ORDER BY dead_at FOR UPDATE`,
      [what.consumer ?? null, what.eventId ?? null],
    );
    const out: ReplayResult = { replayed: [], refused: [] };
    for (const r of rows.rows) {
      const d = toDeadLetter(r);
      if (!UUID.test(r.event_id) || typeof r.envelope !== 'object' || r.envelope === null) {
        out.refused.push({ deadLetter: d, why: 'the event has no valid id, so it can never be handled' });
        continue;
      }
      await tx.query(`DELETE FROM ${schema}.inbox WHERE consumer = $1 AND event_id = $2`, [
        r.consumer,
        r.event_id,
      ]);
      await tx.query(
        `INSERT INTO ${schema}.consumer_failures (consumer, event_id, subject, envelope, attempts, last_error, next_attempt_at)
         VALUES ($1, $2, $3, $4::jsonb, 0, $5, now())
         ON CONFLICT (consumer, event_id) DO UPDATE SET attempts = 0, next_attempt_at = now(), claimed_until = NULL, last_error = EXCLUDED.last_error`,
        [
          r.consumer,
          r.event_id,
          r.subject,
          JSON.stringify(r.envelope),
          `replay requested (was: ${r.last_error})`.slice(0, 2000),
        ],
      );
      await tx.query(
        `UPDATE ${schema}.dead_letters SET replayed_at = now(), replays = replays + 1 WHERE consumer = $1 AND event_id = $2`,
        [r.consumer, r.event_id],
      );
      out.replayed.push(d);
    }
    return out;
  });
}
