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
  lines: Type.Array(Type.Object({ itemId: Type.String(), quantity: Type.Number({ minimum: 0 }), unit: Type.String() }), { minItems: 1 }),
});
export type ReceiptRecordedData = Static<typeof ReceiptRecordedData>;
export const ReceiptRecorded = defineEvent('erp.po.receipt_recorded.v1', ReceiptRecordedData);
