/**
 * Purchase orders (SPEC §2 "PO list", "PO details", §3 "Purchase order", §7 /po): the answers of the
 * PO service. A PO is generated per vendor when an indent is approved (erp.indent.approved.v1),
 * never typed; its unit prices are the ones the Admin locked. Money travels as rupees (integer
 * paise inside), quantities as numbers with at most two decimals (integer hundredths inside).
 */
import { Type, type Static } from 'typebox';
import { Actor, Paging, TotalCapped } from './common.js';

export const PO_STATUSES = ['Open', 'Partial', 'Closed'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PoStatusSchema = Type.Union([Type.Literal('Open'), Type.Literal('Partial'), Type.Literal('Closed')]);

export const PO_MESSAGES = {
  notFound: 'PO Not Found',
  notFoundDetail: 'The requested purchase order could not be found.',
} as const;

/** An ordered line: what was ordered, received so far and still pending, at the locked price. */
export const PoLine = Type.Object({
  _id: Type.String(),
  item: Type.Object({ _id: Type.String(), name: Type.String(), unit: Type.String() }),
  itemId: Type.String(),
  quantity: Type.Number(),
  totalOrdered: Type.Number(),
  totalReceived: Type.Number(),
  pending: Type.Number(),
  /** Unit price locked on approval (rupees), its GST per unit and their sum. */
  price: Type.Number(),
  gst: Type.Number(),
  unitTotal: Type.Number({ description: 'price + gst' }),
  /** quantity x unit total (the line's grand total, SPEC §9). */
  totalPrice: Type.Number(),
});
export type PoLine = Static<typeof PoLine>;

/** A goods receipt on the PO (filled by the receipt part of the PO service). */
export const PoReceipt = Type.Object({
  _id: Type.String(),
  invoiceNumber: Type.String(),
  invoiceDate: Type.String(),
  receivedAt: Type.String(),
  receivedBy: Actor,
  remarks: Type.String(),
  items: Type.Array(Type.Object({ itemId: Type.String(), name: Type.String(), unit: Type.String(), receivedQuantity: Type.Number(), remarks: Type.String() })),
  hasImage: Type.Boolean(),
});
export type PoReceipt = Static<typeof PoReceipt>;

const PoHead = {
  _id: Type.String(),
  /** PO-000001 */
  poNumber: Type.String(),
  status: PoStatusSchema,
  /** Lines' grand totals + fleet cost + fleet GST (rupees). */
  amount: Type.Number(),
  orderDate: Type.String(),
  createdBy: Actor,
  approvedBy: Actor,
  updatedAt: Type.String(),
  vendor: Type.Object({ _id: Type.String(), name: Type.String() }),
  projectId: Type.Object({ _id: Type.String(), name: Type.String(), projectCode: Type.String() }),
  boqId: Type.Object({ _id: Type.String(), boqId: Type.String(), name: Type.String() }),
  indentId: Type.Object({ _id: Type.String(), indentId: Type.String(), title: Type.String() }),
  fleet: Type.Object({ amount: Type.Number(), gst: Type.Number() }),
  itemCount: Type.Integer(),
};

export const PoSummary = Type.Object(PoHead);
export type PoSummary = Static<typeof PoSummary>;

export const PurchaseOrder = Type.Object({ ...PoHead, items: Type.Array(PoLine), receipts: Type.Array(PoReceipt) });
export type PurchaseOrder = Static<typeof PurchaseOrder>;

export const PoListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('all'), Type.Literal('All'), ...PO_STATUSES.map((s) => Type.Literal(s)), ...PO_STATUSES.map((s) => Type.Literal(s.toLowerCase()))])),
  vendorId: Type.Optional(Type.String({ maxLength: 36 })),
  projectId: Type.Optional(Type.String({ maxLength: 36 })),
  indentId: Type.Optional(Type.String({ maxLength: 36 })),
});
export type PoListQuery = Static<typeof PoListQuery>;

export const PoListResponse = Type.Object({ result: Type.Array(PoSummary), totalItems: Type.Integer(), totalCapped: TotalCapped });
export type PoListResponse = Static<typeof PoListResponse>;
