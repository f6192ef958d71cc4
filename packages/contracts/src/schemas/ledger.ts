/**
 * Vendor account ledgers (SPEC §2 "Vendor ledger list", "Vendor ledger detail", §6, §7
 * /vendorTransaction, §9; GLOSSARY "Vendor ledger / wallet", "Overbilling"; issue 13): the answers
 * and requests of the vendors service's ledger. What the business owes a vendor: a PO adds to it
 * ("PO Add"), a payment or a credit note reduces it, an approved overbilling case adds the amount
 * billed beyond the goods' worth ("Overbill Approved"). Entries are never edited or deleted: a
 * mistake is corrected by a "Reversal" that points at the entry it reverses.
 *
 * Money travels as rupees with at most two decimals (integer paise inside; money.ts converts).
 * `amount` is always positive; whether it raises or lowers the balance follows from the type
 * (`LEDGER_EFFECT`). `balanceAfter` is the vendor's outstanding balance after the entry.
 */
import { Type, type Static, type TProperties } from 'typebox';
import { MAX_RUPEES } from '../money.js';
import { Actor, OneOf, Paging, TotalCapped, Uuid, ListPage, RequiredText } from './common.js';
import { DATE_PATTERN } from './projects.js';
import { VendorStatusSchema } from './vendors.js';

export const LEDGER_ENTRY_TYPES = [
  'PO Add',
  'Payment',
  'Credit Note',
  'Overbill Approved',
  'Reversal',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const LedgerEntryTypeSchema = OneOf([
  'PO Add',
  'Payment',
  'Credit Note',
  'Overbill Approved',
  'Reversal',
]);
/** +1: the business owes the vendor more; -1: less. A Reversal takes the opposite of the entry it reverses. */
export const LEDGER_EFFECT: Record<Exclude<LedgerEntryType, 'Reversal'>, 1 | -1> = {
  'PO Add': 1,
  'Overbill Approved': 1,
  Payment: -1,
  'Credit Note': -1,
};

/** SPEC §9. */
export const PAYMENT_METHODS = ['NEFT', 'RTGS', 'IMPS', 'Cheque', 'Cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'NEFT';
export const CREDIT_NOTE_REASONS = [
  'Quality issue - Return/Replacement',
  'Discount',
  'Return',
  'Other',
] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];
export const DEFAULT_CREDIT_NOTE_REASON: CreditNoteReason = 'Quality issue - Return/Replacement';
/** SPEC §9 "Ledger date ranges: all, last month, 3 months, 6 months, year". */
export const LEDGER_RANGES = ['all', 'lastMonth', '3months', '6months', 'year'] as const;
export type LedgerRange = (typeof LEDGER_RANGES)[number];
/** SPEC §9 "Vendor ledger sort: outstanding, last activity, name, ascending or descending; default outstanding high to low". */
export const LEDGER_SORT_KEYS = ['outstanding', 'lastActivity', 'name'] as const;
export type LedgerSortKey = (typeof LEDGER_SORT_KEYS)[number];
export const DEFAULT_LEDGER_SORT = '-outstanding';

export const OVERBILL_STATUSES = ['Open', 'Approved', 'Rejected'] as const;
export type OverbillStatus = (typeof OVERBILL_STATUSES)[number];
export const OverbillStatusSchema = OneOf(OVERBILL_STATUSES);

export const LEDGER_MESSAGES = {
  /** SPEC §6. */
  accessDenied: "Access denied. You don't have permission to view vendor account ledgers.",
  accessDeniedDetail: "Access denied. You don't have permission to view vendor ledgers.",
  /** SPEC §8 toasts (there local only; here saved on the server). */
  paymentAdded: 'Payment Added',
  creditNoteAdded: 'Credit Note Added',
  reversed: 'Entry Reversed',
  overbillApproved: 'Overbilling Approved',
  overbillRejected: 'Overbilling Rejected',
  vendorNotFound: 'Vendor not found',
  entryNotFound: 'Ledger entry not found',
  caseNotFound: 'Overbilling case not found',
  amount: 'Amount must be more than 0 with at most two decimals',
  date: 'Please choose a valid date',
  dateFuture: 'The date cannot be in the future',
  method: 'Payment method must be NEFT, RTGS, IMPS, Cheque or Cash',
  reason: 'Please choose a reason',
  creditNoteNumber: 'Credit note number is required',
  duplicateReference: (reference: string) => `Reference ${reference} is already on this vendor's ledger`,
  duplicateCreditNote: (number: string) => `Credit note ${number} is already on this vendor's ledger`,
  reverseReason: 'Please give the reason for the reversal',
  reverseReversal: 'A reversal cannot be reversed: add a new entry instead',
  alreadyReversed: 'This entry has already been reversed',
  caseClosed: 'This overbilling case has already been decided',
  rejectReason: 'Please give the reason for rejecting the overbilling',
  onlyPayments: 'Only an Admin or an Accountant can add payments',
  onlyCreditNotes: 'Only a Purchaser or an Admin can add credit notes',
  onlyAdminDecides: 'Only an Admin can approve or reject overbilling',
} as const;

const Money = (errorMessage: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: MAX_RUPEES, multipleOf: 0.01, errorMessage });
const LedgerDate = Type.String({ pattern: DATE_PATTERN, errorMessage: LEDGER_MESSAGES.date });

/** A ledger form's body: its fields and the request key made once per dialog opening, nothing else. */
const KeyedForm = <T extends TProperties>(fields: T) =>
  Type.Object({ ...fields, requestKey: Uuid }, { additionalProperties: false });

/** One entry of a vendor's ledger (SPEC §2 "transaction table": type, amount, balance after, entered by, date). */
export const LedgerEntry = Type.Object({
  _id: Type.String(),
  /** Position in the vendor's ledger: 1, 2, 3… (the order balances are computed in). */
  seq: Type.Integer(),
  vendor: Type.Object({ _id: Type.String(), name: Type.String() }),
  type: LedgerEntryTypeSchema,
  /** Rupees, always positive. */
  amount: Type.Number(),
  /** +amount or -amount: how it moved the balance. */
  effect: Type.Number(),
  /** Outstanding balance after this entry (rupees). */
  balanceAfter: Type.Number(),
  /** The day it counts on (YYYY-MM-DD): payment date, credit note date, PO order date, decision date. */
  date: Type.String(),
  /** Payment reference (UTR, cheque number…), credit note number, PO number, or '' */
  reference: Type.String(),
  method: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  notes: Type.String(),
  po: Type.Union([Type.Object({ _id: Type.String(), poNumber: Type.String() }), Type.Null()]),
  /** The entry a Reversal reverses; the Reversal of an entry that was reversed. */
  reverses: Type.Union([
    Type.Object({ _id: Type.String(), seq: Type.Integer(), type: LedgerEntryTypeSchema }),
    Type.Null(),
  ]),
  reversedBy: Type.Union([Type.Object({ _id: Type.String(), seq: Type.Integer() }), Type.Null()]),
  overbillCaseId: Type.Union([Type.String(), Type.Null()]),
  enteredBy: Actor,
  createdAt: Type.String(),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

/** The summary cards of a ledger (SPEC §2): outstanding, paid, credit notes, open overbilling. */
export const LedgerSummary = Type.Object({
  outstanding: Type.Number(),
  /** POs added (net of reversals). */
  ordered: Type.Number(),
  paid: Type.Number(),
  creditNotes: Type.Number(),
  overbillApproved: Type.Number(),
  openOverbilling: Type.Object({ count: Type.Integer(), amount: Type.Number() }),
  lastActivity: Type.Union([Type.String(), Type.Null()]),
});
export type LedgerSummary = Static<typeof LedgerSummary>;

/** A row of the vendor accounts list (SPEC §2 "Vendor ledger list": vendors with status, balance). */
export const VendorAccount = Type.Object({
  _id: Type.String(),
  vendorId: Type.String({ description: 'Display id, VEN-0001' }),
  name: Type.String(),
  status: VendorStatusSchema,
  outstanding: Type.Number(),
  paid: Type.Number(),
  creditNotes: Type.Number(),
  openOverbilling: Type.Integer(),
  lastActivity: Type.Union([Type.String(), Type.Null()]),
});
export type VendorAccount = Static<typeof VendorAccount>;

/** GET /vendorTransaction (SPEC §7: limit, offset, keyword) with the §9 sort. */
export const VendorAccountsQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(
    OneOf(['', 'outstanding', '-outstanding', 'lastActivity', '-lastActivity', 'name', '-name']),
  ),
});
export type VendorAccountsQuery = Static<typeof VendorAccountsQuery>;

export const VendorAccountsResponse = Type.Object({
  result: Type.Array(VendorAccount),
  totalItems: Type.Integer(),
  totalCapped: TotalCapped,
  /** Open overbilling cases across every vendor (the queue button's count). */
  openOverbilling: Type.Integer(),
});
export type VendorAccountsResponse = Static<typeof VendorAccountsResponse>;

/** GET /vendorTransaction/{vendorId}: the vendor's ledger ("wallet details read as a list of transactions"). */
export const VendorLedgerQuery = Type.Object({
  ...Paging,
  range: Type.Optional(OneOf(['all', 'lastMonth', '3months', '6months', 'year'])),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type VendorLedgerQuery = Static<typeof VendorLedgerQuery>;

export const VendorLedgerResponse = Type.Object({
  vendor: Type.Object({
    _id: Type.String(),
    vendorId: Type.String(),
    name: Type.String(),
    status: VendorStatusSchema,
    gstin: Type.String(),
    paymentTerms: Type.Integer(),
  }),
  summary: LedgerSummary,
  /** Newest first. */
  result: Type.Array(LedgerEntry),
  totalItems: Type.Integer(),
  totalCapped: TotalCapped,
});
export type VendorLedgerResponse = Static<typeof VendorLedgerResponse>;

/**
 * POST /vendorTransaction/{vendorId}/payments (Admin, Accountant). `requestKey` is made once per
 * dialog opening, so a double-click or a resend after a lost answer records one payment (200 the
 * second time). A reference already on the vendor's ledger is refused with 409.
 */
export const PaymentBody = KeyedForm({
  amount: Money(LEDGER_MESSAGES.amount),
  date: LedgerDate,
  method: OneOf(['NEFT', 'RTGS', 'IMPS', 'Cheque', 'Cash'], { errorMessage: LEDGER_MESSAGES.method }),
  reference: Type.Optional(Type.String({ maxLength: 60 })),
  notes: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type PaymentBody = Static<typeof PaymentBody>;

/** POST /vendorTransaction/{vendorId}/credit-notes (Purchaser, Admin); the number is unique per vendor (409). */
export const CreditNoteBody = KeyedForm({
  number: RequiredText(60, LEDGER_MESSAGES.creditNoteNumber),
  amount: Money(LEDGER_MESSAGES.amount),
  date: LedgerDate,
  reason: OneOf(['Quality issue - Return/Replacement', 'Discount', 'Return', 'Other'], {
    errorMessage: LEDGER_MESSAGES.reason,
  }),
  notes: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type CreditNoteBody = Static<typeof CreditNoteBody>;

/** POST /vendorTransaction/{vendorId}/entries/{entryId}/reverse: a Payment or Credit Note entered by mistake. */
export const ReverseBody = KeyedForm({
  reason: RequiredText(1000, LEDGER_MESSAGES.reverseReason),
});
export type ReverseBody = Static<typeof ReverseBody>;

export const LedgerEntryResponse = Type.Object({
  message: Type.String(),
  entry: LedgerEntry,
  summary: LedgerSummary,
});
export type LedgerEntryResponse = Static<typeof LedgerEntryResponse>;

/**
 * An overbilling case: a receipt whose invoice amount is above what its accepted quantities cost at
 * the PO's locked prices (GST and the receipt's share of the fleet cost included).
 */
export const OverbillCase = Type.Object({
  _id: Type.String(),
  vendor: Type.Object({ _id: Type.String(), name: Type.String() }),
  po: Type.Object({ _id: Type.String(), poNumber: Type.String() }),
  receiptId: Type.String(),
  invoiceNumber: Type.String(),
  invoiceAmount: Type.Number(),
  expectedAmount: Type.Number(),
  delta: Type.Number(),
  status: OverbillStatusSchema,
  openedAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  decidedBy: Actor,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
export type OverbillCase = Static<typeof OverbillCase>;

export const OverbillListQuery = Type.Object({
  ...Paging,
  status: Type.Optional(OneOf(['', 'all', 'Open', 'Approved', 'Rejected'])),
  vendorId: Type.Optional(Type.String({ maxLength: 36 })),
});
export type OverbillListQuery = Static<typeof OverbillListQuery>;

export const OverbillListResponse = ListPage(OverbillCase);
export type OverbillListResponse = Static<typeof OverbillListResponse>;

/** POST /vendorTransaction/overbilling/{caseId}/approve|reject (Admin); `version` as read (stale → 409). */
export const OverbillDecisionBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type OverbillDecisionBody = Static<typeof OverbillDecisionBody>;

export const OverbillResponse = Type.Object({
  message: Type.String(),
  case: OverbillCase,
  entry: Type.Union([LedgerEntry, Type.Null()]),
});
export type OverbillResponse = Static<typeof OverbillResponse>;

/** GET /vendorTransaction/{vendorId}/statement: a statement of account for a date range, as PDF or XLSX. */
export const StatementQuery = Type.Object({
  from: Type.String({ pattern: DATE_PATTERN, errorMessage: LEDGER_MESSAGES.date }),
  to: Type.String({ pattern: DATE_PATTERN, errorMessage: LEDGER_MESSAGES.date }),
  format: OneOf(['pdf', 'xlsx']),
});
export type StatementQuery = Static<typeof StatementQuery>;
