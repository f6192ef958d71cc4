/**
 * The pure part of every item write: from the item as stored and what the caller wants, work out
 * the rows to write, the price history, the derived values and which vendors' active item sets
 * change. The HTTP routes and the import both use it, so both apply the same rules.
 */
import { randomUUID } from 'node:crypto';
import {
  toHundredths,
  toPaise,
  UNITS,
  unitTotal,
  type Paise,
  type Unit,
  type VendorPriceInput,
} from '@erp/contracts';
import { HttpError } from '@erp/service-kit';

export type Status = 'active' | 'inactive';
export type VendorStatus = 'active' | 'inactive' | 'blocked';
export type ChangeKind = 'added' | 'updated' | 'deactivated' | 'activated' | 'removed';

export interface PriceState {
  id: string;
  vendorId: string;
  pricePaise: Paise;
  gstPaise: Paise;
  moqHundredths: number;
  status: Status;
  notes: string;
}

export interface ItemState {
  id: string;
  name: string;
  unit: string;
  status: Status;
  version: number;
  prices: PriceState[];
}

export interface VendorInfo {
  vendorId: string;
  displayId: string;
  name: string;
  status: VendorStatus;
}

/** A price as the caller wants it; fields left undefined keep the stored value (or the default). */
export interface DesiredPrice {
  vendorId: string;
  pricePaise?: Paise | undefined;
  gstPaise?: Paise | undefined;
  moqHundredths?: number | undefined;
  status?: Status | undefined;
  notes?: string | undefined;
}

export interface ItemInput {
  name?: string | undefined;
  unit?: string | undefined;
  status?: Status | undefined;
  prices?: DesiredPrice[] | undefined;
  /** replace: prices left out are removed (item form); merge: they are kept (import, vendor screen). */
  mode: 'replace' | 'merge';
}

export interface HistoryEntry {
  vendorId: string;
  change: ChangeKind;
  oldPrice: Paise | null;
  newPrice: Paise | null;
  oldGst: Paise | null;
  newGst: Paise | null;
}

export interface Derived {
  vendorCount: number;
  bestPaise: Paise | null;
  minPaise: Paise | null;
  maxPaise: Paise | null;
}

export type PriceOutcome = 'created' | 'updated' | 'unchanged';

export interface ItemPlan {
  itemId: string;
  create: boolean;
  /** Anything to write at all. */
  changed: boolean;
  name: string;
  unit: string;
  status: Status;
  upserts: PriceState[];
  deletes: string[];
  history: HistoryEntry[];
  /** Vendors whose set of active items changed (VendorItemsChanged). */
  touchedVendors: string[];
  derived: Derived;
  outcomes: Map<string, PriceOutcome>;
  itemOutcome: PriceOutcome;
}

/** A refusal with the spec's words; `vendorId` says which price row caused it (import reports). */
export class Refusal extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly vendorId?: string,
  ) {
    super(statusCode, message);
  }
}

export const UNIT_MESSAGE = `Unit must be one of: ${UNITS.join(', ')}`;

/** Item names are kept trimmed with single spaces; the unique key is their lower case. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** A unit of SPEC §9, matched without regard to case ('cbm' is CBM); null when unknown. */
export function canonicalUnit(unit: string): Unit | null {
  const u = unit.trim().toLowerCase();
  return UNITS.find((x) => x.toLowerCase() === u) ?? null;
}

/** vendorCount, best price and range from the ACTIVE prices only (totals = price + GST, paise). */
export function derive(prices: readonly Pick<PriceState, 'pricePaise' | 'gstPaise' | 'status'>[]): Derived {
  const totals = prices.filter((p) => p.status === 'active').map((p) => unitTotal(p.pricePaise, p.gstPaise));
  if (totals.length === 0) return { vendorCount: 0, bestPaise: null, minPaise: null, maxPaise: null };
  const min = Math.min(...totals);
  return { vendorCount: totals.length, bestPaise: min, minPaise: min, maxPaise: Math.max(...totals) };
}

function vendorLabel(v: VendorInfo | undefined, vendorId: string): string {
  return v?.name ?? vendorId;
}

/** Item names are unique: the words of a clash, from the check and from the unique index alike. */
export const NAME_TAKEN = 'An item with this name already exists';
export const STALE =
  'This item was changed by someone else. Reload to see the latest details, then make your change again.';
export const ITEM_NOT_FOUND = 'Item not found';

/** A price row of the item form, rupees to paise. */
export function desiredFromInput(v: VendorPriceInput): DesiredPrice {
  return {
    vendorId: v.vendor,
    pricePaise: toPaise(v.price),
    gstPaise: toPaise(v.gst ?? 0),
    moqHundredths: toHundredths(v.moq ?? 0),
    status: v.status ?? 'active',
    notes: v.notes ?? '',
  };
}

/** The item's own fields after the write: name and unit checked (required on create), status. */
function itemFields(
  existing: ItemState | null,
  input: ItemInput,
): { name: string; unit: string; status: Status } {
  const create = existing === null;
  let name = existing?.name ?? '';
  if (input.name !== undefined || create) {
    name = cleanName(input.name ?? '');
    if (!name) throw new Refusal(400, 'Item name is required');
  }
  let unit = existing?.unit ?? '';
  if (input.unit !== undefined || create) {
    const raw = (input.unit ?? '').trim();
    if (!raw) throw new Refusal(400, 'Unit is required');
    const u = canonicalUnit(raw);
    if (!u) throw new Refusal(400, UNIT_MESSAGE);
    unit = u;
  }
  const status: Status = input.status ?? existing?.status ?? 'active';
  return { name, unit, status };
}

/** The prices asked for (null: the prices are left as they are), each vendor once. */
function desiredPrices(input: ItemInput, create: boolean): DesiredPrice[] | null {
  const desired = input.prices ?? (input.mode === 'replace' && !create ? null : []);
  const seen = new Set<string>();
  for (const d of desired ?? []) {
    if (seen.has(d.vendorId)) throw new Refusal(400, 'Duplicate vendors are not allowed', d.vendorId);
    seen.add(d.vendorId);
  }
  return desired;
}

/** What the plan collects price by price. */
interface PricePlan {
  upserts: PriceState[];
  deletes: string[];
  history: HistoryEntry[];
  outcomes: Map<string, PriceOutcome>;
  touched: Set<string>;
  /** The item's prices as they will be stored (for the derived values). */
  finalPrices: Map<string, PriceState>;
}

/** The price as it will be stored: asked fields over the stored ones; price > 0 and GST ≥ 0 checked. */
function nextPrice(d: DesiredPrice, old: PriceState | undefined, v: VendorInfo): PriceState {
  const pricePaise = d.pricePaise ?? old?.pricePaise;
  if (pricePaise === undefined || !(pricePaise > 0))
    throw new Refusal(400, `Vendor ${vendorLabel(v, d.vendorId)}: Price must be greater than 0`, d.vendorId);
  const gstPaise = d.gstPaise ?? old?.gstPaise ?? 0;
  if (gstPaise < 0)
    throw new Refusal(400, `Vendor ${vendorLabel(v, d.vendorId)}: GST must be 0 or more`, d.vendorId);
  return {
    id: old?.id ?? randomUUID(),
    vendorId: d.vendorId,
    pricePaise,
    gstPaise,
    moqHundredths: d.moqHundredths ?? old?.moqHundredths ?? 0,
    status: d.status ?? old?.status ?? 'active',
    notes: (d.notes ?? old?.notes ?? '').trim(),
  };
}

/** A vendor's first price on the item (refused for a vendor not active). */
function addPrice(acc: PricePlan, next: PriceState, v: VendorInfo): void {
  if (v.status !== 'active')
    throw new Refusal(400, `Vendor ${v.name} is ${v.status} and cannot be given new prices`, next.vendorId);
  acc.upserts.push(next);
  acc.history.push({
    vendorId: next.vendorId,
    change: 'added',
    oldPrice: null,
    newPrice: next.pricePaise,
    oldGst: null,
    newGst: next.gstPaise,
  });
  acc.outcomes.set(next.vendorId, 'created');
  if (next.status === 'active') acc.touched.add(next.vendorId);
}

/** A change of a stored price; a vendor not active may not get a new price or have an old one switched on. */
function changePrice(acc: PricePlan, old: PriceState, next: PriceState, v: VendorInfo): void {
  const blocked = v.status !== 'active';
  const cannot = `Vendor ${v.name} is ${v.status} and cannot be given new prices`;
  if (blocked && old.status !== 'active' && next.status === 'active')
    throw new Refusal(400, cannot, next.vendorId);
  const priceMoved = old.pricePaise !== next.pricePaise || old.gstPaise !== next.gstPaise;
  // A changed price or GST is a new price too; the old one may only be kept, annotated, switched off or removed.
  if (blocked && priceMoved) throw new Refusal(400, cannot, next.vendorId);
  const differs =
    priceMoved ||
    old.moqHundredths !== next.moqHundredths ||
    old.status !== next.status ||
    old.notes !== next.notes;
  const entry = {
    vendorId: next.vendorId,
    oldPrice: old.pricePaise,
    newPrice: next.pricePaise,
    oldGst: old.gstPaise,
    newGst: next.gstPaise,
  };
  if (old.status !== next.status) {
    acc.history.push({ ...entry, change: next.status === 'active' ? 'activated' : 'deactivated' });
    acc.touched.add(next.vendorId);
  } else if (priceMoved) {
    acc.history.push({ ...entry, change: 'updated' });
  }
  if (differs) acc.upserts.push(next);
  acc.outcomes.set(next.vendorId, differs ? 'updated' : 'unchanged');
}

/** Replacing the price list: the stored prices of vendors left out are removed. */
function removeOthers(
  acc: PricePlan,
  current: ReadonlyMap<string, PriceState>,
  kept: ReadonlySet<string>,
): void {
  for (const old of current.values()) {
    if (kept.has(old.vendorId)) continue;
    acc.deletes.push(old.id);
    acc.finalPrices.delete(old.vendorId);
    acc.history.push({
      vendorId: old.vendorId,
      change: 'removed',
      oldPrice: old.pricePaise,
      newPrice: null,
      oldGst: old.gstPaise,
      newGst: null,
    });
    if (old.status === 'active') acc.touched.add(old.vendorId);
  }
}

/** The prices' part of the plan: each asked price added or changed, and (replace) the others removed. */
function planPrices(
  existing: ItemState | null,
  input: ItemInput,
  desired: DesiredPrice[] | null,
  vendors: ReadonlyMap<string, VendorInfo>,
): PricePlan {
  const current = new Map((existing?.prices ?? []).map((p) => [p.vendorId, p]));
  const acc: PricePlan = {
    upserts: [],
    deletes: [],
    history: [],
    outcomes: new Map(),
    touched: new Set(),
    finalPrices: new Map(current),
  };
  for (const d of desired ?? []) {
    const v = vendors.get(d.vendorId);
    if (!v) throw new Refusal(400, 'Vendor not found', d.vendorId);
    const old = current.get(d.vendorId);
    const next = nextPrice(d, old, v);
    if (!old) addPrice(acc, next, v);
    else changePrice(acc, old, next, v);
    acc.finalPrices.set(d.vendorId, next);
  }
  if (input.mode === 'replace' && desired)
    removeOthers(acc, current, new Set(desired.map((d) => d.vendorId)));
  return acc;
}

/** Work out an item write. Throws a Refusal (400) for input the spec refuses; touches nothing. */
export function planItem(
  existing: ItemState | null,
  input: ItemInput,
  vendors: ReadonlyMap<string, VendorInfo>,
): ItemPlan {
  const create = existing === null;
  const { name, unit, status } = itemFields(existing, input);
  const desired = desiredPrices(input, create);
  const prices = planPrices(existing, input, desired, vendors);
  // An item switched off or on changes the active item count of every vendor priced on it.
  if (existing && existing.status !== status) {
    for (const p of prices.finalPrices.values()) if (p.status === 'active') prices.touched.add(p.vendorId);
  }
  const itemFieldsChanged =
    !existing || existing.name !== name || existing.unit !== unit || existing.status !== status;
  const changed = itemFieldsChanged || prices.upserts.length > 0 || prices.deletes.length > 0;
  return {
    itemId: existing?.id ?? randomUUID(),
    create,
    changed,
    name,
    unit,
    status,
    upserts: prices.upserts,
    deletes: prices.deletes,
    history: prices.history,
    touchedVendors: [...prices.touched],
    derived: derive([...prices.finalPrices.values()]),
    outcomes: prices.outcomes,
    itemOutcome: create ? 'created' : itemFieldsChanged ? 'updated' : 'unchanged',
  };
}

/** The vendor screen's edit of one price, rupees to paise; fields left out keep the stored value. */
export function desiredFromEdit(
  vendorId: string,
  b: { price?: number; gst?: number; moq?: number; status?: Status; notes?: string },
): DesiredPrice {
  return {
    vendorId,
    pricePaise: b.price === undefined ? undefined : toPaise(b.price),
    gstPaise: b.gst === undefined ? undefined : toPaise(b.gst),
    moqHundredths: b.moq === undefined ? undefined : toHundredths(b.moq),
    status: b.status,
    notes: b.notes,
  };
}

/** Removing one vendor's price: the full list without it (every other price stays as it is). */
export function pricesWithout(state: ItemState, vendorId: string): DesiredPrice[] {
  return state.prices.filter((p) => p.vendorId !== vendorId).map((p) => ({ vendorId: p.vendorId }));
}
