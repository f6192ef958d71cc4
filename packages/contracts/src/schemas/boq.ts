/**
 * Bills of quantities (SPEC §2 "BOQ", §3 "BOQ", §5 "BOQ", §7 /boq): the bodies and answers of the
 * projects service's BOQ routes. Quantities travel as numbers with at most two decimals (integer
 * hundredths inside), rates as rupees (integer paise inside); money.ts converts.
 *
 * A BOQ has a stable number (BOQ-0001) and revisions: a confirmed BOQ is never edited, it is
 * revised into a new draft revision with the same number, which replaces it when confirmed (the
 * old revision becomes 'superseded'). Consumption belongs to the number, so a revision keeps it.
 */
import { Type, type Static } from 'typebox';
import { amountTooLarge, MAX_RUPEES } from '../money.js';
import { Actor, Paging, OneOf, ListPage, RequiredText } from './common.js';

export const BOQ_STATUSES = ['draft', 'confirmed', 'superseded'] as const;
export type BoqStatus = (typeof BOQ_STATUSES)[number];
export const BoqStatusSchema = OneOf(BOQ_STATUSES);
export const BOQ_STATUS_LABELS: Record<BoqStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  superseded: 'Superseded',
};

/** The largest planned quantity a line takes (in the line's unit): 1,00,00,000. */
export const MAX_BOQ_QTY = 10_000_000;
export const BOQ_QTY_TOO_LARGE = 'Planned quantity cannot be more than 1,00,00,000';
/** Lines in one BOQ (an import of a large tender BOQ fits; a runaway paste does not). */
export const MAX_BOQ_LINES = 5000;
export const TOO_MANY_BOQ_LINES = `A BOQ can have at most ${MAX_BOQ_LINES.toLocaleString('en-IN')} lines`;

/** Messages the form and the service both say (SPEC §5 "BOQ": the buttons' rule, told per field). */
export const BOQ_MESSAGES = {
  project: 'Please select a project',
  name: 'Please enter a BOQ name',
  items: 'Please add at least one item',
  item: 'Please select an item for every line',
  quantity: 'Planned quantity must be greater than 0',
  unit: 'Please select a unit for every line',
  rate: 'Rate must be greater than 0',
  duplicateItem: 'An item can appear only once in a BOQ',
  unknownItem: 'Item not found in the item master',
  notDraft: 'Only a draft BOQ can be edited. Revise a confirmed BOQ to change it.',
  deleteNotDraft: 'Only a draft BOQ can be deleted',
  reviseNotConfirmed: 'Only a confirmed BOQ can be revised',
  notFound: 'BOQ Not Found',
} as const;

/**
 * A BOQ's Description as the user wrote it: "RCC frame for G+12 (phase-1) & podium" keeps its
 * digits and symbols (SPEC §5's letters-only rule loses what the estimate is about; decision 0039).
 * Only control characters other than line breaks and tabs are taken out.
 */
export function cleanBoqDescription(text: string): string {
  // Control characters (Unicode Cc) except tab, line feed and carriage return.
  return text.replace(/[^\P{Cc}\t\n\r]/gu, '');
}

/** A line of a BOQ as read: planned, consumed (from goods receipts) and balance. */
export const BoqLine = Type.Object({
  _id: Type.String(),
  /** The item master's item (name is the snapshot kept current by the catalog's events). */
  item: Type.Object({ _id: Type.String(), name: Type.String() }),
  itemId: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  plannedQty: Type.Number(),
  rate: Type.Number({ description: 'Rupees per unit' }),
  amount: Type.Number({ description: 'plannedQty x rate, rupees' }),
  consumedQuantity: Type.Number(),
  /** plannedQty - consumedQuantity; negative when more was received than planned. */
  balanceQuantity: Type.Number(),
  remark: Type.String(),
});
export type BoqLine = Static<typeof BoqLine>;

export const BoqProjectRef = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  projectCode: Type.String(),
});

export const BoqRevisionRef = Type.Object({
  _id: Type.String(),
  revision: Type.Integer(),
  status: BoqStatusSchema,
  createdAt: Type.String(),
});
export type BoqRevisionRef = Static<typeof BoqRevisionRef>;

/** A BOQ as a list shows it (no lines). */
export const BoqSummary = Type.Object({
  _id: Type.String(),
  /** The BOQ number, the same across revisions (BOQ-0001). */
  boqId: Type.String(),
  revision: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  description: Type.String(),
  notes: Type.String(),
  projectId: BoqProjectRef,
  status: BoqStatusSchema,
  itemCount: Type.Integer(),
  /** Indents raised against the BOQ (kept by the indents' events; 0 until there are some). */
  indentCount: Type.Integer(),
  totalAmount: Type.Number({ description: 'Sum of the lines, rupees' }),
  createdBy: Actor,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type BoqSummary = Static<typeof BoqSummary>;

export const Boq = Type.Object({
  ...BoqSummary.properties,
  items: Type.Array(BoqLine),
  confirmedAt: Type.Union([Type.String(), Type.Null()]),
  confirmedBy: Actor,
  /** Every revision of this BOQ number, newest first (this one included). */
  revisions: Type.Array(BoqRevisionRef),
});
export type Boq = Static<typeof Boq>;

/** A line as the form sends it (SPEC §7: item, plannedQty, unit, rate; remark as the import gives it). */
export const BoqLineInput = Type.Object(
  {
    item: Type.String({ format: 'uuid', errorMessage: BOQ_MESSAGES.item }),
    plannedQty: Type.Number({
      exclusiveMinimum: 0,
      multipleOf: 0.01,
      errorMessage: BOQ_MESSAGES.quantity,
      allOf: [{ maximum: MAX_BOQ_QTY, errorMessage: BOQ_QTY_TOO_LARGE }],
    }),
    unit: RequiredText(20, BOQ_MESSAGES.unit),
    rate: Type.Number({
      exclusiveMinimum: 0,
      multipleOf: 0.01,
      errorMessage: BOQ_MESSAGES.rate,
      allOf: [{ maximum: MAX_RUPEES, errorMessage: amountTooLarge('Rate') }],
    }),
    remark: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type BoqLineInput = Static<typeof BoqLineInput>;

const boqFields = {
  projectId: Type.String({ format: 'uuid', errorMessage: BOQ_MESSAGES.project }),
  name: RequiredText(200, BOQ_MESSAGES.name),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
  /** Save as Draft sends draft; Confirm sends confirmed (SPEC §4). */
  status: OneOf(['draft', 'confirmed'], {
    errorMessage: 'Status must be draft or confirmed',
  }),
  items: Type.Array(BoqLineInput, { minItems: 1, maxItems: MAX_BOQ_LINES, errorMessage: BOQ_MESSAGES.items }),
};

export const CreateBoqBody = Type.Object(boqFields, { additionalProperties: false });
export type CreateBoqBody = Static<typeof CreateBoqBody>;

/** PUT /boq/{id}: the whole form again (SPEC §7 "same payload"), with the version read (stale -> 409). */
export const UpdateBoqBody = Type.Object(
  { ...boqFields, version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type UpdateBoqBody = Static<typeof UpdateBoqBody>;

export const BoqListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|draft|confirmed|superseded|)$',
      errorMessage: 'Status must be all, draft or confirmed',
    }),
  ),
  projectId: Type.Optional(
    Type.String({ pattern: '^$|^[0-9a-fA-F-]{36}$', errorMessage: 'projectId must be a valid id' }),
  ),
});
export type BoqListQuery = Static<typeof BoqListQuery>;

export const BoqListResponse = ListPage(BoqSummary);
export type BoqListResponse = Static<typeof BoqListResponse>;

export const BoqResponse = Type.Object({ message: Type.String(), boq: Boq });
export type BoqResponse = Static<typeof BoqResponse>;

/** GET /boq/items/{id}: what an indent may draw on (SPEC §7 "BoQ items lookup"). */
export const BoqItemBalance = Type.Object({
  itemId: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  plannedQty: Type.Number(),
  consumedQuantity: Type.Number(),
  balanceQuantity: Type.Number(),
});
export type BoqItemBalance = Static<typeof BoqItemBalance>;
export const BoqItemsResponse = Type.Object({ result: Type.Array(BoqItemBalance) });
export type BoqItemsResponse = Static<typeof BoqItemsResponse>;

/** Columns of a BOQ spreadsheet, as the export writes them and the import reads them (header names, any order, case-insensitive). */
export const BOQ_IMPORT_COLUMNS = ['Item', 'Unit', 'Quantity', 'Rate', 'Remark'] as const;
/** Other header names the import accepts for each column. */
export const BOQ_IMPORT_ALIASES: Record<(typeof BOQ_IMPORT_COLUMNS)[number], readonly string[]> = {
  Item: ['item', 'item name', 'item code', 'name', 'description', 'material'],
  Unit: ['unit', 'uom', 'units'],
  Quantity: ['quantity', 'qty', 'planned quantity', 'planned qty'],
  Rate: ['rate', 'unit rate', 'price'],
  Remark: ['remark', 'remarks', 'note', 'notes'],
};

/** POST /boq/import answers with a preview; nothing is stored until the BOQ is saved. */
export const BoqImportLine = Type.Object({
  row: Type.Integer({ description: 'Row number in the file, header is row 1' }),
  item: Type.Object({ _id: Type.String(), name: Type.String() }),
  unit: Type.String(),
  plannedQty: Type.Number(),
  rate: Type.Number(),
  remark: Type.String(),
});
export type BoqImportLine = Static<typeof BoqImportLine>;
export const BoqImportRefusal = Type.Object({
  row: Type.Integer(),
  /** The row's item cell as written, to find it in the file. */
  item: Type.String(),
  reasons: Type.Array(Type.String()),
});
export type BoqImportRefusal = Static<typeof BoqImportRefusal>;
/** An item the file names that the master lacks, with the unit the file gives (offered for creation). */
export const BoqUnknownItem = Type.Object({
  name: Type.String(),
  unit: Type.String(),
  rows: Type.Array(Type.Integer()),
});
export type BoqUnknownItem = Static<typeof BoqUnknownItem>;
export const BoqImportPreview = Type.Object({
  fileName: Type.String(),
  totalRows: Type.Integer(),
  lines: Type.Array(BoqImportLine),
  refused: Type.Array(BoqImportRefusal),
  unknownItems: Type.Array(BoqUnknownItem),
});
export type BoqImportPreview = Static<typeof BoqImportPreview>;
