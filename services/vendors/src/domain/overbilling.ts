/**
 * Overbilling (SPEC §2 "Vendor ledger", issue 13, decision 0025): a receipt whose invoice is for
 * more than the accepted goods and their share of the fleet are worth opens a case for the
 * difference; an Admin approves it (an 'Overbill Approved' entry adds the difference to what is
 * owed) or rejects it with a reason. Compared in paise.
 */
import {
  LEDGER_MESSAGES,
  toPaise,
  type OverbillCase,
  type OverbillListQuery,
  type OverbillStatus,
} from '@erp/contracts';
import { badRequest, conflict } from '@erp/service-kit';
import { indiaDay } from './dates.js';
import { LEDGER_TEXT } from './ledger-forms.js';
import type { NewEntry } from './ledger.js';

/**
 * The invoice and expected amounts in paise when the invoice is for more than expected, else null
 * (a negative expected amount is no figure to compare with).
 */
export function overbilling(
  invoiceAmount: number,
  expectedAmount: number,
): { invoicePaise: number; expectedPaise: number } | null {
  const invoicePaise = toPaise(invoiceAmount);
  const expectedPaise = toPaise(expectedAmount);
  if (expectedPaise < 0 || invoicePaise <= expectedPaise) return null;
  return { invoicePaise, expectedPaise };
}

/** The queue's status filter: the open cases unless asked, every case for 'all'. */
export function caseStatusFilter(status: OverbillListQuery['status']): OverbillStatus | null {
  return !status ? 'Open' : status === 'all' ? null : status;
}

/** The decision's reason, trimmed: a rejection needs one. */
export function decisionReason(approve: boolean, reason: string | undefined): string {
  const trimmed = (reason ?? '').trim();
  if (!approve && !trimmed) throw badRequest(LEDGER_MESSAGES.rejectReason);
  return trimmed;
}

/** Only an open case is decided, and only at the version the Admin saw. */
export function checkDecidable(c: Pick<OverbillCase, 'status' | 'version'>, version: number): void {
  if (c.status !== 'Open') throw conflict(LEDGER_MESSAGES.caseClosed);
  if (version !== c.version) throw conflict(LEDGER_TEXT.stale);
}

/** The entry an approval adds: the difference, dated today in India, referenced by the invoice. */
export function approvedEntry(
  c: OverbillCase,
  reason: string,
  by: { id: string; name: string },
  today: string = indiaDay(),
): NewEntry {
  return {
    type: 'Overbill Approved',
    amountPaise: toPaise(c.delta),
    date: today,
    reference: c.invoiceNumber,
    po: { id: c.po._id, number: c.po.poNumber },
    overbillCaseId: c._id,
    reason: reason || null,
    notes: `Invoice ${c.invoiceNumber} on ${c.po.poNumber}: billed ${c.invoiceAmount.toFixed(2)} against ${c.expectedAmount.toFixed(2)} expected`,
    enteredBy: { id: by.id, name: by.name },
  };
}
