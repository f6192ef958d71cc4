/**
 * Money and quantity arithmetic. Money is integer paise, quantities are integer hundredths
 * (the spec's step is 0.01). The API carries rupees and quantities as JSON numbers with at most
 * two decimals; these functions are the only place where the two meet.
 */
export type Paise = number;
export type Hundredths = number;

function assertFinite(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new RangeError(`${what} must be a finite number`);
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer`);
}

/** A number of at most two decimals to integer hundredths of it, rounding half away from zero (never -0). */
function hundredthsOf(value: number, what: string, unit: string): number {
  assertFinite(value, what);
  const n = Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9);
  assertSafeInteger(n, `${what} in ${unit}`);
  return n === 0 ? 0 : n;
}

/** Rupees (at most two decimals on the wire) to integer paise, rounding half away from zero. */
export function toPaise(rupees: number): Paise {
  return hundredthsOf(rupees, 'Amount', 'paise');
}

/** Integer paise to rupees for the API (exact to two decimals). */
export function fromPaise(paise: Paise): number {
  assertSafeInteger(paise, 'Amount in paise');
  return paise / 100;
}

/** A quantity (at most two decimals) to integer hundredths. */
export function toHundredths(quantity: number): Hundredths {
  return hundredthsOf(quantity, 'Quantity', 'hundredths');
}

export function fromHundredths(hundredths: Hundredths): number {
  assertSafeInteger(hundredths, 'Quantity in hundredths');
  return hundredths / 100;
}

/** True when a number has at most two decimals (what the wire allows for rupees and quantities). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** Divide a bigint by a positive divisor rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** Value of a line: unit price (paise) x quantity (hundredths), rounded to the paisa. */
export function lineAmount(unitPaise: Paise, quantity: Hundredths): Paise {
  assertSafeInteger(unitPaise, 'Unit price in paise');
  assertSafeInteger(quantity, 'Quantity in hundredths');
  const result = Number(divRound(BigInt(unitPaise) * BigInt(quantity), 100n));
  assertSafeInteger(result, 'Line amount');
  return result;
}

/** Total per unit as the spec defines it: price + GST amount per unit. */
export function unitTotal(pricePaise: Paise, gstPaise: Paise): Paise {
  return sumPaise([pricePaise, gstPaise]);
}

export function sumPaise(values: readonly Paise[]): Paise {
  let total = 0;
  for (const v of values) {
    assertSafeInteger(v, 'Amount in paise');
    total += v;
  }
  assertSafeInteger(total, 'Total in paise');
  return total;
}

/** GST amount per unit from a percentage rate given in basis points (1800 = 18%). */
export function gstFromRate(pricePaise: Paise, rateBasisPoints: number): Paise {
  assertSafeInteger(pricePaise, 'Price in paise');
  assertSafeInteger(rateBasisPoints, 'GST rate');
  return Number(divRound(BigInt(pricePaise) * BigInt(rateBasisPoints), 10000n));
}

/**
 * The largest rupee amount any price or GST field accepts: ₹10,00,00,000.00 (ten crore rupees per
 * unit), 10,000,000,000 paise. Far inside the safe integer range, with room for sums and line
 * amounts; and small enough that a two-decimal check in floating point stays exact (at ₹1,000
 * crore, 9,999,999,999.98 / 0.01 is already off by more than the validator's tolerance).
 */
export const MAX_RUPEES = 100_000_000;
export const MAX_PAISE: Paise = MAX_RUPEES * 100;
/** MAX_RUPEES as the screens show it. */
export const MAX_RUPEES_TEXT = '₹10,00,00,000.00';

/** The message for an amount above MAX_RUPEES, the same on the forms and from the services. */
export const amountTooLarge = (field: string): string => `${field} cannot be more than ${MAX_RUPEES_TEXT}`;

/** Rupees to paise, or null when the value is not a finite amount within ±MAX_RUPEES. Never throws: safe to call while rendering. */
export function tryToPaise(rupees: number): Paise | null {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees) || Math.abs(rupees) > MAX_RUPEES) return null;
  return toPaise(rupees);
}

/** Total per unit (price + GST) in rupees, or null when either is not an amount within the maximum. Never throws. */
export function tryUnitTotal(priceRupees: number, gstRupees: number): number | null {
  const price = tryToPaise(priceRupees);
  const gst = tryToPaise(gstRupees);
  return price === null || gst === null ? null : fromPaise(unitTotal(price, gst));
}

/** The largest minimum order quantity an item price takes (in the item's unit), and what is said above it. */
export const MAX_MOQ = 10_000_000;
export const MOQ_TOO_LARGE = 'MOQ cannot be more than 1,00,00,000';

/** Digits with Indian grouping: the last three together, then pairs (1,23,45,678). Non-negative integers only. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  pairs.unshift(rest);
  return `${pairs.join(',')},${last3}`;
}

/**
 * Paise as an amount with Indian digit grouping and two decimals: 12345678 -> '₹1,23,456.78',
 * -5 -> '-₹0.05'. Built from the integer, never through floating-point rupees. The symbol is a
 * parameter because the standard PDF fonts cannot draw '₹' (pass 'Rs. ' there).
 */
export function formatPaise(paise: Paise, symbol = '₹'): string {
  assertSafeInteger(paise, 'Amount in paise');
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${symbol}${groupIndian(String(rupees))}.${fraction}`;
}

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 in words, 21-99 hyphenated ('Twenty-One'). */
function wordsBelowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]!}`;
}

/** 1..999 in words, without 'and' ('Four Hundred Fifty-Six'). */
function wordsBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(wordsBelowHundred(rest));
  return parts.join(' ');
}

/** A positive integer in words with the Indian scale: crore (10^7), lakh (10^5), thousand, hundred. */
function indianWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  // Above 99 crore the crore count is itself said in the Indian scale ('One Hundred Crore').
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${wordsBelowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${wordsBelowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(wordsBelowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount in words as Indian cheques and invoices write it, with the Indian scale (thousand,
 * lakh, crore) and no 'and' inside a number:
 *   12345678 -> 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'
 *   100 -> 'Rupees One Only'; 0 -> 'Rupees Zero Only'; MAX_PAISE -> 'Rupees Ten Crore Only'.
 * Less than a rupee is said in paise alone: 50 -> 'Fifty Paise Only' (not 'Rupees Zero and ...');
 * one paisa is singular: 1 -> 'One Paisa Only', 101 -> 'Rupees One and One Paisa Only'.
 * A total can be larger than MAX_PAISE (a PO's lines add up): above 99 crore the crore count is
 * itself said in the Indian scale ('Rupees One Thousand Two Hundred Thirty-Four Crore Only').
 * Throws a RangeError for a negative amount or one that is not a safe integer.
 */
export function amountInWords(paise: Paise): string {
  assertSafeInteger(paise, 'Amount in paise');
  if (paise < 0) throw new RangeError('Amount in words needs an amount that is not negative');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest === 0 ? '' : `${wordsBelowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  if (rupees === 0) return rest === 0 ? 'Rupees Zero Only' : `${paiseWords} Only`;
  return `Rupees ${indianWords(rupees)}${paiseWords ? ` and ${paiseWords}` : ''} Only`;
}

export interface GstSplit {
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/**
 * A GST amount as the invoice shows it. Within one state (sameState) it is central + state GST in
 * halves; an odd paisa goes to CGST, so cgst + sgst === gst exactly (5 -> 3 + 2; -5 -> -3 + -2).
 * Between states it is all integrated GST.
 */
export function gstSplit(gstPaise: Paise, sameState: boolean): GstSplit {
  assertSafeInteger(gstPaise, 'GST in paise');
  if (!sameState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise === 0 ? 0 : gstPaise };
  // Exact halving toward zero; the remainder (0 or ±1) stays with CGST.
  const sgstPaise = (gstPaise - (gstPaise % 2)) / 2;
  const cgstPaise = gstPaise - sgstPaise;
  return {
    cgstPaise: cgstPaise === 0 ? 0 : cgstPaise,
    sgstPaise: sgstPaise === 0 ? 0 : sgstPaise,
    igstPaise: 0,
  };
}

/**
 * The state code of a GSTIN: its first two digits, when the GSTIN has 15 characters (after
 * trimming) and they are a state or union territory code (01-38) or 97 (other territory) or 99
 * (centre jurisdiction). Anything else (empty, malformed, an unknown code) is null.
 */
export function gstinStateCode(gstin: string): string | null {
  if (typeof gstin !== 'string') return null;
  const value = gstin.trim();
  if (value.length !== 15 || !/^[0-9]{2}/.test(value)) return null;
  const code = value.slice(0, 2);
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97 || n === 99 ? code : null;
}

/** True only when both GSTINs have a known state code and it is the same: the supply is intra-state (CGST + SGST). */
export function sameGstState(a: string, b: string): boolean {
  const codeA = gstinStateCode(a);
  return codeA !== null && codeA === gstinStateCode(b);
}
