/**
 * The vendor ledger's rows (migration 002) and how they read as the API's values: an account's
 * kept figures as its summary, an entry, an overbilling case.
 */
import {
  fromPaise,
  type LedgerEntry,
  type LedgerEntryType,
  type LedgerSummary,
  type OverbillCase,
  type OverbillStatus,
  type VendorStatus,
} from '@erp/contracts';

export interface AccountRow {
  vendor_id: string;
  vendor_name: string;
  last_seq: number;
  outstanding_paise: number;
  ordered_paise: number;
  paid_paise: number;
  credit_notes_paise: number;
  overbill_approved_paise: number;
  open_overbill_count: number;
  open_overbill_paise: number;
  last_activity: Date | string | null;
}

export interface EntryRow {
  id: string;
  vendor_id: string;
  seq: number;
  type: LedgerEntryType;
  amount_paise: number;
  effect: number;
  balance_after_paise: number;
  date: string;
  reference: string;
  method: string | null;
  reason: string | null;
  notes: string;
  po_id: string | null;
  po_number: string | null;
  reverses: string | null;
  reverses_seq: number | null;
  reverses_type: LedgerEntryType | null;
  reversed_by: string | null;
  reversed_by_seq: number | null;
  overbill_case_id: string | null;
  entered_by: string | null;
  entered_by_name: string | null;
  created_at: Date | string;
  request_key: string | null;
}

export interface CaseRow {
  id: string;
  vendor_id: string;
  vendor_name: string;
  po_id: string;
  po_number: string;
  receipt_id: string;
  invoice_number: string;
  invoice_amount_paise: number;
  expected_amount_paise: number;
  delta_paise: number;
  status: OverbillStatus;
  opened_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  reject_reason: string | null;
  version: number;
}

export interface LedgerVendor {
  id: string;
  vendorId: string;
  name: string;
  status: VendorStatus;
  gstin: string;
  paymentTerms: number;
  address: string;
}

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toSummary(a: AccountRow | null): LedgerSummary {
  return {
    outstanding: fromPaise(Number(a?.outstanding_paise ?? 0)),
    ordered: fromPaise(Number(a?.ordered_paise ?? 0)),
    paid: fromPaise(Number(a?.paid_paise ?? 0)),
    creditNotes: fromPaise(Number(a?.credit_notes_paise ?? 0)),
    overbillApproved: fromPaise(Number(a?.overbill_approved_paise ?? 0)),
    openOverbilling: {
      count: Number(a?.open_overbill_count ?? 0),
      amount: fromPaise(Number(a?.open_overbill_paise ?? 0)),
    },
    lastActivity: a?.last_activity ? iso(a.last_activity) : null,
  };
}

export function toEntry(r: EntryRow, vendorName: string): LedgerEntry {
  const amount = Number(r.amount_paise);
  return {
    _id: r.id,
    seq: Number(r.seq),
    vendor: { _id: r.vendor_id, name: vendorName },
    type: r.type,
    amount: fromPaise(amount),
    effect: fromPaise(amount * Number(r.effect)),
    balanceAfter: fromPaise(Number(r.balance_after_paise)),
    date: r.date,
    reference: r.reference,
    method: r.method,
    reason: r.reason,
    notes: r.notes,
    po: r.po_id ? { _id: r.po_id, poNumber: r.po_number ?? '' } : null,
    reverses: r.reverses ? { _id: r.reverses, seq: Number(r.reverses_seq), type: r.reverses_type! } : null,
    reversedBy: r.reversed_by ? { _id: r.reversed_by, seq: Number(r.reversed_by_seq) } : null,
    overbillCaseId: r.overbill_case_id,
    enteredBy: r.entered_by_name !== null ? { _id: r.entered_by ?? '', name: r.entered_by_name } : null,
    createdAt: iso(r.created_at),
  };
}

export function toCase(r: CaseRow & { current_name?: string | null }): OverbillCase {
  return {
    _id: r.id,
    vendor: { _id: r.vendor_id, name: r.current_name ?? r.vendor_name },
    po: { _id: r.po_id, poNumber: r.po_number },
    receiptId: r.receipt_id,
    invoiceNumber: r.invoice_number,
    invoiceAmount: fromPaise(Number(r.invoice_amount_paise)),
    expectedAmount: fromPaise(Number(r.expected_amount_paise)),
    delta: fromPaise(Number(r.delta_paise)),
    status: r.status,
    openedAt: iso(r.opened_at),
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decidedBy: r.decided_by_name !== null ? { _id: r.decided_by ?? '', name: r.decided_by_name } : null,
    rejectReason: r.reject_reason,
    version: r.version,
  };
}

export const ACCOUNT_COLUMNS = `vendor_id, vendor_name, last_seq, outstanding_paise, ordered_paise, paid_paise, credit_notes_paise,
  overbill_approved_paise, open_overbill_count, open_overbill_paise, last_activity`;

export const ENTRY_COLUMNS = `e.id, e.vendor_id, e.seq, e.type, e.amount_paise, e.effect, e.balance_after_paise, e.date::text AS date, e.reference,
  e.method, e.reason, e.notes, e.po_id, e.po_number, e.reverses, r.seq AS reverses_seq, r.type AS reverses_type, b.id AS reversed_by,
  b.seq AS reversed_by_seq, e.overbill_case_id, e.entered_by, e.entered_by_name, e.created_at, e.request_key`;

export const CASE_COLUMNS = `c.id, c.vendor_id, c.vendor_name, v.name AS current_name, c.po_id, c.po_number, c.receipt_id, c.invoice_number,
  c.invoice_amount_paise, c.expected_amount_paise, c.delta_paise, c.status, c.opened_at, c.decided_at, c.decided_by, c.decided_by_name,
  c.reject_reason, c.version`;
