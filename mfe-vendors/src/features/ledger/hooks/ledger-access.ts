/**
 * Who may do what with the vendor ledgers, as the screens show it (SPEC §6 "Vendor ledger list and
 * detail: visible to Purchaser, Admin, Accountant … Add Payment: Admin and Accountant. Add Credit
 * Note: Purchaser and Admin"), in the permission model's terms the vendors service checks
 * (services/vendors/src/domain/ledger-forms.ts; each role's defaults give the spec's roles):
 * reading: Vendors › Accounts read; payments: Accounts write; credit notes: Vendor List write and
 * Accounts read; overbilling decisions: an Admin. The service decides for itself; these only keep
 * off the screen what it would refuse.
 */
import { can, isAdmin, type LedgerEntry, type Member } from '@erp/contracts';

type Who = Pick<Member, 'role' | 'permissions'>;

/** The accounts list, a ledger, the overbilling queue: Vendors › Accounts read (Purchaser, Admin, Accountant by default). */
export const canReadLedgers = (user: Who): boolean => can(user, 'vendors', 'accounts', 'read');

/** 'Add Payment', /vendors/payment: Accounts write (an Accountant, an Admin). */
export const canAddPayment = (user: Who): boolean => can(user, 'vendors', 'accounts', 'write');

/** 'Add Credit Note': Vendor List write with Accounts read (a Purchaser, an Admin). */
export const canAddCreditNote = (user: Who): boolean =>
  can(user, 'vendors', 'list', 'write') && canReadLedgers(user);

/** Approve or reject an overbilling case: an Admin. */
export const canDecideOverbilling = (user: Who): boolean => isAdmin(user);

/** A Payment or a Credit Note not reversed yet can be reversed (a reversal itself cannot; a PO Add is not entered by hand). */
export const isReversible = (entry: Pick<LedgerEntry, 'type' | 'reversedBy'>): boolean =>
  (entry.type === 'Payment' || entry.type === 'Credit Note') && entry.reversedBy === null;

/** 'Reverse' on an entry: by whoever may add that kind of entry. */
export function canReverse(user: Who, entry: Pick<LedgerEntry, 'type' | 'reversedBy'>): boolean {
  if (!isReversible(entry)) return false;
  return entry.type === 'Payment' ? canAddPayment(user) : canAddCreditNote(user);
}
