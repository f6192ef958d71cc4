/** An indent's lines: read with their BOQ plan and balance, and replaced as the form sent them. */
import { fromHundredths, fromPaise, overBalance, type IndentLine } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { LineInput, StoredLine } from './types.js';

interface LineRow {
  id: string;
  position: number;
  item_id: string;
  item_name: string;
  unit: string;
  quantity_hundredths: string;
  remark: string;
  selected_vendor: string | null;
  vendor_name: string | null;
  reason: string;
  approver_reason: string;
  price_paise: string | null;
  gst_paise: string | null;
  planned: string | null;
  consumed: string | null;
}

/** The lines' query: `cur` is the BOQ's current revision (see `lines`). */
function linesSql(schema: string): string {
  const t = (name: string) => `${schema}.${name}`;
  // A BOQ revised since the indent was raised: its balance is the current confirmed revision's.
  const CURRENT_REVISION = `SELECT r.boq_id FROM ${t('boq_snapshots')} r WHERE r.boq_number = b.boq_number AND r.status = 'confirmed' ORDER BY r.revision DESC LIMIT 1`;
  return `SELECT l.id, l.position, l.item_id, coalesce(s.name, l.item_name) AS item_name, l.unit, l.quantity_hundredths::text, l.remark, l.selected_vendor,
              coalesce(v.name, l.vendor_name) AS vendor_name, l.reason, l.approver_reason, l.price_paise::text, l.gst_paise::text,
              bl.planned_hundredths::text AS planned, c.consumed_hundredths::text AS consumed
         FROM ${t('indent_lines')} l
         JOIN ${t('indents')} i ON i.id = l.indent_id
         LEFT JOIN ${t('boq_snapshots')} b ON b.boq_id = i.boq_id
         LEFT JOIN LATERAL (${CURRENT_REVISION}) cur ON true
         LEFT JOIN ${t('boq_line_snapshots')} bl ON bl.boq_id = coalesce(cur.boq_id, i.boq_id) AND bl.item_id = l.item_id
         LEFT JOIN ${t('boq_consumed')} c ON c.boq_number = b.boq_number AND c.item_id = l.item_id
         LEFT JOIN ${t('item_snapshots')} s ON s.item_id = l.item_id
         LEFT JOIN ${t('vendor_snapshots')} v ON v.vendor_id = l.selected_vendor
        WHERE l.indent_id = $1
        ORDER BY l.position`;
}

function storedLine(r: LineRow): StoredLine {
  const planned = r.planned === null ? null : Number(r.planned);
  return {
    id: r.id,
    position: r.position,
    itemId: r.item_id,
    itemName: r.item_name,
    unit: r.unit,
    quantity: Number(r.quantity_hundredths),
    remark: r.remark,
    selectedVendor: r.selected_vendor,
    vendorName: r.vendor_name,
    reason: r.reason,
    approverReason: r.approver_reason,
    pricePaise: r.price_paise === null ? null : Number(r.price_paise),
    gstPaise: r.gst_paise === null ? null : Number(r.gst_paise),
    planned,
    balance: planned === null ? null : planned - Number(r.consumed ?? 0),
  };
}

/** The lines of an indent with their BOQ plan and balance, in order. */
export async function lines(schema: string, db: Queryable, id: string): Promise<StoredLine[]> {
  const res = await db.query<LineRow>(linesSql(schema), [id]);
  return res.rows.map(storedLine);
}

export function lineOut(l: StoredLine): IndentLine {
  return {
    _id: l.id,
    itemId: l.itemId,
    itemName: l.itemName,
    unit: l.unit,
    quantity: fromHundredths(l.quantity),
    remark: l.remark,
    boq:
      l.planned === null
        ? null
        : { plannedQty: fromHundredths(l.planned), balanceQuantity: fromHundredths(l.balance!) },
    overBoq: fromHundredths(overBalance(l.quantity, l.balance)),
    selectedVendor: l.selectedVendor,
    vendorName: l.selectedVendor ? l.vendorName : null,
    reasonForSelection: l.reason,
    approverReason: l.approverReason,
    price: l.pricePaise === null ? null : fromPaise(l.pricePaise),
    gst: l.gstPaise === null ? null : fromPaise(l.gstPaise),
    vendors: [],
  };
}

/**
 * The lines as the form sent them. A line of an item already on the indent keeps its id and the
 * purchaser's choice (a send-back returns the indent with them); others are new.
 */
export async function replaceLines(
  schema: string,
  tx: Queryable,
  id: string,
  input: readonly LineInput[],
): Promise<void> {
  const t = (name: string) => `${schema}.${name}`;
  const itemIds = input.map((l) => l.itemId);
  await tx.query(
    `DELETE FROM ${t('indent_lines')} WHERE indent_id = $1 AND NOT (item_id = ANY($2::uuid[]))`,
    [id, itemIds],
  );
  // Positions move out of the way first (no unique constraint on them, but keep it tidy).
  await tx.query(
    `INSERT INTO ${t('indent_lines')} AS l (id, indent_id, position, item_id, item_name, unit, quantity_hundredths, remark)
     SELECT gen_random_uuid(), $1, * FROM unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::text[])
     ON CONFLICT (indent_id, item_id) DO UPDATE SET position = excluded.position, item_name = excluded.item_name, unit = excluded.unit,
       quantity_hundredths = excluded.quantity_hundredths, remark = excluded.remark`,
    [
      id,
      input.map((_, i) => i + 1),
      itemIds,
      input.map((l) => l.itemName),
      input.map((l) => l.unit),
      input.map((l) => l.quantity),
      input.map((l) => l.remark),
    ],
  );
  await tx.query(
    `UPDATE ${t('indents')} SET item_count = $2, total_hundredths = $3, over_boq_lines = ${t('over_boq_lines')}($1) WHERE id = $1`,
    [id, input.length, input.reduce((s, l) => s + l.quantity, 0)],
  );
}
