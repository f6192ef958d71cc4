/**
 * erp.po.receipt_recorded.v1: goods accepted on a PO. Only what was accepted is received, and only
 * that is BOQ consumption (projects service); the vendors service compares the invoice with what the
 * accepted goods cost (an overbilling case when it is for more).
 */
import { fromHundredths, fromPaise, ReceiptRecorded } from '@erp/contracts';
import { event, type PendingEvent } from '@erp/service-kit';
import { expectedInvoicePaise, type AcceptedLine } from '../domain/receipt.js';
import type { PoRow } from '../repositories/purchase-orders.js';

/** The receipt as announced (its key, invoice, who received it and when). */
export interface AnnouncedReceipt {
  receiptId: string;
  poId: string;
  invoiceNumber: string;
  invoiceAmountPaise: number;
  receivedAt: Date;
  by: { id: string | null; name: string };
}

/** The event of a receipt on `po` (as locked) that accepted `consumed` (lines with something accepted). */
export function receiptRecorded(
  po: PoRow,
  r: AnnouncedReceipt,
  consumed: ReadonlyArray<AcceptedLine>,
): PendingEvent {
  const expected = expectedInvoicePaise(consumed, {
    amountPaise: Number(po.amount_paise),
    fleetPaise: Number(po.fleet_paise),
    fleetGstPaise: Number(po.fleet_gst_paise),
  });
  return event(ReceiptRecorded, {
    receiptId: r.receiptId,
    poId: r.poId,
    poNumber: po.po_number,
    projectId: po.project_id,
    boqId: po.boq_id,
    indentId: po.indent_id,
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
    expectedAmount: fromPaise(expected),
  });
}
