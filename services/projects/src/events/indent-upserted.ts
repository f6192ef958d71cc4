/**
 * The BOQ list's Indents (decision 0034): erp.indent.upserted.v1 keeps one row per indent with the
 * BOQ it was raised against (boq_indents), and each BOQ number's revisions their indent_count by the
 * difference the event makes. Idempotent (an event no newer than the row changes nothing, and the
 * kit's inbox drops a redelivered envelope) and order-safe (the highest indent version wins).
 */
import { IndentUpserted, type EventEnvelope, type IndentUpsertedData } from '@erp/contracts';
import { isUuid, orderKeyOf, type ConsumerDefinition, type Queryable } from '@erp/service-kit';
import { indentCountMoves } from '../domain/boq-consumption.js';
import { keepIndent, moveIndentCounts, numberOfBoq } from '../repositories/boq-consumption.js';

export { indentCountMoves } from '../domain/boq-consumption.js';

/** Apply one indent event in its transaction. Returns whether any BOQ's count moved. */
export async function handleIndentUpserted(
  tx: Queryable,
  schema: string,
  data: IndentUpsertedData,
): Promise<boolean> {
  const indentId = data.indentId.toLowerCase();
  const boqId = data.boqId.toLowerCase();
  if (!isUuid(indentId) || !isUuid(boqId)) return false;
  const number = await numberOfBoq(schema, tx, boqId);
  // A new indent's row, or the one kept, locked: two events of one indent take turns here.
  const kept = await keepIndent(schema, tx, {
    indentId,
    boqId,
    number,
    status: data.status,
    version: data.version,
  });
  if (!kept) return false;
  const moves = indentCountMoves(kept.before, number);
  if (moves.size === 0) return false;
  await moveIndentCounts(schema, tx, moves);
  return true;
}

export function indentCountConsumer(schema: string): ConsumerDefinition {
  return {
    name: 'boq-indents',
    events: [IndentUpserted],
    // One indent's events one after the other; different indents side by side.
    ordered: (e) => orderKeyOf(e, 'indentId'),
    async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
      await handleIndentUpserted(tx, schema, envelope.data as IndentUpsertedData);
    },
  };
}
