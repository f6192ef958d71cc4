import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';

/**
 * Goods were received against a purchase order (SPEC §2 "Receipts"): the PO service produces it when
 * a goods receipt is recorded. The projects service adds the quantities to the consumption of the
 * BOQ the PO was raised from; `receiptId` makes a receipt count once, however often it arrives.
 * Quantities are numbers with at most two decimals, in the line's unit.
 */
export const ReceiptRecordedData = Type.Object({
  receiptId: Type.String({ description: 'Key of the goods receipt (uuid)' }),
  poId: Type.String(),
  poNumber: Type.String(),
  projectId: Type.String(),
  /** The BOQ revision the indent drew on (uuid); null for a PO raised without a BOQ. */
  boqId: Type.Union([Type.String(), Type.Null()]),
  indentId: Type.Union([Type.String(), Type.Null()]),
  invoiceNumber: Type.String(),
  receivedAt: Type.String({ description: 'ISO time' }),
  receivedBy: Type.Object({ _id: Type.String(), name: Type.String() }),
  lines: Type.Array(
    Type.Object({ itemId: Type.String(), quantity: Type.Number({ minimum: 0 }), unit: Type.String() }),
    { minItems: 1 },
  ),
  /**
   * For the vendor's ledger (issue 13): the vendor, the invoice's amount, and what the accepted
   * quantities cost at the PO's locked prices with GST and the receipt's share of the fleet cost
   * (rupees). Optional: receipts announced before they were added carry none.
   */
  vendorId: Type.Optional(Type.String()),
  vendorName: Type.Optional(Type.String()),
  invoiceAmount: Type.Optional(Type.Number()),
  expectedAmount: Type.Optional(Type.Number()),
});
export type ReceiptRecordedData = Static<typeof ReceiptRecordedData>;
export const ReceiptRecorded = defineEvent('erp.po.receipt_recorded.v1', ReceiptRecordedData);

/**
 * A purchase order was generated from an approved indent (one per indent and vendor). The indent
 * service lists it on the indent; the vendors service adds it to the vendor's ledger ("PO Add").
 * Amounts in rupees: `amount` = the lines' grand totals + fleet cost + fleet GST.
 */
export const PoCreatedData = Type.Object({
  poId: Type.String({ description: 'Key (uuid)' }),
  poNumber: Type.String({ description: 'PO-000001' }),
  indentId: Type.String(),
  indentNumber: Type.String(),
  projectId: Type.String(),
  boqId: Type.String(),
  vendorId: Type.String(),
  vendorName: Type.String(),
  status: Type.String({ description: 'Open' }),
  orderDate: Type.String({ description: 'ISO time' }),
  itemCount: Type.Integer(),
  amount: Type.Number(),
  fleet: Type.Object({ amount: Type.Number(), gst: Type.Number() }),
  lines: Type.Array(
    Type.Object({
      itemId: Type.String(),
      itemName: Type.String(),
      unit: Type.String(),
      quantity: Type.Number(),
      price: Type.Number(),
      gst: Type.Number(),
    }),
  ),
  approvedBy: Type.Object({ _id: Type.String(), name: Type.String() }),
});
export type PoCreatedData = Static<typeof PoCreatedData>;
export const PoCreated = defineEvent('erp.po.created.v1', PoCreatedData);

/**
 * A purchase order's status changed (a goods receipt moved it to Partial or Closed, or an Admin
 * short-closed it). `version` is the PO's own and grows with every change: a consumer keeps the
 * highest it has seen, whatever order the events arrive in. The indent service shows it on the
 * indent's 'Purchase Orders Generated' (Receive or History).
 */
export const PoStatusChangedData = Type.Object({
  poId: Type.String({ description: 'Key (uuid)' }),
  poNumber: Type.String(),
  indentId: Type.String(),
  status: Type.Union([Type.Literal('Open'), Type.Literal('Partial'), Type.Literal('Closed')]),
  version: Type.Integer({ minimum: 1 }),
});
export type PoStatusChangedData = Static<typeof PoStatusChangedData>;
export const PoStatusChanged = defineEvent('erp.po.status_changed.v1', PoStatusChangedData);
