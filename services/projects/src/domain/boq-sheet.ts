/**
 * A BOQ spreadsheet (rows of text cells, as the service kit's reader gives them) to candidate lines:
 * the header row found by the column names of BOQ_IMPORT_COLUMNS and their aliases, then each data
 * row checked with the BOQ form's rules. No database here: items are resolved by the caller.
 */
import {
  amountTooLarge,
  BOQ_IMPORT_ALIASES,
  BOQ_IMPORT_COLUMNS,
  BOQ_MESSAGES,
  BOQ_QTY_TOO_LARGE,
  hasAtMostTwoDecimals,
  MAX_BOQ_QTY,
  MAX_RUPEES,
} from '@erp/contracts';
import { badRequest, restoreFormula } from '@erp/service-kit';

type Column = (typeof BOQ_IMPORT_COLUMNS)[number];

/** Columns a BOQ file must have; Remark may be left out. */
const REQUIRED: readonly Column[] = ['Item', 'Unit', 'Quantity', 'Rate'];
/** Rows looked at for the header (an exported file has its BOQ's details above it). */
export const HEADER_SEARCH_ROWS = 30;

export const WRONG_COLUMNS = `The file must have a header row with the columns ${REQUIRED.join(', ')} (and optionally Remark)`;
export const QTY_DECIMALS = 'Planned quantity can have at most two decimals';
export const RATE_DECIMALS = 'Rate can have at most two decimals';
export const UNIT_TOO_LONG = 'Unit must be at most 20 characters';
export const REMARK_TOO_LONG = 'Remark must be at most 500 characters';

const ALIAS_OF = new Map<string, Column>();
for (const c of BOQ_IMPORT_COLUMNS) {
  ALIAS_OF.set(c.toLowerCase(), c);
  for (const a of BOQ_IMPORT_ALIASES[c]) ALIAS_OF.set(a.toLowerCase(), c);
}

const headerName = (cell: string) =>
  cell
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[:*]+$/, '')
    .trim()
    .toLowerCase();

/** A data row of the file with its cells taken apart; `reasons` lists what is wrong without the item master. */
export interface CandidateRow {
  /** Row number in the file (1 = first row). */
  row: number;
  /** The Item cell as written (trimmed): an item name, or an item id. */
  item: string;
  unit: string;
  /** Quantity and rate (rupees) when valid, null when refused. */
  plannedQty: number | null;
  rate: number | null;
  remark: string;
  reasons: string[];
}

/** The header row: the first of the top rows that names every required column; column index by name. */
function findHeader(table: string[][]): { at: number; index: Map<Column, number> } {
  for (let r = 0; r < Math.min(table.length, HEADER_SEARCH_ROWS); r++) {
    const index = new Map<Column, number>();
    (table[r] ?? []).forEach((cell, i) => {
      const col = ALIAS_OF.get(headerName(String(cell ?? '')));
      if (col && !index.has(col)) index.set(col, i);
    });
    if (REQUIRED.every((c) => index.has(c))) return { at: r, index };
  }
  throw badRequest(WRONG_COLUMNS);
}

/** A number as a spreadsheet or a person writes it: ₹, thousands separators and spaces allowed. */
function numberOf(text: string): number | null {
  if (text === '') return null;
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** A spreadsheet's float (0.30000000000000004 from a computed cell) as the two-decimal number it stands for. */
const twoDecimals = (n: number): number => Math.round(n * 100) / 100;

function checkQuantity(text: string, reasons: string[]): number | null {
  const n = numberOf(text);
  if (n === null || n <= 0) {
    reasons.push(BOQ_MESSAGES.quantity);
    return null;
  }
  if (!hasAtMostTwoDecimals(n)) {
    reasons.push(QTY_DECIMALS);
    return null;
  }
  if (n > MAX_BOQ_QTY) {
    reasons.push(BOQ_QTY_TOO_LARGE);
    return null;
  }
  return twoDecimals(n);
}

function checkRate(text: string, reasons: string[]): number | null {
  const n = numberOf(text);
  if (n === null || n <= 0) {
    reasons.push(BOQ_MESSAGES.rate);
    return null;
  }
  if (!hasAtMostTwoDecimals(n)) {
    reasons.push(RATE_DECIMALS);
    return null;
  }
  if (n > MAX_RUPEES) {
    reasons.push(amountTooLarge('Rate'));
    return null;
  }
  return twoDecimals(n);
}

/**
 * The data rows under the header (blank rows skipped), each with the reasons the form would refuse
 * it for, the item aside. Cells an export wrote with a protective apostrophe ('=A1) lose it again.
 */
export function parseBoqTable(table: string[][]): CandidateRow[] {
  const { at, index } = findHeader(table);
  const rows: CandidateRow[] = [];
  for (let r = at + 1; r < table.length; r++) {
    const cells = table[r] ?? [];
    const cell = (c: Column) => {
      const i = index.get(c);
      return i === undefined ? '' : restoreFormula(String(cells[i] ?? '').trim()).trim();
    };
    const item = cell('Item').replace(/\s+/g, ' ');
    const unit = cell('Unit');
    const quantity = cell('Quantity');
    const rate = cell('Rate');
    const remark = cell('Remark');
    if (!item && !unit && !quantity && !rate && !remark) continue;
    const reasons: string[] = [];
    if (!item) reasons.push(BOQ_MESSAGES.item);
    const plannedQty = checkQuantity(quantity, reasons);
    if (!unit) reasons.push(BOQ_MESSAGES.unit);
    else if (unit.length > 20) reasons.push(UNIT_TOO_LONG);
    const rateValue = checkRate(rate, reasons);
    if (remark.length > 500) reasons.push(REMARK_TOO_LONG);
    rows.push({ row: r + 1, item, unit, plannedQty, rate: rateValue, remark, reasons });
  }
  return rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an Item cell is an item id (uuid) rather than a name. */
export const isItemId = (text: string): boolean => UUID.test(text);

/** `BOQ-0001 Tower A.xlsx`: letters, digits, spaces and . _ - only, at most 120 characters. */
export function exportFileName(boq: { boqNumber: string; name: string }): string {
  const base = `${boq.boqNumber} ${boq.name}`
    .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || 'BOQ'}.xlsx`;
}
