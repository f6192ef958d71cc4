/**
 * Money and quantity arithmetic. Money is integer paise, quantities are integer hundredths
 * (the spec's step is 0.01). The API carries rupees and quantities as JSON numbers with at most
 * two decimals; these functions are the only place where the two meet.
 */
export type Paise = number;
export type Hundredths = number;

function assertFinite(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`${what} must be a finite number`);
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer`);
}

/** Rupees (at most two decimals on the wire) to integer paise, rounding half away from zero. */
export function toPaise(rupees: number): Paise {
  assertFinite(rupees, 'Amount');
  const paise = Math.sign(rupees) * Math.round(Math.abs(rupees) * 100 + 1e-9);
  assertSafeInteger(paise, 'Amount in paise');
  return paise === 0 ? 0 : paise;
}

/** Integer paise to rupees for the API (exact to two decimals). */
export function fromPaise(paise: Paise): number {
  assertSafeInteger(paise, 'Amount in paise');
  return paise / 100;
}

/** A quantity (at most two decimals) to integer hundredths. */
export function toHundredths(quantity: number): Hundredths {
  assertFinite(quantity, 'Quantity');
  const h = Math.sign(quantity) * Math.round(Math.abs(quantity) * 100 + 1e-9);
  assertSafeInteger(h, 'Quantity in hundredths');
  return h === 0 ? 0 : h;
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
