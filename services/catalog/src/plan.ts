/**
 * The pure part of every item write: from the item as stored and what the caller wants, work out
 * the rows to write, the price history, the derived values and which vendors' active item sets
 * change. The HTTP routes and the import both use it, so both apply the same rules.
 */
import { randomUUID } from 'node:crypto';
import { UNITS, unitTotal, type Paise, type Unit } from '@erp/contracts';
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

/** Work out an item write. Throws a Refusal (400) for input the spec refuses; touches nothing. */
export function planItem(
  existing: ItemState | null,
  input: ItemInput,
  vendors: ReadonlyMap<string, VendorInfo>,
): ItemPlan {
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

  const desired = input.prices ?? (input.mode === 'replace' && !create ? null : []);
  const seen = new Set<string>();
  for (const d of desired ?? []) {
    if (seen.has(d.vendorId)) throw new Refusal(400, 'Duplicate vendors are not allowed', d.vendorId);
    seen.add(d.vendorId);
  }

  const current = new Map((existing?.prices ?? []).map((p) => [p.vendorId, p]));
  const upserts: PriceState[] = [];
  const deletes: string[] = [];
  const history: HistoryEntry[] = [];
  const outcomes = new Map<string, PriceOutcome>();
  const touched = new Set<string>();
  const finalPrices = new Map(current);

  for (const d of desired ?? []) {
    const v = vendors.get(d.vendorId);
    if (!v) throw new Refusal(400, 'Vendor not found', d.vendorId);
    const old = current.get(d.vendorId);
    const pricePaise = d.pricePaise ?? old?.pricePaise;
    if (pricePaise === undefined || !(pricePaise > 0))
      throw new Refusal(
        400,
        `Vendor ${vendorLabel(v, d.vendorId)}: Price must be greater than 0`,
        d.vendorId,
      );
    const gstPaise = d.gstPaise ?? old?.gstPaise ?? 0;
    if (gstPaise < 0)
      throw new Refusal(400, `Vendor ${vendorLabel(v, d.vendorId)}: GST must be 0 or more`, d.vendorId);
    const next: PriceState = {
      id: old?.id ?? randomUUID(),
      vendorId: d.vendorId,
      pricePaise,
      gstPaise,
      moqHundredths: d.moqHundredths ?? old?.moqHundredths ?? 0,
      status: d.status ?? old?.status ?? 'active',
      notes: (d.notes ?? old?.notes ?? '').trim(),
    };
    const blocked = v.status !== 'active';
    const cannot = `Vendor ${v.name} is ${v.status} and cannot be given new prices`;
    if (!old) {
      if (blocked) throw new Refusal(400, cannot, d.vendorId);
      upserts.push(next);
      history.push({
        vendorId: d.vendorId,
        change: 'added',
        oldPrice: null,
        newPrice: pricePaise,
        oldGst: null,
        newGst: gstPaise,
      });
      outcomes.set(d.vendorId, 'created');
      if (next.status === 'active') touched.add(d.vendorId);
    } else {
      if (blocked && old.status !== 'active' && next.status === 'active')
        throw new Refusal(400, cannot, d.vendorId);
      const priceMoved = old.pricePaise !== next.pricePaise || old.gstPaise !== next.gstPaise;
      // A changed price or GST is a new price too; the old one may only be kept, annotated, switched off or removed.
      if (blocked && priceMoved) throw new Refusal(400, cannot, d.vendorId);
      const differs =
        priceMoved ||
        old.moqHundredths !== next.moqHundredths ||
        old.status !== next.status ||
        old.notes !== next.notes;
      const entry = {
        vendorId: d.vendorId,
        oldPrice: old.pricePaise,
        newPrice: next.pricePaise,
        oldGst: old.gstPaise,
        newGst: next.gstPaise,
      };
      if (old.status !== next.status) {
        history.push({ ...entry, change: next.status === 'active' ? 'activated' : 'deactivated' });
        touched.add(d.vendorId);
      } else if (priceMoved) {
        history.push({ ...entry, change: 'updated' });
      }
      if (differs) upserts.push(next);
      outcomes.set(d.vendorId, differs ? 'updated' : 'unchanged');
    }
    finalPrices.set(d.vendorId, next);
  }

  if (input.mode === 'replace' && desired) {
    for (const old of current.values()) {
      if (seen.has(old.vendorId)) continue;
      deletes.push(old.id);
      finalPrices.delete(old.vendorId);
      history.push({
        vendorId: old.vendorId,
        change: 'removed',
        oldPrice: old.pricePaise,
        newPrice: null,
        oldGst: old.gstPaise,
        newGst: null,
      });
      if (old.status === 'active') touched.add(old.vendorId);
    }
  }

  // An item switched off or on changes the active item count of every vendor priced on it.
  if (existing && existing.status !== status) {
    for (const p of finalPrices.values()) if (p.status === 'active') touched.add(p.vendorId);
  }

  const itemFieldsChanged =
    !existing || existing.name !== name || existing.unit !== unit || existing.status !== status;
  const changed = itemFieldsChanged || upserts.length > 0 || deletes.length > 0;
  return {
    itemId: existing?.id ?? randomUUID(),
    create,
    changed,
    name,
    unit,
    status,
    upserts,
    deletes,
    history,
    touchedVendors: [...touched],
    derived: derive([...finalPrices.values()]),
    outcomes,
    itemOutcome: create ? 'created' : itemFieldsChanged ? 'updated' : 'unchanged',
  };
}
