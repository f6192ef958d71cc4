/**
 * Quantities are never added across units (decision 0037): 100 bags and 12.25 CBM are not
 * "112.25". A list of lines adds up per unit, in the order each unit first appears; the indent list
 * and queues, the indent's page and the screens read the same shape.
 */
import type { Hundredths } from './money.js';

export interface UnitTotal {
  unit: string;
  /** Integer hundredths. */
  quantity: Hundredths;
}

/** The quantities of `lines` (hundredths) added up per unit, units in order of first appearance. */
export function quantitiesByUnit(lines: ReadonlyArray<{ unit: string; quantity: Hundredths }>): UnitTotal[] {
  const totals = new Map<string, Hundredths>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity))
      throw new RangeError('Quantity in hundredths must be a safe integer');
    const sum = (totals.get(line.unit) ?? 0) + line.quantity;
    if (!Number.isSafeInteger(sum)) throw new RangeError('Total in hundredths must be a safe integer');
    totals.set(line.unit, sum);
  }
  return [...totals].map(([unit, quantity]) => ({ unit, quantity }));
}
