/**
 * The ledger's forms as rules (SPEC §2 "Vendor ledger detail", §6, issue 13, decision 0025): who may
 * add payments and credit notes (in the permission model's terms, each role's defaults, decision
 * 0002), what an amount and a date must be, when a resend of a form is the same entry, and what may
 * be reversed by whom. Errors in the spec's words (LEDGER_MESSAGES) or the ledger's own (LEDGER_TEXT).
 */
import {
  can,
  hasAtMostTwoDecimals,
  LEDGER_MESSAGES,
  toPaise,
  type LedgerEntryType,
  type MemberAccess,
} from '@erp/contracts';
import { badRequest, conflict, forbidden } from '@erp/service-kit';
import { indiaDay, isRealDay } from './dates.js';
import type { EntryKind, NewEntry } from './ledger.js';

/** Vendors › Accounts read (Purchaser, Admin, Accountant): the accounts list, a ledger, its statement, the overbilling queue. */
export const ACCOUNTS_READ = { module: 'vendors', sub: 'accounts', level: 'read' } as const;
/** Payments: Accounts write (Accountant, Admin). */
export const PAYMENTS = { module: 'vendors', sub: 'accounts', level: 'write' } as const;
/** Credit notes: Vendor List write (Purchaser, Admin), with Accounts read. */
export const CREDIT_NOTES = { module: 'vendors', sub: 'list', level: 'write' } as const;

export const LEDGER_TEXT = {
  stale: 'This overbilling case was changed by someone else. Reload it to see the latest, then decide again.',
  keyReused: 'This request was already used for another ledger entry. Reload the ledger and try again.',
  onlyPaymentsAndCreditNotes:
    'Only a payment or a credit note can be reversed; a PO is corrected on the purchase order',
  statementRange: 'The statement’s start date must be on or before its end date',
} as const;

type Access = Pick<MemberAccess, 'role' | 'permissions'>;

export const mayAddPayments = (a: Access) => can(a, PAYMENTS.module, PAYMENTS.sub, PAYMENTS.level);
export const mayAddCreditNotes = (a: Access) =>
  can(a, CREDIT_NOTES.module, CREDIT_NOTES.sub, CREDIT_NOTES.level) &&
  can(a, ACCOUNTS_READ.module, ACCOUNTS_READ.sub, ACCOUNTS_READ.level);

/** An amount as the forms send it: more than 0, at most two decimals (the schema says so too; this is exact). */
export function amountPaise(amount: number): number {
  if (!(amount > 0) || !hasAtMostTwoDecimals(amount)) throw badRequest(LEDGER_MESSAGES.amount);
  return toPaise(amount);
}

/** A day that exists and is not after today in India. */
export function pastDay(date: string, today: string = indiaDay()): string {
  if (!isRealDay(date)) throw badRequest(LEDGER_MESSAGES.date);
  if (date > today) throw badRequest(LEDGER_MESSAGES.dateFuture);
  return date;
}

/** A statement's period: two real days, the first on or before the second. */
export function checkStatementPeriod(from: string, to: string): void {
  if (!isRealDay(from) || !isRealDay(to)) throw badRequest(LEDGER_MESSAGES.date);
  if (from > to) throw badRequest(LEDGER_TEXT.statementRange);
}

/** An entry as stored, as far as these rules read it. */
export interface StoredEntry {
  id: string;
  seq: number | string;
  type: LedgerEntryType;
  amount_paise: number | string;
  reference: string;
  reverses: string | null;
  reversed_by: string | null;
}

/** A resend of the payment form (same request key) is the entry it made when it says the same. */
export const samePayment = (paise: number, reference: string) => (x: StoredEntry) =>
  x.type === 'Payment' && Number(x.amount_paise) === paise && x.reference === reference;

export const sameCreditNote = (paise: number, number: string) => (x: StoredEntry) =>
  x.type === 'Credit Note' && Number(x.amount_paise) === paise && x.reference === number;

export const sameReversal = (entryId: string) => (x: StoredEntry) =>
  x.type === 'Reversal' && x.reverses === entryId;

/** A reference (a payment's) or number (a credit note's) is refused while a live entry carries it. */
export function checkReferenceFree(use: { live: boolean }, message: string): void {
  if (use.live) throw conflict(message);
}

/** A credit note's number, trimmed; required. */
export function creditNoteNumber(number: string): string {
  const trimmed = number.trim();
  if (!trimmed) throw badRequest(LEDGER_MESSAGES.creditNoteNumber);
  return trimmed;
}

/** A reversal's reason, trimmed; required. */
export function reverseReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw badRequest(LEDGER_MESSAGES.reverseReason);
  return trimmed;
}

/**
 * The reversal of `target` by a member with this access: only a payment or a credit note, not
 * already reversed, by one who may add what it reverses (a payment's reversal as a payment, a
 * credit note's as a credit note). Dated today in India, for the same amount.
 */
export function reversalOf(
  target: StoredEntry,
  auth: Access,
  reason: string,
  today: string = indiaDay(),
): NewEntry {
  if (target.type === 'Reversal') throw badRequest(LEDGER_MESSAGES.reverseReversal);
  if (target.type !== 'Payment' && target.type !== 'Credit Note')
    throw badRequest(LEDGER_TEXT.onlyPaymentsAndCreditNotes);
  if (target.type === 'Payment' && !mayAddPayments(auth)) throw forbidden(LEDGER_MESSAGES.onlyPayments);
  if (target.type === 'Credit Note' && !mayAddCreditNotes(auth))
    throw forbidden(LEDGER_MESSAGES.onlyCreditNotes);
  if (target.reversed_by) throw conflict(LEDGER_MESSAGES.alreadyReversed);
  const type: EntryKind = target.type;
  return {
    type: 'Reversal',
    amountPaise: Number(target.amount_paise),
    date: today,
    reference: target.reference,
    reverses: { id: target.id, type },
    reason,
    notes: `Reverses entry ${target.seq} (${target.type}${target.reference ? ` ${target.reference}` : ''})`,
    enteredBy: null,
  };
}
