/**
 * Lists of items: the item list's pages (SQL answers while the name index is being built), the pages
 * the in-memory name index is built from, a vendor's priced items, and the rows of an export.
 */
import { fromHundredths, fromPaise, unitTotal, type ItemSummary, type VendorItemLink } from '@erp/contracts';
import { containsPattern, listConditions, pagedSearch, type Page, type Queryable } from '@erp/service-kit';
import type { Status } from '../domain/plan.js';
import { actor, ITEM_COLUMNS, toSummary, type ItemRow, type PriceRow } from './item-rows.js';

/** Where the previous page of `indexPage` ended. */
export interface IndexCursor {
  time: string;
  id: string;
}

export interface IndexRow {
  id: string;
  nameKey: string;
  active: boolean;
  cursor: IndexCursor;
  /** Version and update time: every write of an item changes it, so an equal stamp means an unchanged entry. */
  stamp: string;
  /** The item's entry in the item list (ItemSummary) as JSON text; left out when asked for without entries. */
  json?: string;
}

/** A page of the item list (last updated first) with its capped total (ARCHITECTURE "Data"). */
export async function list(
  s: string,
  db: Queryable,
  q: { keyword: string; status: Status | null; limit: number; offset: number; cap?: number },
): Promise<Page<ItemSummary>> {
  const { where, params, add } = listConditions();
  if (q.keyword) add((p) => `name_key LIKE ${p}`, containsPattern(q.keyword));
  if (q.status) add((p) => `status = ${p}`, q.status);
  const page = await pagedSearch<ItemRow>(db, {
    select: ITEM_COLUMNS,
    from: `${s}.items`,
    where,
    params,
    orderBy: 'updated_at DESC, id DESC',
    limit: q.limit,
    offset: q.offset,
    cap: q.cap,
  });
  return { ...page, rows: page.rows.map(toSummary) };
}

/**
 * Items in list order (last updated first) after a cursor, for the in-memory name index: the
 * name key, whether active, a change stamp and, with `entries`, the item's list entry as JSON text.
 */
export async function indexPage(
  s: string,
  db: Queryable,
  after: IndexCursor | null,
  limit: number,
  entries = true,
): Promise<IndexRow[]> {
  const res = await db.query<ItemRow & { name_key: string; cursor_time: string }>(
    `SELECT ${entries ? ITEM_COLUMNS : 'id, status, version'}, name_key, updated_at::text AS cursor_time FROM ${s}.items
      ${after ? 'WHERE (updated_at, id) < ($1::timestamptz, $2::uuid)' : ''}
      ORDER BY updated_at DESC, id DESC LIMIT ${Math.trunc(limit)}`,
    after ? [after.time, after.id] : [],
  );
  return res.rows.map((r) => ({
    id: r.id,
    nameKey: r.name_key,
    active: r.status === 'active',
    // The time as text keeps its microseconds (a Date would round them and skip or repeat rows).
    cursor: { time: r.cursor_time, id: r.id },
    stamp: `${r.version}@${r.cursor_time}`,
    json: entries ? JSON.stringify(toSummary(r)) : undefined,
  }));
}

/** List entries (ItemSummary as JSON text) of these items, by id. */
export async function indexEntries(s: string, db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);
  return new Map(res.rows.map((r) => [r.id, JSON.stringify(toSummary(r))]));
}

export interface VendorItemsQuery {
  keyword: string;
  status: Status | null;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  cap?: number;
}

const VENDOR_ITEM_SORTS: Record<string, string> = {
  itemName: 'i.name_key',
  price: 'p.price_paise',
  moq: 'p.moq_hundredths',
  updatedAt: 'p.updated_at',
};

type VendorItemRow = PriceRow & { item_name: string; unit: string; version: number };

function toVendorItem(r: VendorItemRow): VendorItemLink {
  return {
    _id: r.id,
    itemId: r.item_id,
    name: r.item_name,
    itemName: r.item_name,
    unit: r.unit,
    price: fromPaise(r.price_paise),
    gst: fromPaise(r.gst_paise),
    totalPrice: fromPaise(unitTotal(r.price_paise, r.gst_paise)),
    moq: fromHundredths(r.moq_hundredths),
    active: r.status === 'active',
    status: r.status,
    notes: r.notes,
    updatedAt: r.updated_at.toISOString(),
    lastUpdatedBy: actor(r.updated_by, r.updated_by_name),
    itemVersion: r.version,
  };
}

/** A page of the items a vendor has a price for (the vendor screen). */
export async function vendorItems(
  s: string,
  db: Queryable,
  vendorId: string,
  q: VendorItemsQuery,
): Promise<Page<VendorItemLink>> {
  const { where, params, add } = listConditions();
  add((p) => `p.vendor_id = ${p}`, vendorId);
  if (q.keyword) add((p) => `i.name_key LIKE ${p}`, containsPattern(q.keyword));
  if (q.status) add((p) => `p.status = ${p}`, q.status);
  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  const order = `${VENDOR_ITEM_SORTS[q.sort] ?? 'i.name_key'} ${dir}, i.name_key ${dir}, p.id`;
  const page = await pagedSearch<VendorItemRow>(db, {
    select: 'p.*, i.name AS item_name, i.unit, i.version',
    from: `${s}.vendor_prices p JOIN ${s}.items i ON i.id = p.item_id`,
    where,
    params,
    orderBy: order,
    limit: q.limit,
    offset: q.offset,
    cap: q.cap,
  });
  return { ...page, rows: page.rows.map(toVendorItem) };
}

/** One item-vendor price of an export (no vendor: the item has no prices), as stored. */
export interface ExportPriceRow {
  name: string;
  name_key: string;
  unit: string;
  vendor_name: string | null;
  price_paise: number | null;
  gst_paise: number | null;
  moq_hundredths: number | null;
  status: string | null;
  notes: string | null;
}

/**
 * The next 1,000 items by name after `after` (a name key), matching `pattern` when set, each with
 * its prices (one row per price, by vendor name; an item without prices as one row with none).
 */
export async function exportPage(
  db: Queryable,
  schema: string,
  after: string,
  pattern: string | null,
): Promise<ExportPriceRow[]> {
  const res = await db.query<ExportPriceRow>(
    `SELECT i.name, i.name_key, i.unit, v.name AS vendor_name, p.price_paise, p.gst_paise, p.moq_hundredths, p.status, p.notes
       FROM (SELECT id, name, name_key, unit FROM ${schema}.items
              WHERE name_key > $1 AND ($2::text IS NULL OR name_key LIKE $2) ORDER BY name_key LIMIT 1000) i
       LEFT JOIN ${schema}.vendor_prices p ON p.item_id = i.id
       LEFT JOIN ${schema}.vendor_snapshots v ON v.vendor_id = p.vendor_id
      ORDER BY i.name_key, v.name`,
    [after, pattern],
  );
  return res.rows;
}
