/** The item form's values and how they map to and from the API (SPEC §3 "Item", §5 "Item save"). */
import {
  amountTooLarge,
  CreateItemBody,
  fromPaise,
  MAX_MOQ,
  MAX_RUPEES,
  MOQ_TOO_LARGE,
  tryToPaise,
  tryUnitTotal,
  UpdateItemBody,
  type Item,
  type VendorPriceInput,
} from '@erp/contracts';
import { formContract, type ConflictField, type FormProblem } from '@erp/ui/remote-form';
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

// Unique across reloads too: a restored draft's rows keep their keys next to rows added afterwards.
let nextKey = 1;
const newKey = () => `row-${Date.now().toString(36)}-${nextKey++}`;

export function emptyVendorRow(): VendorRowValues {
  return {
    key: newKey(),
    vendor: null,
    price: '',
    gst: '0',
    moq: '',
    active: true,
    notes: '',
    removed: false,
  };
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
      vendor: {
        _id: v.vendor._id,
        name: v.vendor.name,
        vendorId: v.vendor.vendorId,
        status: v.vendor.status as VendorOption['status'],
      },
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

/**
 * What the catalog service checks in code rather than in its schema (services/catalog/src/domain/plan.ts),
 * in its words; the schema (CreateItemBody) says the rest: a vendor chosen for every row, amounts
 * within the maximum, two decimals. Messages stay plain next to their fields; the toast adds
 * "Validation Error: " and, on a priced row, "Vendor {name}: " (itemProblemToast).
 */
export function itemRules(values: ItemFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!values.name.trim()) problems.push({ field: 'name', message: 'Item name is required' });
  if (!values.unit.trim()) problems.push({ field: 'unit', message: 'Unit is required' });
  const seen = new Set<string>();
  values.vendors.forEach((row, i) => {
    if (row.removed || !row.vendor) return;
    if (seen.has(row.vendor._id))
      problems.push({ field: `vendors.${i}.vendor`, message: 'Duplicate vendors are not allowed' });
    seen.add(row.vendor._id);
    if (parseAmount(row.price) <= 0)
      problems.push({ field: `vendors.${i}.price`, message: 'Price must be greater than 0' });
  });
  return problems;
}

/** SPEC §5: 'Validation Error: ' and the first message; a priced row's message names its vendor. */
export function itemProblemToast(problem: FormProblem, values: ItemFormValues): { title: string } {
  const [, index, field] = /^vendors\.(\d+)\.(\w+)$/.exec(problem.field) ?? [];
  const vendor = index !== undefined && field !== 'vendor' ? values.vendors[Number(index)]?.vendor : null;
  return { title: `Validation Error: ${vendor ? `Vendor ${vendor.name}: ` : ''}${problem.message}` };
}

/** A row the user added and left completely empty is not a price: it is dropped rather than refused. */
const isBlankNewRow = (row: VendorRowValues) =>
  !row._id && !row.vendor && row.price.trim() === '' && row.notes.trim() === '';

/** The values without blank new rows (what validation and saving look at). */
export function withoutBlankRows(values: ItemFormValues): ItemFormValues {
  return { ...values, vendors: values.vendors.filter((r) => !isBlankNewRow(r)) };
}

/** Exact two-decimal rupees; an amount beyond the maximum (or not a number) is sent as typed, for the schema to refuse. */
const rupees = (n: number) => {
  const paise = tryToPaise(n);
  return paise === null ? n : fromPaise(paise);
};

/**
 * What the API takes: the full list of vendor prices still on the form (rows left out are removed),
 * without blank new rows. Never throws: the form's check runs it on whatever was typed.
 */
export function valuesToBody(
  values: ItemFormValues,
): Required<Pick<CreateItemBody, 'name' | 'unit' | 'vendors'>> {
  return {
    name: values.name.trim(),
    unit: values.unit,
    vendors: liveRows(withoutBlankRows(values)).map((row): VendorPriceInput => {
      const gst = row.gst.trim() === '' ? 0 : parseAmount(row.gst);
      const moq = row.moq.trim() === '' ? 0 : parseAmount(row.moq);
      return {
        ...(row._id ? { _id: row._id } : {}),
        vendor: row.vendor?._id ?? '',
        price: rupees(parseAmount(row.price)),
        gst: rupees(gst),
        moq: rupees(moq),
        status: row.active ? 'active' : 'inactive',
        notes: row.notes.trim(),
      };
    }),
  };
}

/** A body path's field on the form: the body's rows are the live, non-blank rows of the form. */
function itemField(bodyPath: string, values: ItemFormValues): string {
  const match = /^vendors\.(\d+)(?:\.(\w+))?/.exec(bodyPath);
  if (!match) return bodyPath;
  const sent = values.vendors.flatMap((row, i) => (row.removed || isBlankNewRow(row) ? [] : [i]));
  const index = sent[Number(match[1])];
  const field = match[2] === 'status' ? 'active' : match[2] === '_id' ? 'vendor' : match[2];
  return index === undefined ? 'vendors' : field ? `vendors.${index}.${field}` : `vendors.${index}`;
}

/** The item form's check: the catalog service's body schema (create, or edit with a version) and its rules. */
export const itemContract = {
  create: formContract({
    schema: CreateItemBody,
    toBody: valuesToBody,
    fieldOf: itemField,
    rules: itemRules,
  }),
  update: formContract({
    schema: UpdateItemBody,
    toBody: valuesToBody,
    fieldOf: itemField,
    rules: itemRules,
  }),
};

/**
 * A 409 that is not a stale save (the form kit tells those by the service's "changed by someone
 * else") is the name being taken: a new item has no version to be stale (decision 0010).
 */
export const NAME_TAKEN: ConflictField<ItemFormValues> = {
  field: 'name',
  advice: 'choose a different name, then save again',
};
