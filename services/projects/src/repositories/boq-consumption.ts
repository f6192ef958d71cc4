/** What goods receipts consumed and which indents were raised, per BOQ number (decisions 0016, 0034). */
import type { Queryable } from '@erp/service-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The BOQ number and project of a revision id (null when there is none). */
export async function boqOf(
  schema: string,
  db: Queryable,
  boqId: string,
): Promise<{ boqNumber: string; projectId: string } | null> {
  if (!UUID.test(boqId)) return null;
  const res = await db.query<{ boq_number: string; project_id: string }>(
    `SELECT boq_number, project_id FROM ${schema}.boqs WHERE id = $1`,
    [boqId],
  );
  const row = res.rows[0];
  return row ? { boqNumber: row.boq_number, projectId: row.project_id } : null;
}

/**
 * A receipt's quantity of an item counted once: recorded in boq_receipts (receipt, item) and,
 * only when that row is new, added to the number's consumption. Answers the number's consumed
 * total of the item after the addition, in hundredths (the row stays locked until the
 * transaction ends, so it is the total at commit), or null when the receipt was counted before.
 */
export async function addConsumption(
  schema: string,
  db: Queryable,
  r: { receiptId: string; itemId: string; boqNumber: string; hundredths: number; receivedAt: string },
): Promise<number | null> {
  const inserted = await db.query(
    `INSERT INTO ${schema}.boq_receipts (receipt_id, item_id, boq_number, quantity_hundredths, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (receipt_id, item_id) DO NOTHING RETURNING 1`,
    [r.receiptId, r.itemId, r.boqNumber, String(r.hundredths), r.receivedAt],
  );
  if (inserted.rows.length === 0) return null;
  const total = await db.query<{ consumed_hundredths: number | string }>(
    `INSERT INTO ${schema}.boq_consumption AS c (boq_number, item_id, consumed_hundredths) VALUES ($1, $2, $3)
     ON CONFLICT (boq_number, item_id) DO UPDATE SET consumed_hundredths = c.consumed_hundredths + excluded.consumed_hundredths
     RETURNING c.consumed_hundredths`,
    [r.boqNumber, r.itemId, String(r.hundredths)],
  );
  return Number(total.rows[0]!.consumed_hundredths);
}

/** The BOQ number of a revision id (null when this service has no such BOQ). */
export async function numberOfBoq(schema: string, tx: Queryable, boqId: string): Promise<string | null> {
  const res = await tx.query<{ boq_number: string }>(`SELECT boq_number FROM ${schema}.boqs WHERE id = $1`, [
    boqId,
  ]);
  return res.rows[0]?.boq_number ?? null;
}

export interface IndentRow {
  indentId: string;
  boqId: string;
  number: string | null;
  status: string;
  version: number;
}

/**
 * The indent's row kept with the BOQ number it counts under. A new indent's row is inserted
 * (answers `{ before: null }`); the one kept is locked (two events of one indent take turns here)
 * and replaced only by a newer version (answers its number before, or null when this event is
 * not newer).
 */
export async function keepIndent(
  schema: string,
  tx: Queryable,
  i: IndentRow,
): Promise<{ before: string | null } | null> {
  const inserted = await tx.query(
    `INSERT INTO ${schema}.boq_indents (indent_id, boq_id, boq_number, status, version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (indent_id) DO NOTHING RETURNING indent_id`,
    [i.indentId, i.boqId, i.number, i.status, i.version],
  );
  if (inserted.rows.length > 0) return { before: null };
  const kept = await tx.query<{ boq_number: string | null; version: number }>(
    `SELECT boq_number, version FROM ${schema}.boq_indents WHERE indent_id = $1 FOR UPDATE`,
    [i.indentId],
  );
  if (kept.rows[0]!.version >= i.version) return null;
  await tx.query(
    `UPDATE ${schema}.boq_indents SET boq_id = $2, boq_number = $3, status = $4, version = $5 WHERE indent_id = $1`,
    [i.indentId, i.boqId, i.number, i.status, i.version],
  );
  return { before: kept.rows[0]!.boq_number };
}

/** Each BOQ number's revisions' indent_count moved by its delta. */
export async function moveIndentCounts(
  schema: string,
  tx: Queryable,
  moves: Map<string, number>,
): Promise<void> {
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
}
