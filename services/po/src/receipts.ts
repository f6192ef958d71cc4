/**
 * Recording a goods receipt (POST /poReceipt), as one function of the route's transaction: the PO's
 * row lock, the pending check, the receipt and its lines, the new status and the events.
 */
import {
  expectedReceiptAmount,
  fromHundredths,
  fromPaise,
  PO_MESSAGES,
  PoStatusChanged,
  ReceiptRecorded,
  type PoStatus,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  event,
  notFound,
  type PendingEvent,
  type Queryable,
  type ServiceContext,
} from '@erp/service-kit';
import { pendingOf, statusOf, type PurchaseOrdersRepository } from './repositories/purchase-orders.js';

/** One line as asked: the PO line's item, hundredths received and rejected on site, its remark. */
export interface AskedLine {
  item: string;
  received: number;
  rejected: number;
  remarks: string;
}

export interface ReceiptInput {
  receiptId: string;
  poId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceAmountPaise: number;
  remarks: string;
  photoId: string | null;
  /** Lines with something received (at least one). */
  lines: AskedLine[];
  by: { id: string | null; name: string };
  /** When it was received (now for a member's receipt). */
  receivedAt: Date;
  requestId: string;
  /** The caller may record on this PO's project (another project's PO is answered as not found). */
  mayAccess(projectId: string): boolean;
  /** The caller may see Closed POs (PO List read); one who may not is answered 404 for one (absent: may). */
  maySeeClosed?: boolean;
}

/** A recorded receipt as it was asked (lines: received = accepted + rejected): what a resend with the same key must repeat. */
export type RecordedReceipt = Pick<
  ReceiptInput,
  'poId' | 'invoiceNumber' | 'invoiceDate' | 'invoiceAmountPaise' | 'remarks' | 'photoId' | 'lines'
>;

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
 * Records the receipt in `tx` unless a receipt with its id exists (a resend: nothing changes).
 * Returns whether it was created now. Throws the HTTP errors a caller shows as they are.
 */
export async function recordReceipt(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emitAll'>,
  pos: PurchaseOrdersRepository,
  r: ReceiptInput,
): Promise<{ created: boolean; status: PoStatus }> {
  const locked = await pos.lock(tx, r.poId);
  if (!locked || !r.mayAccess(locked.po.project_id)) throw notFound(PO_MESSAGES.notFound);
  // Sent again (the answer was lost on a poor connection): recorded once, answered again. The same
  // key with other content is another receipt under a used key: refused, never dropped (decision 0035).
  const before = await pos.recordedReceipt(tx, r.receiptId);
  if (before !== null) {
    if (before.poId !== r.poId) throw conflict(PO_MESSAGES.receiptOtherPo);
    if (!sameReceipt(before, r)) throw conflict(PO_MESSAGES.receiptKeyReused);
    return { created: false, status: locked.po.status };
  }
  if (locked.po.status === 'Closed')
    throw r.maySeeClosed === false ? notFound(PO_MESSAGES.notFound) : conflict(PO_MESSAGES.closed);
  const lines = r.lines.map((l) => {
    const line = locked.lines.find((x) => x.item_id === l.item);
    if (!line) throw badRequest(PO_MESSAGES.unknownLine);
    const pending = pendingOf(line);
    // Checked under the PO's lock: of two receipts at once, the second sees the first's quantities.
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
  if (r.photoId) {
    const photo = await pos.photoOwner(tx, r.poId, r.photoId);
    if (!photo) throw badRequest(PO_MESSAGES.photoMissing);
    if (photo.receiptId) throw conflict('This photo belongs to another receipt');
  }
  // The status the PO moves to, from its lines as locked with this receipt's accepted quantities added.
  const status = statusOf(
    locked.lines.map((line) => {
      const accepted = lines.find((l) => l.lineId === line.id)?.accepted ?? 0;
      return accepted > 0
        ? { ...line, received_hundredths: Number(line.received_hundredths) + accepted }
        : line;
    }),
  );
  await pos.insertReceipt(
    tx,
    {
      id: r.receiptId,
      poId: r.poId,
      invoiceNumber: r.invoiceNumber,
      invoiceDate: r.invoiceDate,
      invoiceAmountPaise: r.invoiceAmountPaise,
      remarks: r.remarks,
      by: r.by,
      photoId: r.photoId,
      lines,
      receivedAt: r.receivedAt,
    },
    status,
  );
  const meta = { requestId: r.requestId, actorId: r.by.id };
  const events: PendingEvent[] = [];
  if (status !== locked.po.status) {
    // insertReceipt moved the version on by one.
    events.push(
      event(PoStatusChanged, {
        poId: r.poId,
        poNumber: locked.po.po_number,
        indentId: locked.po.indent_id,
        status,
        version: locked.po.version + 1,
      }),
    );
  }
  const consumed = lines.filter((l) => l.accepted > 0);
  // Only what was accepted is received, and only that is BOQ consumption (projects service).
  if (consumed.length > 0) {
    // For the vendor's ledger: what the accepted goods cost at the PO's locked prices with GST and
    // this receipt's share of the fleet; the vendors service opens an overbilling case when the
    // invoice is for more (amount = lines total + fleet + fleet GST, a CHECK of the PO table).
    const po = locked.po;
    const expected = expectedReceiptAmount(consumed, {
      linesTotalPaise: Number(po.amount_paise) - Number(po.fleet_paise) - Number(po.fleet_gst_paise),
      fleetPaise: Number(po.fleet_paise),
      fleetGstPaise: Number(po.fleet_gst_paise),
    });
    events.push(
      event(ReceiptRecorded, {
        receiptId: r.receiptId,
        poId: r.poId,
        poNumber: locked.po.po_number,
        projectId: locked.po.project_id,
        boqId: locked.po.boq_id,
        indentId: locked.po.indent_id,
        invoiceNumber: r.invoiceNumber,
        receivedAt: r.receivedAt.toISOString(),
        receivedBy: { _id: r.by.id ?? '00000000-0000-0000-0000-000000000000', name: r.by.name },
        lines: consumed.map((l) => ({
          itemId: l.itemId,
          quantity: fromHundredths(l.accepted),
          unit: l.unit,
        })),
        vendorId: po.vendor_id,
        vendorName: po.vendor_name,
        invoiceAmount: fromPaise(r.invoiceAmountPaise),
        expectedAmount: fromPaise(expected.totalPaise),
      }),
    );
  }
  // The events and the audit row in one statement.
  await ctx.emitAll(tx, events, {
    meta,
    audit: {
      actorId: r.by.id,
      action: 'receipt_recorded',
      entity: 'po',
      entityId: r.poId,
      requestId: r.requestId,
      details: { receiptId: r.receiptId, invoiceNumber: r.invoiceNumber, status, lines: lines.length },
    },
  });
  return { created: true, status };
}
