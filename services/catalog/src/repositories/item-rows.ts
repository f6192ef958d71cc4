/** Rows of items and vendor prices as stored, and the wire shapes of @erp/contracts made of them. */
import { fromHundredths, fromPaise, unitTotal, type ItemSummary, type VendorPrice } from '@erp/contracts';
import type { PriceState, Status } from '../domain/plan.js';

export interface ItemRow {
  id: string;
  name: string;
  unit: string;
  status: Status;
  vendor_count: number;
  best_total_paise: number | null;
  min_total_paise: number | null;
  max_total_paise: number | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  updated_by: string | null;
  updated_by_name: string | null;
  version: number;
}

export interface PriceRow {
  id: string;
  item_id: string;
  vendor_id: string;
  price_paise: number;
  gst_paise: number;
  moq_hundredths: number;
  status: Status;
  notes: string;
  updated_at: Date;
  updated_by: string | null;
  updated_by_name: string | null;
  vendor_name: string;
  display_id: string;
  vendor_status: string;
}

export const ITEM_COLUMNS = `id, name, unit, status, vendor_count, best_total_paise, min_total_paise, max_total_paise,
  created_at, updated_at, created_by, created_by_name, updated_by, updated_by_name, version`;

export const ITEM_COLUMNS_OF_I = ITEM_COLUMNS.split(',')
  .map((c) => `i.${c.trim()}`)
  .join(', ');

export const actor = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

export function toSummary(r: ItemRow): ItemSummary {
  return {
    _id: r.id,
    name: r.name,
    unit: r.unit,
    status: r.status,
    vendorCount: r.vendor_count,
    bestPrice: r.best_total_paise === null ? null : fromPaise(r.best_total_paise),
    priceRange:
      r.min_total_paise === null || r.max_total_paise === null
        ? null
        : { min: fromPaise(r.min_total_paise), max: fromPaise(r.max_total_paise) },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: actor(r.created_by, r.created_by_name),
    updatedBy: actor(r.updated_by, r.updated_by_name),
    version: r.version,
  };
}

export function toVendorPrice(p: PriceRow): VendorPrice {
  return {
    _id: p.id,
    vendor: { _id: p.vendor_id, name: p.vendor_name, vendorId: p.display_id, status: p.vendor_status },
    price: fromPaise(p.price_paise),
    gst: fromPaise(p.gst_paise),
    totalPrice: fromPaise(unitTotal(p.price_paise, p.gst_paise)),
    moq: fromHundredths(p.moq_hundredths),
    status: p.status,
    notes: p.notes,
    updatedAt: p.updated_at.toISOString(),
    updatedBy: actor(p.updated_by, p.updated_by_name),
  };
}

/** The SELECT of prices with their vendor's snapshot (name, display id, status). */
export const priceSelect = (
  s: string,
) => `SELECT p.id, p.item_id, p.vendor_id, p.price_paise, p.gst_paise, p.moq_hundredths, p.status, p.notes, p.updated_at,
    p.updated_by, p.updated_by_name, v.name AS vendor_name, v.display_id, v.status AS vendor_status
  FROM ${s}.vendor_prices p JOIN ${s}.vendor_snapshots v ON v.vendor_id = p.vendor_id`;

export function toPriceState(
  p: Pick<PriceRow, 'id' | 'vendor_id' | 'price_paise' | 'gst_paise' | 'moq_hundredths' | 'status' | 'notes'>,
): PriceState {
  return {
    id: p.id,
    vendorId: p.vendor_id,
    pricePaise: p.price_paise,
    gstPaise: p.gst_paise,
    moqHundredths: p.moq_hundredths,
    status: p.status,
    notes: p.notes,
  };
}
