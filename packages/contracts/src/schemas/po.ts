/**
 * Purchase orders (SPEC §2 "PO list", "PO details", §3 "Purchase order", §7 /po): the answers of the
 * PO service. A PO is generated per vendor when an indent is approved (erp.indent.approved.v1),
 * never typed; its unit prices are the ones the Admin locked. Money travels as rupees (integer
 * paise inside), quantities as numbers with at most two decimals (integer hundredths inside).
 */
import { Type, type Static } from 'typebox';
import { MAX_RUPEES } from '../money.js';
import { Actor, Paging, Uuid, OneOf, ListPage, RequiredText } from './common.js';
import { DATE_PATTERN } from './projects.js';

export const PO_STATUSES = ['Open', 'Partial', 'Closed'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PoStatusSchema = OneOf(PO_STATUSES);

export const PO_MESSAGES = {
  notFound: 'PO Not Found',
  notFoundDetail: 'The requested purchase order could not be found.',
  /** SPEC §8: the receipt's success toast (then /po/list). */
  receiptCreated: 'Successfully Receipt Create',
  closed: 'This purchase order is closed: no more goods can be received against it',
  nothingReceived: 'Enter a received quantity for at least one item',
  invoiceNumber: 'Invoice number is required',
  invoiceDate: 'Please choose the invoice date',
  invoiceDateFuture: 'The invoice date cannot be in the future',
  invoiceAmount: 'Please enter the invoice amount',
  quantity: 'Received quantity must be more than 0 and at most the pending quantity',
  rejected: 'Rejected quantity cannot be more than the received quantity',
  unknownLine: 'An item of the receipt is not on this purchase order',
  duplicateLine: 'An item appears twice in the receipt',
  photoMissing: 'The invoice photo was not found: take or choose it again',
  photoKind: 'The invoice photo must be a JPEG, PNG or WebP image',
  photoUnreadable: 'The invoice photo could not be read as an image: take or choose it again',
  photoRate: (limit: number) =>
    `You have uploaded ${limit} invoice photos in the last hour that no receipt uses yet. Record the receipt, or try again later.`,
  receiptKeyReused:
    'This receipt was already recorded with other details. Reload the purchase order to see it, then record the new delivery again.',
  receiptOtherPo: 'This receipt was recorded on another purchase order',
  photoTooLarge: 'The invoice photo must be at most 5 MB',
  shortClosed: 'Purchase order short-closed',
  shortCloseReason: 'Please give the reason for closing the purchase order short',
  onlyAdminShortCloses: 'Only an Admin can short-close a purchase order',
  /** A quantity beyond what is pending now (another receipt may just have been recorded). */
  abovePending: (item: string, pending: string) =>
    `Only ${pending} of ${item} is pending on this purchase order now`,
} as const;

/** The invoice photo: JPEG, PNG or WebP (recognised by its bytes), at most 5 MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** Text limits of a receipt. */
export const RECEIPT_TEXT = { invoiceNumber: 60, remarks: 1000, lineRemark: 500, reason: 1000 } as const;
/** Most lines a PO has (an indent's), so a receipt names at most as many. */
export const MAX_RECEIPT_LINES = 500;

/** An ordered line: what was ordered, received so far and still pending, at the locked price. */
export const PoLine = Type.Object({
  _id: Type.String(),
  item: Type.Object({ _id: Type.String(), name: Type.String(), unit: Type.String() }),
  itemId: Type.String(),
  quantity: Type.Number(),
  totalOrdered: Type.Number(),
  totalReceived: Type.Number(),
  /** Cancelled by a short-close: no longer expected (0 otherwise). */
  cancelled: Type.Number(),
  pending: Type.Number(),
  /** Unit price locked on approval (rupees), its GST per unit and their sum. */
  price: Type.Number(),
  gst: Type.Number(),
  unitTotal: Type.Number({ description: 'price + gst' }),
  /** quantity x unit total (the line's grand total, SPEC §9). */
  totalPrice: Type.Number(),
});
export type PoLine = Static<typeof PoLine>;

/**
 * A goods receipt on the PO (SPEC §3 "Receipt": invoice, createdAt, receivedBy, receivedItems,
 * remarks). Each line says what arrived (receivedQuantity), what was accepted and what was rejected
 * on site; only the accepted quantity counts as received on the PO and as BOQ consumption.
 */
export const PoReceipt = Type.Object({
  _id: Type.String(),
  invoice: Type.Object({
    invoiceNumber: Type.String(),
    invoiceDate: Type.String({ description: 'YYYY-MM-DD' }),
    invoiceAmount: Type.Number(),
  }),
  createdAt: Type.String(),
  receivedBy: Actor,
  receivedItems: Type.Array(
    Type.Object({
      item: Type.Object({ _id: Type.String(), name: Type.String(), unit: Type.String() }),
      receivedQuantity: Type.Number(),
      acceptedQuantity: Type.Number(),
      rejectedQuantity: Type.Number(),
      remarks: Type.String(),
    }),
  ),
  remarks: Type.String(),
  /** The invoice photo (GET /po/{poId}/photos/{photoId}), or null when none was taken. */
  photo: Type.Union([
    Type.Object({ _id: Type.String(), contentType: Type.String(), size: Type.Integer() }),
    Type.Null(),
  ]),
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
  /** Set when an Admin closed the PO before everything arrived (the rest cancelled). */
  shortClose: Type.Union([Type.Object({ reason: Type.String(), at: Type.String(), by: Actor }), Type.Null()]),
  version: Type.Integer(),
};

export const PoSummary = Type.Object(PoHead);
export type PoSummary = Static<typeof PoSummary>;

export const PurchaseOrder = Type.Object({
  ...PoHead,
  items: Type.Array(PoLine),
  receipts: Type.Array(PoReceipt),
});
export type PurchaseOrder = Static<typeof PurchaseOrder>;

/**
 * Sort keys of the PO lists (SPEC §2 /po/open: Order Date, Status, Vendor, Project, PO Number); a
 * leading '-' sorts descending. The default is the newest order date first.
 */
export const PO_SORT_KEYS = ['orderDate', 'status', 'vendor', 'project', 'poNumber'] as const;
export type PoSortKey = (typeof PO_SORT_KEYS)[number];
export type PoSort = PoSortKey | `-${PoSortKey}`;

export const PoListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** One status, or 'active' for Open and Partial (the receiving list, /po/open). */
  status: Type.Optional(
    OneOf(['', 'all', 'All', 'active', 'Open', 'Partial', 'Closed', 'open', 'partial', 'closed']),
  ),
  // Written out (not mapped from PO_SORT_KEYS) so the query's type keeps each literal.
  sort: Type.Optional(
    OneOf([
      '',
      'orderDate',
      '-orderDate',
      'status',
      '-status',
      'vendor',
      '-vendor',
      'project',
      '-project',
      'poNumber',
      '-poNumber',
    ]),
  ),
  vendorId: Type.Optional(Type.String({ maxLength: 36 })),
  projectId: Type.Optional(Type.String({ maxLength: 36 })),
  indentId: Type.Optional(Type.String({ maxLength: 36 })),
  /** A BOQ's POs (SPEC §2 "BoQ detail with generated POs", indent/{boqId}/pos). */
  boqId: Type.Optional(Type.String({ maxLength: 36 })),
});
export type PoListQuery = Static<typeof PoListQuery>;

export const PoListResponse = ListPage(PoSummary);
export type PoListResponse = Static<typeof PoListResponse>;

const Hundredths = (errorMessage: string) =>
  Type.Number({ minimum: 0, multipleOf: 0.01, maximum: 10_000_000, errorMessage });

/**
 * POST /poReceipt (SPEC §7: poId, receivedItems[{item, receivedQuantity, remarks}], invoice
 * {invoiceNumber, invoiceDate, invoiceAmount}, remarks), with what the spec's screen leaves out: the
 * real invoice amount, a rejected quantity per line, the uploaded photo's id, and `receiptId`, a
 * key the screen makes once per receipt so that sending it again (a poor connection) records it once.
 */
export const ReceiptBody = Type.Object(
  {
    poId: Type.String({ format: 'uuid', errorMessage: PO_MESSAGES.notFound }),
    receiptId: Type.Optional(Uuid),
    receivedItems: Type.Array(
      Type.Object(
        {
          item: Type.String({ format: 'uuid', errorMessage: PO_MESSAGES.unknownLine }),
          receivedQuantity: Hundredths(PO_MESSAGES.quantity),
          rejectedQuantity: Type.Optional(Hundredths(PO_MESSAGES.rejected)),
          remarks: Type.Optional(Type.String({ maxLength: RECEIPT_TEXT.lineRemark })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_RECEIPT_LINES, errorMessage: PO_MESSAGES.nothingReceived },
    ),
    invoice: Type.Object(
      {
        invoiceNumber: RequiredText(RECEIPT_TEXT.invoiceNumber, PO_MESSAGES.invoiceNumber),
        invoiceDate: Type.String({ pattern: DATE_PATTERN, errorMessage: PO_MESSAGES.invoiceDate }),
        invoiceAmount: Type.Number({
          minimum: 0,
          maximum: MAX_RUPEES,
          multipleOf: 0.01,
          errorMessage: PO_MESSAGES.invoiceAmount,
        }),
      },
      { additionalProperties: false },
    ),
    remarks: Type.Optional(Type.String({ maxLength: RECEIPT_TEXT.remarks })),
    photoId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type ReceiptBody = Static<typeof ReceiptBody>;

export const PoResponse = Type.Object({ message: Type.String(), po: PurchaseOrder });
export type PoResponse = Static<typeof PoResponse>;

/** POST /po/{id}/photos answers the stored photo's id; the receipt names it. */
export const PhotoResponse = Type.Object({
  _id: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});
export type PhotoResponse = Static<typeof PhotoResponse>;

/** POST /po/{id}/short-close: the Admin's reason, and the version the PO was read at (stale → 409). */
export const ShortCloseBody = Type.Object(
  {
    reason: RequiredText(RECEIPT_TEXT.reason, PO_MESSAGES.shortCloseReason),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ShortCloseBody = Static<typeof ShortCloseBody>;
