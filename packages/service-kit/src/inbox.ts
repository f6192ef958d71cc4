import type { EventEnvelope } from '@erp/contracts';
import type { Database, Queryable } from './db/types.js';

/**
 * Run a consumer's effect at most once per event: the inbox row and the effect commit together,
 * so a redelivered event (or one republished after a crash) changes nothing.
 * Returns false when the event had been handled already.
 */
export async function handleOnce(
  db: Database,
  schema: string,
  consumer: string,
  envelope: EventEnvelope,
  effect: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO ${schema}.inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, envelope.id, envelope.subject],
    );
    if (inserted.rows.length === 0) return false;
    await effect(tx);
    return true;
  });
}
