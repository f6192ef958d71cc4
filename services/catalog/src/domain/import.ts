/**
 * An item import's rules: a file's table (columns IMPORT_COLUMNS) into rows, the rules for one row
 * (numbers, status, vendor lookup by name or display id), a group of rows of one item checked as a
 * whole, and what each row is reported as. No database here.
 */
import {
  amountTooLarge,
  hasAtMostTwoDecimals,
  IMPORT_COLUMNS,
  MAX_MOQ,
  MAX_RUPEES,
  MOQ_TOO_LARGE,
  toHundredths,
  toPaise,
} from '@erp/contracts';
import type { ImportRowResult } from '@erp/contracts';
import { badRequest, restoreFormula } from '@erp/service-kit';
import {
  canonicalUnit,
  cleanName,
  UNIT_MESSAGE,
  type DesiredPrice,
  type ItemInput,
  type ItemPlan,
  type Refusal,
  type Status,
  type VendorInfo,
} from './plan.js';

export interface ImportRow {
  /** Row number in the file; the header is row 1. */
  row: number;
  itemName: string;
  unit: string;
  vendor: string;
  price: string;
  gst: string;
  moq: string;
  status: string;
  notes: string;
}

export const WRONG_COLUMNS = `The file must have the columns: ${IMPORT_COLUMNS.join(', ')}`;

/** Check the header and turn the data rows into ImportRows (blank rows are skipped). */
export function toImportRows(table: string[][]): ImportRow[] {
  const header = (table[0] ?? []).map((h) => String(h).trim().toLowerCase());
  const index = IMPORT_COLUMNS.map((c) => header.indexOf(c.toLowerCase()));
  if (index.some((i) => i < 0)) throw badRequest(WRONG_COLUMNS);
  const rows: ImportRow[] = [];
  for (let r = 1; r < table.length; r++) {
    const cells = table[r]!;
    // An exported file wrote text such as "-Special" or "=A1" as '-Special and '=A1 (no formula
    // runs when it is opened); the apostrophe is taken off again here.
    const cell = (k: number) => restoreFormula(String(cells[index[k]!] ?? '').trim()).trim();
    const row: ImportRow = {
      row: r + 1,
      itemName: cell(0),
      unit: cell(1),
      vendor: cell(2),
      price: cell(3),
      gst: cell(4),
      moq: cell(5),
      status: cell(6),
      notes: cell(7),
    };
    if (Object.entries(row).every(([k, v]) => k === 'row' || v === '')) continue;
    rows.push(row);
  }
  return rows;
}

/** Rows grouped by item (name compared trimmed, single-spaced, without case), in file order. */
export function groupByItem(rows: ImportRow[]): Map<string, ImportRow[]> {
  const groups = new Map<string, ImportRow[]>();
  for (const r of rows) {
    const key = cleanName(r.itemName).toLowerCase();
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  return groups;
}

/** Vendors looked up by display id or name, without case. */
export class VendorLookup {
  private readonly byName = new Map<string, VendorInfo[]>();
  private readonly byDisplay = new Map<string, VendorInfo>();
  constructor(vendors: VendorInfo[]) {
    for (const v of vendors) {
      const k = v.name.trim().toLowerCase();
      this.byName.set(k, [...(this.byName.get(k) ?? []), v]);
      this.byDisplay.set(v.displayId.trim().toLowerCase(), v);
    }
  }
  find(text: string): VendorInfo | string {
    const k = text.trim().toLowerCase();
    const byId = this.byDisplay.get(k);
    if (byId) return byId;
    const named = this.byName.get(k) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) return 'More than one vendor has this name; use the vendor ID';
    return 'Vendor not found';
  }
}

function amount(text: string): number | null | 'bad' {
  if (text === '') return null;
  const n = Number(text.replace(/[₹,\s]/g, ''));
  if (!Number.isFinite(n) || !hasAtMostTwoDecimals(n)) return 'bad';
  return n;
}

/** One row with a vendor as a desired price; a string is the reason the row is refused. */
export function rowPrice(r: ImportRow, vendor: VendorInfo): DesiredPrice | string {
  const price = amount(r.price);
  if (price === 'bad' || price === null || price <= 0)
    return `Vendor ${vendor.name}: Price must be greater than 0`;
  if (price > MAX_RUPEES) return `Vendor ${vendor.name}: ${amountTooLarge('Price')}`;
  const gst = amount(r.gst);
  if (gst === 'bad' || (gst !== null && gst < 0)) return `Vendor ${vendor.name}: GST must be 0 or more`;
  if (gst !== null && gst > MAX_RUPEES) return `Vendor ${vendor.name}: ${amountTooLarge('GST')}`;
  const moq = amount(r.moq);
  if (moq === 'bad' || (moq !== null && moq < 0)) return `Vendor ${vendor.name}: MOQ must be 0 or more`;
  if (moq !== null && moq > MAX_MOQ) return `Vendor ${vendor.name}: ${MOQ_TOO_LARGE}`;
  if (r.notes.length > 1000) return 'Notes must be at most 1000 characters';
  let status: Status | undefined;
  if (r.status) {
    const s = r.status.toLowerCase();
    if (s !== 'active' && s !== 'inactive') return 'Status must be active or inactive';
    status = s;
  }
  return {
    vendorId: vendor.vendorId,
    pricePaise: toPaise(price),
    gstPaise: gst === null ? undefined : toPaise(gst),
    moqHundredths: moq === null ? undefined : toHundredths(moq),
    status,
    notes: r.notes === '' ? undefined : r.notes,
  };
}

/** Every row of a group refused: the culprit with the reason, the others as not applied because of it. */
export const refusedAll = (rows: ImportRow[], culprit: ImportRow | null, reason: string): ImportRowResult[] =>
  rows.map((r) => ({
    row: r.row,
    itemName: r.itemName,
    vendor: r.vendor,
    outcome: 'refused',
    message:
      !culprit || r === culprit
        ? reason
        : `Not applied: row ${culprit.row} of this item was refused (${reason})`,
  }));

export interface Prepared {
  input: ItemInput;
  /** Which file row carries which vendor. */
  rowOfVendor: Map<string, ImportRow>;
}

/** The unit the group's rows give (all the same when given); a refusal names the row that differs. */
function groupUnit(rows: ImportRow[]): { unit: string | undefined } | { culprit: ImportRow; reason: string } {
  let unit: string | undefined;
  for (const r of rows) {
    if (!r.unit) continue;
    const u = canonicalUnit(r.unit);
    if (!u) return { culprit: r, reason: UNIT_MESSAGE };
    if (unit && unit !== u) return { culprit: r, reason: 'The rows of this item give different units' };
    unit = u;
  }
  return { unit };
}

/** Check a group's rows without the database; a refusal names the first bad row. */
export function prepareGroup(
  rows: ImportRow[],
  lookup: VendorLookup,
  exists: boolean,
): Prepared | { culprit: ImportRow | null; reason: string } {
  const first = rows[0]!;
  const name = cleanName(first.itemName);
  if (!name) return { culprit: first, reason: 'Item name is required' };
  const units = groupUnit(rows);
  if ('reason' in units) return units;
  const { unit } = units;
  if (!unit && !exists) return { culprit: first, reason: 'Unit is required' };
  const prices: DesiredPrice[] = [];
  const rowOfVendor = new Map<string, ImportRow>();
  for (const r of rows) {
    if (!r.vendor) continue;
    const v = lookup.find(r.vendor);
    if (typeof v === 'string') return { culprit: r, reason: v };
    if (rowOfVendor.has(v.vendorId)) return { culprit: r, reason: 'Duplicate vendors are not allowed' };
    const p = rowPrice(r, v);
    if (typeof p === 'string') return { culprit: r, reason: p };
    prices.push(p);
    rowOfVendor.set(v.vendorId, r);
  }
  return { input: { name: exists ? undefined : name, unit, prices, mode: 'merge' }, rowOfVendor };
}

/** A group the item rules refused: the row of the vendor the refusal names (else the first) is the culprit. */
export function refusedByPlan(rows: ImportRow[], prepared: Prepared, err: Refusal): ImportRowResult[] {
  return refusedAll(
    rows,
    err.vendorId ? (prepared.rowOfVendor.get(err.vendorId) ?? null) : rows[0]!,
    err.message,
  );
}

const MESSAGES: Record<'created' | 'updated' | 'unchanged', string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'No changes',
};

/**
 * Each row of a group applied: its vendor's price outcome (a row without a vendor: the item's); an
 * unchanged price of an item created or updated is reported as the item is.
 */
export function appliedRows(
  rows: ImportRow[],
  prepared: Prepared,
  plan: Pick<ItemPlan, 'outcomes' | 'itemOutcome'>,
): ImportRowResult[] {
  return rows.map((r) => {
    const vendorId = r.vendor
      ? [...prepared.rowOfVendor.entries()].find(([, row]) => row === r)?.[0]
      : undefined;
    let outcome = vendorId ? (plan.outcomes.get(vendorId) ?? 'unchanged') : plan.itemOutcome;
    if (outcome === 'unchanged' && plan.itemOutcome !== 'unchanged')
      outcome = plan.itemOutcome === 'created' ? 'created' : 'updated';
    return { row: r.row, itemName: r.itemName, vendor: r.vendor, outcome, message: MESSAGES[outcome] };
  });
}
