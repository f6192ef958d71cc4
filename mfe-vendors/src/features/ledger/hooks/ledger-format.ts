/**
 * How the ledger screens write money, dates and entries (SPEC §9 "ledgers show no decimals, prices
 * two decimals"; GLOSSARY "Amounts": Indian grouping ₹12,34,567). A ledger shows whole rupees, but
 * never hides paise silently: where an amount has paise its exact value goes with it (a tooltip and
 * the accessible name). Plain functions, tested without a DOM.
 */
import { formatPaise, fromPaise, toPaise, type LedgerEntry, type LedgerEntryType } from '@erp/contracts';

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Rupees (two decimals at most) as integer paise; 0 for anything that is not a finite amount. */
function paiseOf(rupees: number): number {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return 0;
  try {
    return toPaise(rupees);
  } catch {
    return 0;
  }
}

/**
 * Whole rupees with Indian grouping, rounded half away from zero from the exact paise:
 * 1234567 -> '₹12,34,567', 1234.5 -> '₹1,235', -50000 -> '-₹50,000'; an amount that rounds to
 * nothing is '₹0' (never '-₹0').
 */
export function ledgerRupees(rupees: number): string {
  const paise = paiseOf(rupees);
  const whole = Math.round(Math.abs(paise) / 100);
  const sign = paise < 0 && whole > 0 ? '-' : '';
  return `${sign}₹${wholeRupees.format(whole)}`;
}

/**
 * A vendor's balance as words and a positive amount: what the business owes ('Outstanding'), or,
 * when more was paid than was owed, the advance it holds with the vendor ('Advance to Vendor').
 */
export function balanceParts(outstanding: number): {
  label: 'Outstanding' | 'Advance to Vendor';
  amount: number;
} {
  const paise = paiseOf(outstanding);
  return paise < 0
    ? { label: 'Advance to Vendor', amount: fromPaise(-paise) }
    : { label: 'Outstanding', amount: fromPaise(paise) };
}

/** A balance in a sentence: 'outstanding ₹12,000' or 'an advance of ₹500 to the vendor'. */
export function balanceText(outstanding: number): string {
  const { label, amount } = balanceParts(outstanding);
  return label === 'Outstanding'
    ? `outstanding ${ledgerRupees(amount)}`
    : `an advance of ${ledgerRupees(amount)} to the vendor`;
}

/** What is left after a payment: '₹12,000' (still owed) or 'an advance of ₹500 to the vendor'. */
export function afterPayment(outstanding: number): string {
  return balanceParts(outstanding).label === 'Outstanding'
    ? ledgerRupees(outstanding)
    : balanceText(outstanding);
}

export const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How much of a payment goes beyond what is owed (rupees; 0 when it does not), in paise arithmetic. */
export function paymentAdvance(outstanding: number, amount: number): number {
  const owed = Math.max(0, paiseOf(outstanding));
  const paid = paiseOf(amount);
  return paid > owed ? fromPaise(paid - owed) : 0;
}

/** The exact amount with paise ('₹1,234.50') when the whole-rupee text leaves paise out; null when it is exact. */
export function exactRupees(rupees: number): string | null {
  const paise = paiseOf(rupees);
  return paise % 100 === 0 ? null : formatPaise(paise);
}

/** An entry's movement of the balance: '+₹1,20,000' (the business owes more) or '-₹50,000' (less). */
export function signedRupees(effect: number): string {
  const text = ledgerRupees(effect);
  return effect > 0 && text !== '₹0' ? `+${text}` : text;
}

/** The exact movement with paise, signed as signedRupees; null when exact. */
export function exactSigned(effect: number): string | null {
  const exact = exactRupees(effect);
  if (exact === null) return null;
  return effect > 0 ? `+${exact}` : exact;
}

/** Whether an entry raised (+1) or lowered (-1) the balance. */
export const direction = (entry: Pick<LedgerEntry, 'effect'>): 1 | -1 => (entry.effect >= 0 ? 1 : -1);

/** A person as the ledger names them; 'System' for what no one typed (a PO added by its approval). */
export const enteredByName = (actor: LedgerEntry['enteredBy']): string => actor?.name || 'System';

/** The badge look of an entry type: what adds to the balance is filled, what lowers it is green, a reversal grey. */
export function entryTypeVariant(
  type: LedgerEntryType,
): 'default' | 'success' | 'secondary' | 'outline' | 'destructive' {
  switch (type) {
    case 'PO Add':
      return 'default';
    case 'Overbill Approved':
      return 'destructive';
    case 'Payment':
    case 'Credit Note':
      return 'success';
    default:
      return 'secondary';
  }
}

/** India's offset from UTC (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * A ledger day as the screens show dates (day-month-year with dashes): '2026-11-24' -> '24-11-2026'.
 * A moment ('2026-11-24T20:00:00.000Z') is shown as its day in India ('25-11-2026').
 */
export function formatLedgerDate(value: string | null | undefined): string {
  if (!value) return '';
  let day = value;
  if (value.length > 10) {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value;
    day = new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** The vendor's ledger page. */
export const ledgerPath = (vendorId: string): string =>
  `/vendors/ledger-detail?id=${encodeURIComponent(vendorId)}`;

/** A PO's page in mfe-po. */
export const poPath = (poId: string): string => `/po/${encodeURIComponent(poId)}`;
