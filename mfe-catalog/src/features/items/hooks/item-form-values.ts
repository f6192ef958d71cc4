/** The item form's values and how they map to and from the API (SPEC §3 "Item", §5 "Item save"). */
import {
  amountTooLarge,
  fromPaise,
  hasAtMostTwoDecimals,
  MAX_MOQ,
  MAX_RUPEES,
  MOQ_TOO_LARGE,
  toPaise,
  tryUnitTotal,
  type CreateItemBody,
  type Item,
  type VendorPriceInput,
} from '@erp/contracts';
import type { VendorOption } from '../api/search-vendors';

export interface VendorRowValues {
  /** Client-only key for React; never sent. */
  key: string;
  /** The existing price row's id (edit), absent for a new row. */
  _id?: string;
  vendor: VendorOption | null;
  price: string;
  gst: string;
  moq: string;
  active: boolean;
  notes: string;
  /** Removed after confirmation: shown struck out and left out of the saved list. */
  removed: boolean;
  /** While removed: whether the price was active, so Undo brings it back as it was. */
  activeBeforeRemoval?: boolean;
}

export interface ItemFormValues {
  name: string;
  unit: string;
  vendors: VendorRowValues[];
}

let nextKey = 1;
const newKey = () => `row-${nextKey++}`;

export function emptyVendorRow(): VendorRowValues {
  return { key: newKey(), vendor: null, price: '', gst: '0', moq: '', active: true, notes: '', removed: false };
}

export function emptyItemValues(): ItemFormValues {
  return { name: '', unit: '', vendors: [emptyVendorRow()] };
}

const money = (n: number) => String(n);

export function itemToValues(item: Item): ItemFormValues {
  return {
    name: item.name,
    unit: item.unit,
    vendors: item.vendors.map((v) => ({
      key: v._id,
      _id: v._id,
      vendor: { _id: v.vendor._id, name: v.vendor.name, vendorId: v.vendor.vendorId, status: v.vendor.status as VendorOption['status'] },
      price: money(v.price),
      gst: money(v.gst),
      moq: v.moq ? String(v.moq) : '',
      active: v.status === 'active',
      notes: v.notes,
      removed: false,
    })),
  };
}

/** A typed amount as a number, or NaN when it is not one. */
export const parseAmount = (raw: string): number => (raw.trim() === '' ? NaN : Number(raw));

/**
 * Total per unit = price + GST (SPEC §5), in paise arithmetic; null until the price is a number, and
 * null (never an exception) for an amount beyond the maximum: it is computed while rendering, and a
 * throw there replaced the whole form with the error screen, losing everything typed.
 */
export function rowTotal(row: Pick<VendorRowValues, 'price' | 'gst'>): number | null {
  const price = parseAmount(row.price);
  const gst = row.gst.trim() === '' ? 0 : parseAmount(row.gst);
  return tryUnitTotal(price, gst);
}

export interface RowProblems {
  price?: string;
  gst?: string;
  moq?: string;
}

/** Amounts beyond the maximum, shown next to their fields as they are typed (the same words the service answers). */
export function rowProblems(row: Pick<VendorRowValues, 'price' | 'gst' | 'moq'>): RowProblems {
  const problems: RowProblems = {};
  if (parseAmount(row.price) > MAX_RUPEES) problems.price = amountTooLarge('Price');
  if (parseAmount(row.gst) > MAX_RUPEES) problems.gst = amountTooLarge('GST');
  if (parseAmount(row.moq) > MAX_MOQ) problems.moq = MOQ_TOO_LARGE;
  return problems;
}

/** Keeps digits and one decimal point with at most two decimals (prices, GST, MOQ). */
export function sanitizeAmount(raw: string): string {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

const liveRows = (values: ItemFormValues) => values.vendors.filter((r) => !r.removed);

/** The first problem, in the spec's words, or null (checked when Save & Close is pressed). */
export function validateItem(values: ItemFormValues): string | null {
  if (!values.name.trim()) return 'Item name is required';
  if (!values.unit.trim()) return 'Unit is required';
  const rows = liveRows(values);
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.vendor) continue;
    if (seen.has(row.vendor._id)) return 'Duplicate vendors are not allowed';
    seen.add(row.vendor._id);
  }
  for (const row of rows) {
    if (!row.vendor) return 'Choose a vendor for every price row';
    const tooLarge = rowProblems(row);
    const first = tooLarge.price ?? tooLarge.gst ?? tooLarge.moq;
    if (first) return `Vendor ${row.vendor.name}: ${first}`;
    const price = parseAmount(row.price);
    if (!(price > 0) || !hasAtMostTwoDecimals(price)) return `Vendor ${row.vendor.name}: Price must be greater than 0`;
    const gst = row.gst.trim() === '' ? 0 : parseAmount(row.gst);
    if (!(gst >= 0) || !hasAtMostTwoDecimals(gst)) return `Vendor ${row.vendor.name}: GST must be 0 or more`;
    const moq = row.moq.trim() === '' ? 0 : parseAmount(row.moq);
    if (!(moq >= 0)) return `Vendor ${row.vendor.name}: MOQ must be 0 or more`;
  }
  return null;
}

/** A row the user added and left completely empty is not a price: it is dropped rather than refused. */
const isBlankNewRow = (row: VendorRowValues) => !row._id && !row.vendor && row.price.trim() === '' && row.notes.trim() === '';

/** The values without blank new rows (what validation and saving look at). */
export function withoutBlankRows(values: ItemFormValues): ItemFormValues {
  return { ...values, vendors: values.vendors.filter((r) => !isBlankNewRow(r)) };
}

/** What the API takes: the full list of vendor prices still on the form (rows left out are removed). */
export function valuesToBody(values: ItemFormValues): Required<Pick<CreateItemBody, 'name' | 'unit' | 'vendors'>> {
  return {
    name: values.name.trim(),
    unit: values.unit,
    vendors: liveRows(values).map((row): VendorPriceInput => {
      const gst = row.gst.trim() === '' ? 0 : parseAmount(row.gst);
      const moq = row.moq.trim() === '' ? 0 : parseAmount(row.moq);
      return {
        ...(row._id ? { _id: row._id } : {}),
        vendor: row.vendor?._id ?? '',
        price: fromPaise(toPaise(parseAmount(row.price))),
        gst: fromPaise(toPaise(gst)),
        moq: fromPaise(toPaise(moq)),
        status: row.active ? 'active' : 'inactive',
        notes: row.notes.trim(),
      };
    }),
  };
}

/**
 * What a 409 on save means for the form. A new item has no version to be stale: its 409 is the name
 * being taken. An edit's 409 is a stale save only when the service says the item was changed by
 * someone else (STALE in services/catalog); otherwise it is the name too.
 */
export function conflictKind(message: string, editing: boolean): 'stale' | 'name' {
  return editing && /changed by someone else/i.test(message) ? 'stale' : 'name';
}

/** The banner's advice after the service's message. */
export const CONFLICT_ADVICE = {
  stale: 'Your changes are still here; reload the item in another tab to compare, then save again.',
  name: 'Your changes are still here; choose a different name, then save again.',
} as const;
