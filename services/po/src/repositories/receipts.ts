/**
 * Goods receipts of a PO: a receipt recorded in one statement with its lines, the quantities it
 * accepted and its photo; a PO's receipts for its page; and what a key recorded (a resend is
 * compared with it).
 */
import { fromHundredths, fromPaise, type PoReceipt, type PoStatus } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { RecordedReceipt } from '../domain/receipt.js';

interface ReceiptRow {
  id: string;
  invoice_number: string;
  invoice_date: string;
  invoice_amount_paise: number | string;
  remarks: string;
  received_at: Date | string;
  received_by: string | null;
  received_by_name: string;
  photo_id: string | null;
  content_type: string | null;
  size_bytes: number | null;
}

interface ReceiptLineRow {
  receipt_id: string;
  item_id: string;
  item_name: string;
  unit: string;
  accepted_hundredths: number | string;
  rejected_hundredths: number | string;
  remarks: string;
}

/** A receipt as the route has checked it: per PO line what was accepted and rejected (hundredths). */
export interface NewReceipt {
  id: string;
  poId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceAmountPaise: number;
  remarks: string;
  by: { id: string | null; name: string };
  photoId: string | null;
  lines: Array<{ lineId: string; accepted: number; rejected: number; remarks: string }>;
  /** When the goods arrived (the receipt's created time). */
  receivedAt: Date;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toReceipt(r: ReceiptRow, lines: ReceiptLineRow[]): PoReceipt {
  return {
    _id: r.id,
    invoice: {
      invoiceNumber: r.invoice_number,
      invoiceDate: r.invoice_date,
      invoiceAmount: fromPaise(Number(r.invoice_amount_paise)),
    },
    createdAt: iso(r.received_at),
    receivedBy: r.received_by_name === null ? null : { _id: r.received_by ?? '', name: r.received_by_name },
    receivedItems: lines.map((l) => {
      const accepted = Number(l.accepted_hundredths);
      const rejected = Number(l.rejected_hundredths);
      return {
        item: { _id: l.item_id, name: l.item_name, unit: l.unit },
        receivedQuantity: fromHundredths(accepted + rejected),
        acceptedQuantity: fromHundredths(accepted),
        rejectedQuantity: fromHundredths(rejected),
        remarks: l.remarks,
      };
    }),
    remarks: r.remarks,
    photo: r.photo_id
      ? { _id: r.photo_id, contentType: r.content_type ?? 'image/jpeg', size: Number(r.size_bytes ?? 0) }
      : null,
  };
}

/** The PO's receipts, oldest first, each with its lines in the order received. */
export async function receiptsOf(schema: string, db: Queryable, poId: string): Promise<PoReceipt[]> {
  const [receipts, received] = await Promise.all([
    db.query<ReceiptRow>(
      `SELECT r.id, r.invoice_number, r.invoice_date::text AS invoice_date, r.invoice_amount_paise, r.remarks, r.received_at, r.received_by,
              r.received_by_name, p.id AS photo_id, p.content_type, p.size_bytes
         FROM ${schema}.receipts r LEFT JOIN ${schema}.photos p ON p.id = r.photo_id AND p.po_id = r.po_id
        WHERE r.po_id = $1 ORDER BY r.received_at, r.id`,
      [poId],
    ),
    db.query<ReceiptLineRow>(
      `SELECT rl.receipt_id, l.item_id, l.item_name, l.unit, rl.accepted_hundredths, rl.rejected_hundredths, rl.remarks
         FROM ${schema}.receipt_lines rl JOIN ${schema}.receipts r ON r.id = rl.receipt_id JOIN ${schema}.po_lines l ON l.id = rl.line_id
        WHERE r.po_id = $1 ORDER BY rl.receipt_id, rl.position`,
      [poId],
    ),
  ]);
  const byReceipt = new Map<string, ReceiptLineRow[]>();
  for (const l of received.rows) byReceipt.set(l.receipt_id, [...(byReceipt.get(l.receipt_id) ?? []), l]);
  return receipts.rows.map((r) => toReceipt(r, byReceipt.get(r.id) ?? []));
}

/** What the receipt with this key recorded, as it was asked (a resend is compared with it); null when there is none. */
export async function recordedReceipt(
  schema: string,
  db: Queryable,
  receiptId: string,
): Promise<RecordedReceipt | null> {
  const res = await db.query<{
    po_id: string;
    invoice_number: string;
    invoice_date: string;
    invoice_amount_paise: number | string;
    remarks: string;
    photo_id: string | null;
    lines: Array<{ item: string; accepted: number | string; rejected: number | string; remarks: string }>;
  }>(
    `SELECT r.po_id, r.invoice_number, r.invoice_date::text AS invoice_date, r.invoice_amount_paise, r.remarks, r.photo_id,
            coalesce((SELECT json_agg(json_build_object('item', l.item_id, 'accepted', rl.accepted_hundredths, 'rejected', rl.rejected_hundredths, 'remarks', rl.remarks) ORDER BY rl.position)
                        FROM ${schema}.receipt_lines rl JOIN ${schema}.po_lines l ON l.id = rl.line_id WHERE rl.receipt_id = r.id), '[]') AS lines
       FROM ${schema}.receipts r WHERE r.id = $1`,
    [receiptId],
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    poId: r.po_id,
    invoiceNumber: r.invoice_number,
    invoiceDate: r.invoice_date,
    invoiceAmountPaise: Number(r.invoice_amount_paise),
    remarks: r.remarks,
    photoId: r.photo_id,
    lines: r.lines.map((l) => ({
      item: l.item,
      received: Number(l.accepted) + Number(l.rejected),
      rejected: Number(l.rejected),
      remarks: l.remarks,
    })),
  };
}

/**
 * Record a receipt in one statement: the receipt, its lines, the accepted quantities onto the
 * PO's lines, the photo attached, and the PO's new status `status` (the caller works it out from
 * the lines it read under the PO's lock); bumps the PO's version. (Five statements before: a
 * receipt's transaction was a dozen round trips.)
 */
export async function insertReceipt(
  schema: string,
  tx: Queryable,
  r: NewReceipt,
  status: PoStatus,
): Promise<void> {
  await tx.query(
    `WITH receipt AS (
       INSERT INTO ${schema}.receipts (id, po_id, invoice_number, invoice_date, invoice_amount_paise, remarks, received_by, received_by_name, photo_id, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)),
     lines AS (
       INSERT INTO ${schema}.receipt_lines (receipt_id, line_id, position, accepted_hundredths, rejected_hundredths, remarks)
       SELECT $1, l.line_id, l.position, l.accepted, l.rejected, l.remarks
         FROM unnest($11::uuid[], $12::int[], $13::bigint[], $14::bigint[], $15::text[]) AS l(line_id, position, accepted, rejected, remarks)),
     received AS (
       UPDATE ${schema}.po_lines l SET received_hundredths = l.received_hundredths + a.accepted
         FROM unnest($11::uuid[], $13::bigint[]) AS a(line_id, accepted) WHERE l.id = a.line_id AND a.accepted > 0),
     photo AS (
       UPDATE ${schema}.photos SET receipt_id = $1 WHERE $9::uuid IS NOT NULL AND id = $9::uuid)
     UPDATE ${schema}.purchase_orders SET status = $16, updated_at = now(), version = version + 1 WHERE id = $2`,
    [
      r.id,
      r.poId,
      r.invoiceNumber,
      r.invoiceDate,
      r.invoiceAmountPaise,
      r.remarks,
      r.by.id,
      r.by.name,
      r.photoId,
      r.receivedAt.toISOString(),
      r.lines.map((l) => l.lineId),
      r.lines.map((_, i) => i + 1),
      r.lines.map((l) => l.accepted),
      r.lines.map((l) => l.rejected),
      r.lines.map((l) => l.remarks),
      status,
    ],
  );
}

/** The receipt queries of the PO service's schema. */
export function receiptsRepository(schema: string) {
  return {
    recordedReceipt: recordedReceipt.bind(null, schema),
    insertReceipt: insertReceipt.bind(null, schema),
  };
}
