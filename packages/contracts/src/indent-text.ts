/**
 * The indent screens' and service's words and limits, without TypeBox: a screen that shows an
 * indent's status or a message imports these without building the indent schemas (decision 0042).
 * schemas/indent.ts re-exports them.
 */
export const INDENT_STATUSES = ['draft', 'compare', 'approval', 'approved'] as const;
export type IndentStatus = (typeof INDENT_STATUSES)[number];
/** The badges' words (SPEC §2 "Indent detail" names Draft, Compare Pending and Under Review). */
export const INDENT_STATUS_LABELS: Record<IndentStatus, string> = {
  draft: 'Draft',
  compare: 'Compare Pending',
  approval: 'Under Review',
  approved: 'Approved',
};

/** The largest quantity a line takes (in the line's unit): 1,00,00,000, as a BOQ line. */
export const MAX_INDENT_QTY = 10_000_000;
export const INDENT_QTY_TOO_LARGE = 'Quantity cannot be more than 1,00,00,000';
/** Lines in one indent. */
export const MAX_INDENT_LINES = 500;
export const TOO_MANY_INDENT_LINES = `An indent can have at most ${MAX_INDENT_LINES} items`;
/** Text limits (a title is a line; notes and comments are paragraphs). */
export const INDENT_TEXT = {
  title: 200,
  location: 200,
  notes: 2000,
  remark: 500,
  reason: 500,
  comment: 2000,
} as const;

/** Messages the screens and the service both say (SPEC §5 and §8 where they speak). */
export const INDENT_MESSAGES = {
  title: 'Please enter a title',
  project: 'Please select a project',
  boq: 'Please select a BOQ',
  items: 'Please add at least one item',
  quantity: (itemName: string) => `Please enter a valid quantity for "${itemName}"`,
  duplicateItem: 'An item can appear only once in an indent',
  unknownItem: 'Item not found in the item master',
  boqNotUsable: 'Choose a confirmed BOQ of this project',
  neededBy: 'Needed By must be a date (YYYY-MM-DD)',
  notFound: 'Indent Not Found',
  notFoundDetail: 'The requested Indent could not be found.',
  notDraft: (status: string) => `Only draft indent can be edited. This BoQ has status: ${status}`,
  notInCompare: 'This indent is not waiting for comparison',
  notInApproval: 'This indent is not waiting for approval',
  selectVendor: (itemName: string) => `Please select a vendor for ${itemName}`,
  reasonRequired: (itemName: string) => `Reason required for not selecting lowest price for ${itemName}`,
  blockerNoVendor: (itemName: string) => `${itemName}: No vendor selected`,
  blockerReason: (itemName: string) => `${itemName}: Reason required for not selecting lowest price`,
  vendorNotOffered: (itemName: string) => `The chosen vendor has no active price for ${itemName}`,
  unknownLine: 'An item in the selection is not on this indent',
  cannotApprove: 'Cannot approve',
  resolveBlockers: (n: number) => `Please resolve ${n} blocker(s) first`,
  pricesChanged:
    'Vendor prices changed since this page was opened. The new prices are shown: check the choices and save again.',
  stale:
    'This indent was changed by someone else. Reload to see the latest details, then make your change again.',
  commentRequired: 'Please enter an overall comment to send this indent back',
  fleetVendor: 'Fleet cost is set for a vendor offered on this indent',
  added: 'Indent Added Successfully',
  draftSaved: 'Indent saved as draft',
  sentForComparison: 'Indent sent for comparison',
  /** A draft sent back for rework and sent again (decision 0037; the spec's 'Indent Added Successfully' is a first send's). */
  sentAgain: 'Indent sent for comparison again',
  saved: 'Indent Saved Successfully',
  sentForApproval: 'Indent Sent For Approval Successfully',
  approved: 'Indent Approved Successfully',
  sentBack: 'Indent sent back for rework',
  fleetSaved: 'Fleet cost saved',
  lowestSelected: 'Lowest price selected',
} as const;

/** 'Over BOQ by 12.5 bags': how a line beyond its BOQ balance is flagged on every screen. */
export const overBoqText = (overBy: number, unit: string): string =>
  `Over BOQ by ${overBy.toLocaleString('en-IN', { maximumFractionDigits: 2 })} ${unit}`.trim();
