/**
 * A goods receipt's rules (SPEC §2 "PO details", POST /poReceipt): what a member may ask (an invoice
 * dated no later than today, each PO line once, no more rejected than received, something received),
 * what the PO accepts of it (no more than is pending on each line), whether a resend under a used key
 * is the receipt recorded under it, and what the vendor's ledger expects the invoice to be.
 */
import { expectedReceiptAmount, fromHundredths, PO_MESSAGES, toHundredths } from '@erp/contracts';
import { badRequest, conflict } from '@erp/service-kit';
import { pendingOf, type LineQuantities } from './purchase-order.js';

/** One line as asked: the PO line's item, hundredths received and rejected on site, its remark. */
export interface AskedLine {
  item: string;
  received: number;
  rejected: number;
  remarks: string;
}

/** A recorded receipt as it was asked (lines: received = accepted + rejected): what a resend with the same key must repeat. */
export interface RecordedReceipt {
  poId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceAmountPaise: number;
  remarks: string;
  photoId: string | null;
  lines: AskedLine[];
}

/** A PO line as a receipt is checked against it (as locked). */
export interface ReceivingLine extends LineQuantities {
  id: string;
  item_id: string;
  item_name: string;
  unit: string;
  unit_total_paise: number | string;
}

/** What the receipt records of one PO line (hundredths). */
export interface AcceptedLine {
  lineId: string;
  itemId: string;
  unit: string;
  unitTotalPaise: number;
  accepted: number;
  rejected: number;
  remarks: string;
}

/** Today in India (YYYY-MM-DD) at `now`: an invoice dated later is refused. */
export function todayInIndia(now = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

/** The invoice's date checked: a real calendar date (YYYY-MM-DD), not after `today`. Throws 400 otherwise. */
export function checkInvoiceDate(invoiceDate: string, today: string): void {
  if (
    Number.isNaN(Date.parse(`${invoiceDate}T00:00:00Z`)) ||
    new Date(`${invoiceDate}T00:00:00Z`).toISOString().slice(0, 10) !== invoiceDate
  )
    throw badRequest(PO_MESSAGES.invoiceDate);
  if (invoiceDate > today) throw badRequest(PO_MESSAGES.invoiceDateFuture);
}

/**
 * The lines as asked (quantities in the unit, as sent) turned into hundredths, each PO line once and
 * no more rejected than received; returns those with something received (throws 400 when none is).
 */
export function askedLines(
  items: ReadonlyArray<{
    item: string;
    receivedQuantity: number;
    rejectedQuantity?: number;
    remarks?: string;
  }>,
): AskedLine[] {
  const seen = new Set<string>();
  const asked = items.map((l) => {
    const item = l.item.toLowerCase();
    if (seen.has(item)) throw badRequest(PO_MESSAGES.duplicateLine);
    seen.add(item);
    const received = toHundredths(l.receivedQuantity);
    const rejected = toHundredths(l.rejectedQuantity ?? 0);
    if (rejected > received) throw badRequest(PO_MESSAGES.rejected);
    return { item, received, rejected, remarks: (l.remarks ?? '').trim() };
  });
  const counted = asked.filter((l) => l.received > 0);
  if (counted.length === 0) throw badRequest(PO_MESSAGES.nothingReceived);
  return counted;
}

/**
 * Whether a receipt sent with a used key is the one recorded under it: the same PO, invoice (number,
 * date, amount), remarks, photo and lines (item, received, rejected, remark; in any order). Who sent
 * it and when are not compared: a resend comes later, perhaps after the member signed in again.
 */
export function sameReceipt(recorded: RecordedReceipt, asked: RecordedReceipt): boolean {
  if (
    recorded.poId !== asked.poId ||
    recorded.invoiceNumber !== asked.invoiceNumber ||
    recorded.invoiceDate !== asked.invoiceDate ||
    recorded.invoiceAmountPaise !== asked.invoiceAmountPaise ||
    recorded.remarks !== asked.remarks ||
    (recorded.photoId ?? null) !== (asked.photoId ?? null) ||
    recorded.lines.length !== asked.lines.length
  )
    return false;
  const key = (l: AskedLine) => JSON.stringify([l.item.toLowerCase(), l.received, l.rejected, l.remarks]);
  const had = new Set(recorded.lines.map(key));
  return asked.lines.every((l) => had.has(key(l)));
}

/**
 * A receipt sent again under a key already recorded (the answer was lost on a poor connection) is
 * answered again; the same key with other content is another receipt under a used key: refused,
 * never dropped (decision 0035). Throws 409 for those.
 */
export function checkResend(recorded: RecordedReceipt, asked: RecordedReceipt): void {
  if (recorded.poId !== asked.poId) throw conflict(PO_MESSAGES.receiptOtherPo);
  if (!sameReceipt(recorded, asked)) throw conflict(PO_MESSAGES.receiptKeyReused);
}

/**
 * Each asked line against the PO's line of its item (as locked): unknown items are 400, more
 * received than pending is 409. Checked under the PO's lock: of two receipts at once, the second
 * sees the first's quantities.
 */
export function acceptLines(
  lines: ReadonlyArray<ReceivingLine>,
  asked: ReadonlyArray<AskedLine>,
): AcceptedLine[] {
  return asked.map((l) => {
    const line = lines.find((x) => x.item_id === l.item);
    if (!line) throw badRequest(PO_MESSAGES.unknownLine);
    const pending = pendingOf(line);
    if (l.received > pending)
      throw conflict(
        PO_MESSAGES.abovePending(
          line.item_name,
          `${fromHundredths(pending).toLocaleString('en-IN')} ${line.unit}`,
        ),
      );
    return {
      lineId: line.id,
      itemId: line.item_id,
      unit: line.unit,
      unitTotalPaise: Number(line.unit_total_paise),
      accepted: l.received - l.rejected,
      rejected: l.rejected,
      remarks: l.remarks,
    };
  });
}

/**
 * For the vendor's ledger: what the accepted goods cost at the PO's locked prices with GST and this
 * receipt's share of the fleet; the vendors service opens an overbilling case when the invoice is for
 * more (amount = lines total + fleet + fleet GST, a CHECK of the PO table). Paise.
 */
export function expectedInvoicePaise(
  consumed: ReadonlyArray<AcceptedLine>,
  po: { amountPaise: number; fleetPaise: number; fleetGstPaise: number },
): number {
  return expectedReceiptAmount(consumed, {
    linesTotalPaise: po.amountPaise - po.fleetPaise - po.fleetGstPaise,
    fleetPaise: po.fleetPaise,
    fleetGstPaise: po.fleetGstPaise,
  }).totalPaise;
}
