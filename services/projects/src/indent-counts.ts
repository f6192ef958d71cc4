/**
 * The BOQ list's Indents (decision 0034): erp.indent.upserted.v1 keeps one row per indent with the
 * BOQ it was raised against (boq_indents), and each BOQ number's revisions their indent_count by the
 * difference the event makes. Idempotent (an event no newer than the row changes nothing, and the
 * kit's inbox drops a redelivered envelope) and order-safe (the highest indent version wins).
 */
import { IndentUpserted, type EventEnvelope, type IndentUpsertedData } from '@erp/contracts';
import { isUuid, orderKeyOf, type ConsumerDefinition, type Queryable } from '@erp/service-kit';

/** How each BOQ number's count moves when an indent moves from `before` to `after` (null: not counted). */
export function indentCountMoves(before: string | null, after: string | null): Map<string, number> {
  const moves = new Map<string, number>();
  if (before === after) return moves;
  if (before !== null) moves.set(before, -1);
  if (after !== null) moves.set(after, 1);
  return moves;
}

/** Apply one indent event in its transaction. Returns whether any BOQ's count moved. */
export async function handleIndentUpserted(
  tx: Queryable,
  schema: string,
  data: IndentUpsertedData,
): Promise<boolean> {
  const indentId = data.indentId.toLowerCase();
  const boqId = data.boqId.toLowerCase();
  if (!isUuid(indentId) || !isUuid(boqId)) return false;
  const number =
    (await tx.query<{ boq_number: string }>(`SELECT boq_number FROM ${schema}.boqs WHERE id = $1`, [boqId]))
      .rows[0]?.boq_number ?? null;
  // A new indent's row, or the one kept, locked: two events of one indent take turns here.
  const inserted = await tx.query(
    `INSERT INTO ${schema}.boq_indents (indent_id, boq_id, boq_number, status, version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (indent_id) DO NOTHING RETURNING indent_id`,
    [indentId, boqId, number, data.status, data.version],
  );
  let before: string | null = null;
  if (inserted.rows.length === 0) {
    const kept = await tx.query<{ boq_number: string | null; version: number }>(
      `SELECT boq_number, version FROM ${schema}.boq_indents WHERE indent_id = $1 FOR UPDATE`,
      [indentId],
    );
    if (kept.rows[0]!.version >= data.version) return false;
    before = kept.rows[0]!.boq_number;
    await tx.query(
      `UPDATE ${schema}.boq_indents SET boq_id = $2, boq_number = $3, status = $4, version = $5 WHERE indent_id = $1`,
      [indentId, boqId, number, data.status, data.version],
    );
  }
  const moves = indentCountMoves(before, number);
  if (moves.size === 0) return false;
  // The revisions of those numbers locked first, in one order: a revision being made (which copies
  // its number's count under the lock of the revision it copies) waits for this, or this for it,
  // and the updates below (each its own snapshot) then see a revision made meanwhile.
  await tx.query(`SELECT id FROM ${schema}.boqs WHERE boq_number = ANY($1::text[]) ORDER BY id FOR UPDATE`, [
    [...moves.keys()],
  ]);
  for (const [boqNumber, delta] of moves) {
    await tx.query(`UPDATE ${schema}.boqs SET indent_count = indent_count + $2 WHERE boq_number = $1`, [
      boqNumber,
      delta,
    ]);
  }
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
