/**
 * A BOQ line's money and balance (SPEC §2 "BOQ"; decision 0016): quantities in integer hundredths,
 * rates and amounts in integer paise; what goods receipts consumed under the BOQ's number is taken
 * from what was planned, whatever revision of the number the line belongs to.
 */
import {
  fromHundredths,
  fromPaise,
  lineAmount,
  sumPaise,
  type BoqItemBalance,
  type BoqLine,
} from '@erp/contracts';
import type { LineInput } from './boq-input.js';

/** A stored line with the item's name and what was consumed of it under its BOQ number. */
export interface StoredLine {
  id: string;
  itemId: string;
  name: string;
  unit: string;
  plannedHundredths: number;
  ratePaise: number;
  remark: string;
  consumedHundredths: number;
}

/** The BOQ's total: the sum of its lines' amounts (rate × planned quantity each), in paise. */
export function totalPaise(ls: LineInput[]): number {
  return sumPaise(ls.map((l) => lineAmount(l.ratePaise, l.plannedHundredths)));
}

/** What is left of a line to draw on, in hundredths (negative when receipts went past the plan). */
export function balanceHundredths(plannedHundredths: number, consumedHundredths: number): number {
  return plannedHundredths - consumedHundredths;
}

/** The line as the BOQ screen shows it: amount, consumed and balance in rupees and quantities. */
export function boqLine(l: StoredLine): BoqLine {
  return {
    _id: l.id,
    item: { _id: l.itemId, name: l.name },
    itemId: l.itemId,
    name: l.name,
    unit: l.unit,
    plannedQty: fromHundredths(l.plannedHundredths),
    rate: fromPaise(l.ratePaise),
    amount: fromPaise(lineAmount(l.ratePaise, l.plannedHundredths)),
    consumedQuantity: fromHundredths(l.consumedHundredths),
    balanceQuantity: fromHundredths(balanceHundredths(l.plannedHundredths, l.consumedHundredths)),
    remark: l.remark,
  };
}

/** GET /boq/items/{id}'s entry of a line: what an indent may draw on. */
export function itemBalance(l: BoqLine): BoqItemBalance {
  return {
    itemId: l.itemId,
    name: l.name,
    unit: l.unit,
    plannedQty: l.plannedQty,
    consumedQuantity: l.consumedQuantity,
    balanceQuantity: l.balanceQuantity,
  };
}
