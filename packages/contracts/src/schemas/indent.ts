/**
 * Indents (SPEC §2 "Indent list" … "Approval review", §3 "Indent / BoQ", §4, §5, §7 /indent): the
 * bodies and answers of the indent service. An indent draws on one confirmed BOQ revision of its
 * project; it moves draft → compare → approval → approved (a send-back returns it to draft).
 * Quantities travel as numbers with at most two decimals (integer hundredths inside), prices as
 * rupees (integer paise inside); money.ts converts, po-preview.ts adds up.
 */
import { Type, type Static } from 'typebox';
import { amountTooLarge, MAX_RUPEES } from '../money.js';
import { Actor, Paging, Uuid, OneOf, ListPage, RequiredText } from './common.js';
import { DATE_PATTERN } from './projects.js';
import {
  INDENT_MESSAGES,
  INDENT_QTY_TOO_LARGE,
  INDENT_STATUSES,
  INDENT_TEXT,
  MAX_INDENT_LINES,
  MAX_INDENT_QTY,
} from '../indent-text.js';

// The words and limits live in a module without schemas: screens that only show them load no TypeBox (decision 0042).
export {
  INDENT_MESSAGES,
  INDENT_QTY_TOO_LARGE,
  INDENT_STATUS_LABELS,
  INDENT_STATUSES,
  INDENT_TEXT,
  MAX_INDENT_LINES,
  MAX_INDENT_QTY,
  overBoqText,
  TOO_MANY_INDENT_LINES,
  type IndentStatus,
} from '../indent-text.js';
export const IndentStatusSchema = OneOf(INDENT_STATUSES);

export const IndentProjectRef = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  projectCode: Type.String(),
});
/** The BOQ revision an indent draws on: `boqId` is its number (BOQ-0001). */
export const IndentBoqRef = Type.Object({ _id: Type.String(), boqId: Type.String(), name: Type.String() });

/** A vendor's price for a line's item, as the compare and approval screens offer it (SPEC §3 "Vendor option"). */
export const VendorOption = Type.Object({
  vendorId: Type.String(),
  vendor: Type.String({ description: 'The same id (the spec reads either)' }),
  vendorName: Type.String(),
  price: Type.Number({ description: 'Rupees per unit' }),
  gst: Type.Number({ description: 'GST amount per unit, rupees' }),
  totalPrice: Type.Number({ description: 'price + gst per unit' }),
  isLowest: Type.Boolean(),
  status: Type.Literal('active'),
});
export type VendorOption = Static<typeof VendorOption>;

/** A line of an indent. */
export const IndentLine = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  itemName: Type.String(),
  unit: Type.String(),
  quantity: Type.Number(),
  remark: Type.String(),
  /** The BOQ line of the item (planned and balance = planned − consumed), null when the BOQ has no line for it. */
  boq: Type.Union([Type.Object({ plannedQty: Type.Number(), balanceQuantity: Type.Number() }), Type.Null()]),
  /** How far the quantity is beyond the BOQ balance (0 when within it, the whole quantity without a BOQ line). */
  overBoq: Type.Number(),
  /** The purchaser's (then the approver's) vendor: its id, or null. */
  selectedVendor: Type.Union([Type.String(), Type.Null()]),
  vendorName: Type.Union([Type.String(), Type.Null()]),
  reasonForSelection: Type.String(),
  /** The approver's own reason, when they chose a non-lowest vendor other than the purchaser's. */
  approverReason: Type.String(),
  /** Unit price and GST locked on approval (rupees), null before. */
  price: Type.Union([Type.Number(), Type.Null()]),
  gst: Type.Union([Type.Number(), Type.Null()]),
  /** The vendor options in force (compare and approval answers only; empty elsewhere). */
  vendors: Type.Array(VendorOption),
});
export type IndentLine = Static<typeof IndentLine>;

/** A purchase order generated from the indent (SPEC §3 "Pos entries"). */
export const IndentPo = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  poNumber: Type.String(),
  vendor: Type.String({ description: 'Vendor name' }),
  vendorId: Type.String(),
  items: Type.Integer({ description: 'Line count' }),
  amount: Type.Number(),
  status: Type.String({ description: 'Open, Partial or Closed' }),
  orderDate: Type.String(),
});
export type IndentPo = Static<typeof IndentPo>;

/** One transition: who, when, from, to, comment. */
export const IndentHistoryEntry = Type.Object({
  at: Type.String(),
  by: Type.Object({ _id: Type.String(), name: Type.String() }),
  from: Type.Union([IndentStatusSchema, Type.Null()]),
  to: IndentStatusSchema,
  comment: Type.String(),
});
export type IndentHistoryEntry = Static<typeof IndentHistoryEntry>;

/** A vendor's fleet (transport) cost on the indent's POs: rupees, GST in rupees; free means none. */
export const FleetCost = Type.Object({
  vendorId: Type.String(),
  vendorName: Type.String(),
  amount: Type.Number(),
  gst: Type.Number(),
  free: Type.Boolean(),
});
export type FleetCost = Static<typeof FleetCost>;

const IndentHead = {
  _id: Type.String(),
  /** IND-000001 */
  indentId: Type.String(),
  title: Type.String(),
  /** The title again (the spec reads either). */
  name: Type.String(),
  status: IndentStatusSchema,
  projectId: IndentProjectRef,
  boqId: IndentBoqRef,
  location: Type.String(),
  /** YYYY-MM-DD or null. */
  neededBy: Type.Union([Type.String(), Type.Null()]),
  notes: Type.String(),
  createdBy: Actor,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  submittedBy: Actor,
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  /** The Admin's Overall Comment of the last send-back, shown on the draft until it is sent again. */
  reworkComment: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
};

/**
 * The quantity of an indent's lines in one unit (decision 0037: quantities in different units are
 * never added together), units in the order they first appear on the indent.
 */
export const IndentUnitTotal = Type.Object({ unit: Type.String(), quantity: Type.Number() });
export type IndentUnitTotal = Static<typeof IndentUnitTotal>;

/** A list row (SPEC §3: items as an object with totalQuantity and totalAmount). */
export const IndentSummary = Type.Object({
  ...IndentHead,
  items: Type.Object({
    count: Type.Integer(),
    /** The spec's field: every line's quantity added up whatever its unit. Kept for old readers; screens show `byUnit`. */
    totalQuantity: Type.Number(),
    totalAmount: Type.Number(),
    byUnit: Type.Array(IndentUnitTotal),
  }),
  /** Lines whose quantity is beyond their BOQ balance. */
  overBoqLines: Type.Integer(),
  poCount: Type.Integer(),
});
export type IndentSummary = Static<typeof IndentSummary>;

export const Indent = Type.Object({
  ...IndentHead,
  items: Type.Array(IndentLine),
  itemCount: Type.Integer(),
  /** Every line's quantity added up whatever its unit (kept for old readers; screens show `quantityByUnit`). */
  totalQuantity: Type.Number(),
  quantityByUnit: Type.Array(IndentUnitTotal),
  pos: Type.Array(IndentPo),
  history: Type.Array(IndentHistoryEntry),
  fleet: Type.Array(FleetCost),
});
export type Indent = Static<typeof Indent>;

/** The compare and approval screens' answer: the indent with each line's vendor options and the prices' fingerprint. */
export const IndentCompare = Type.Object({
  ...Indent.properties,
  /** Names the vendor prices the options were built from; sent back with a save (stale → 409). */
  pricesVersion: Type.String(),
});
export type IndentCompare = Static<typeof IndentCompare>;

export const INDENT_SORTS = ['', 'updatedAt', 'createdAt'] as const;
export const IndentListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('all'), IndentStatusSchema])),
  projectId: Type.Optional(Type.String({ maxLength: 36 })),
  sort: Type.Optional(OneOf(['', 'all', 'updatedAt', 'createdAt'])),
});
export type IndentListQuery = Static<typeof IndentListQuery>;

export const IndentListResponse = ListPage(IndentSummary);
export type IndentListResponse = Static<typeof IndentListResponse>;

const Quantity = (errorMessage: string) =>
  Type.Number({
    exclusiveMinimum: 0,
    multipleOf: 0.01,
    errorMessage,
    allOf: [{ maximum: MAX_INDENT_QTY, errorMessage: INDENT_QTY_TOO_LARGE }],
  });

export const IndentLineInput = Type.Object(
  {
    item: Type.String({ format: 'uuid', errorMessage: INDENT_MESSAGES.unknownItem }),
    quantity: Quantity('Please enter a valid quantity for every item'),
    remarks: Type.Optional(Type.String({ maxLength: INDENT_TEXT.remark })),
  },
  { additionalProperties: false },
);
export type IndentLineInput = Static<typeof IndentLineInput>;

const IndentFields = {
  title: RequiredText(INDENT_TEXT.title, INDENT_MESSAGES.title),
  projectId: Type.String({ format: 'uuid', errorMessage: INDENT_MESSAGES.project }),
  boqId: Type.String({ format: 'uuid', errorMessage: INDENT_MESSAGES.boq }),
  location: Type.Optional(Type.String({ maxLength: INDENT_TEXT.location })),
  neededBy: Type.Optional(
    Type.Union([
      Type.String({ pattern: `^$|${DATE_PATTERN}`, errorMessage: INDENT_MESSAGES.neededBy }),
      Type.Null(),
    ]),
  ),
  notes: Type.Optional(Type.String({ maxLength: INDENT_TEXT.notes })),
  items: Type.Array(IndentLineInput, {
    minItems: 1,
    maxItems: MAX_INDENT_LINES,
    errorMessage: INDENT_MESSAGES.items,
  }),
  /** 'draft' saves (Save Draft); 'compare' sends for comparison (the spec's create sends it). */
  status: OneOf(['draft', 'compare']),
};
export const CreateIndentBody = Type.Object(IndentFields, { additionalProperties: false });
export type CreateIndentBody = Static<typeof CreateIndentBody>;
/** PUT /indent/{id}: a draft's whole form again, with the version it was read at (stale → 409). */
export const UpdateIndentBody = Type.Object(
  { ...IndentFields, version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type UpdateIndentBody = Static<typeof UpdateIndentBody>;

export const IndentResponse = Type.Object({ message: Type.String(), indent: Indent });
export type IndentResponse = Static<typeof IndentResponse>;

const Reason = Type.String({ maxLength: INDENT_TEXT.reason });

/** POST /indent/compare/{id} (SPEC §7): the purchaser's choices; 'approval' sends them on. */
export const CompareBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { itemId: Uuid, selectedVendor: Uuid, reasonForSelection: Type.Optional(Reason) },
        { additionalProperties: false },
      ),
      { maxItems: MAX_INDENT_LINES },
    ),
    status: OneOf(['compare', 'approval']),
    pricesVersion: Type.Optional(Type.String({ maxLength: 100 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type CompareBody = Static<typeof CompareBody>;

/** POST /indent/approval/{id} (SPEC §7): the approver's vendor and the unit price they lock per item. */
export const ApprovalBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          itemId: Uuid,
          selectedVendor: Uuid,
          price: Type.Number({
            minimum: 0,
            maximum: MAX_RUPEES,
            multipleOf: 0.01,
            errorMessage: amountTooLarge('Price'),
          }),
          reasonForSelection: Type.Optional(Reason),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_INDENT_LINES },
    ),
    status: Type.Literal('approved'),
    pricesVersion: Type.Optional(Type.String({ maxLength: 100 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ApprovalBody = Static<typeof ApprovalBody>;

/** POST /indent/rework/{id}: the Admin sends the indent back to its creator as a draft. */
export const ReworkBody = Type.Object(
  {
    comment: RequiredText(INDENT_TEXT.comment, INDENT_MESSAGES.commentRequired),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ReworkBody = Static<typeof ReworkBody>;

/** PUT /indent/fleet/{id}: one vendor's fleet cost on this indent (saved on the server; SPEC §9 kept it local). */
export const FleetBody = Type.Object(
  {
    vendorId: Uuid,
    amount: Type.Number({
      minimum: 0,
      multipleOf: 0.01,
      errorMessage: 'Fleet amount must be 0 or more',
      allOf: [{ maximum: MAX_RUPEES, errorMessage: amountTooLarge('Fleet amount') }],
    }),
    gst: Type.Number({
      minimum: 0,
      multipleOf: 0.01,
      errorMessage: 'Fleet GST must be 0 or more',
      allOf: [{ maximum: MAX_RUPEES, errorMessage: amountTooLarge('Fleet GST') }],
    }),
    free: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FleetBody = Static<typeof FleetBody>;
export const FleetResponse = Type.Object({ message: Type.String(), fleet: Type.Array(FleetCost) });
export type FleetResponse = Static<typeof FleetResponse>;

export const IndentCompareResponse = Type.Object({ message: Type.String(), indent: IndentCompare });
export type IndentCompareResponse = Static<typeof IndentCompareResponse>;
