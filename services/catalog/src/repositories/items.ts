/**
 * SQL of items, vendor prices and price history; rows to the wire shapes of @erp/contracts. The
 * lists are in item-lists.ts; itemsRepository composes both for one schema.
 */
import { fromPaise, type Item, type ItemUpsertedData, type PriceChange } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { ItemPlan, ItemState, PriceState } from '../domain/plan.js';
import { indexEntries, indexPage, list, vendorItems } from './item-lists.js';
import {
  actor,
  ITEM_COLUMNS,
  ITEM_COLUMNS_OF_I,
  priceSelect,
  toPriceState,
  toSummary,
  toVendorPrice,
  type ItemRow,
  type PriceRow,
} from './item-rows.js';

export type { IndexCursor, IndexRow } from './item-lists.js';

export interface Actor {
  id: string;
  name: string;
}

export async function get(s: string, db: Queryable, id: string): Promise<Item | null> {
  const res = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = $1`, [id]);
  const row = res.rows[0];
  if (!row) return null;
  const prices = await db.query<PriceRow>(
    `${priceSelect(s)} WHERE p.item_id = $1 ORDER BY p.created_at, p.id`,
    [id],
  );
  return { ...toSummary(row), vendors: prices.rows.map(toVendorPrice) };
}

const stateOf = (row: ItemRow, prices: PriceState[]): ItemState => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  status: row.status,
  version: row.version,
  prices,
});

/** The stored state for a write, locked against concurrent writers of the same item. */
export async function lockState(s: string, tx: Queryable, id: string): Promise<ItemState | null> {
  const res = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  const row = res.rows[0];
  if (!row) return null;
  const prices = await tx.query<PriceRow>(`SELECT * FROM ${s}.vendor_prices WHERE item_id = $1`, [id]);
  return stateOf(row, prices.rows.map(toPriceState));
}

/** Stored states by lower-case name, for a batch of import groups (one query each table). */
export async function lockStatesByKey(
  s: string,
  tx: Queryable,
  keys: string[],
): Promise<Map<string, ItemState>> {
  const out = new Map<string, ItemState>();
  if (keys.length === 0) return out;
  const res = await tx.query<ItemRow & { name_key: string }>(
    // A join with the keys (not `= ANY`): before statistics exist PostgreSQL may scan the table
    // comparing every row with every key, which took ~1 s per 250 keys at 10,000 items.
    `SELECT ${ITEM_COLUMNS_OF_I}, i.name_key FROM ${s}.items i JOIN unnest($1::text[]) AS k(key) ON k.key = i.name_key FOR UPDATE OF i`,
    [keys],
  );
  if (res.rows.length === 0) return out;
  const prices = await tx.query<PriceRow>(
    `SELECT p.* FROM ${s}.vendor_prices p JOIN unnest($1::uuid[]) AS k(id) ON k.id = p.item_id`,
    [res.rows.map((r) => r.id)],
  );
  const byItem = new Map<string, PriceState[]>();
  for (const p of prices.rows) {
    const list = byItem.get(p.item_id) ?? [];
    list.push(toPriceState(p));
    byItem.set(p.item_id, list);
  }
  for (const r of res.rows) out.set(r.name_key, stateOf(r, byItem.get(r.id) ?? []));
  return out;
}

/** Another item with this name (compared as the unique key does). */
export async function nameTaken(
  s: string,
  db: Queryable,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const res = await db.query(
    `SELECT 1 FROM ${s}.items WHERE name_key = lower(btrim($1)) AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [name, exceptId],
  );
  return res.rows.length > 0;
}

/** The item row of a plan with its derived values, inserted or updated; returns its version. */
async function writeItemRow(s: string, tx: Queryable, plan: ItemPlan, by: Actor): Promise<number> {
  const d = plan.derived;
  const params = [
    plan.itemId,
    plan.name,
    plan.unit,
    plan.status,
    d.vendorCount,
    d.bestPaise,
    d.minPaise,
    d.maxPaise,
    by.id,
    by.name,
  ];
  const written = plan.create
    ? await tx.query<{ version: number }>(
        `INSERT INTO ${s}.items (id, name, unit, status, vendor_count, best_total_paise, min_total_paise, max_total_paise,
           created_by, created_by_name, updated_by, updated_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10) RETURNING version`,
        params,
      )
    : await tx.query<{ version: number }>(
        `UPDATE ${s}.items SET name = $2, unit = $3, status = $4, vendor_count = $5, best_total_paise = $6, min_total_paise = $7,
           max_total_paise = $8, updated_by = $9, updated_by_name = $10, updated_at = clock_timestamp(), version = version + 1
         WHERE id = $1 RETURNING version`,
        params,
      );
  return written.rows[0]!.version;
}

/** The plan's new and changed price rows, in one statement. */
async function upsertPrices(s: string, tx: Queryable, plan: ItemPlan, by: Actor): Promise<void> {
  const rows = plan.upserts.map((p) => ({
    id: p.id,
    vendor_id: p.vendorId,
    price_paise: p.pricePaise,
    gst_paise: p.gstPaise,
    moq_hundredths: p.moqHundredths,
    status: p.status,
    notes: p.notes,
  }));
  await tx.query(
    `INSERT INTO ${s}.vendor_prices (id, item_id, vendor_id, price_paise, gst_paise, moq_hundredths, status, notes, updated_by, updated_by_name, updated_at)
     SELECT r.id, $2, r.vendor_id, r.price_paise, r.gst_paise, r.moq_hundredths, r.status, r.notes, $3, $4, clock_timestamp()
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, vendor_id uuid, price_paise bigint, gst_paise bigint, moq_hundredths bigint, status text, notes text)
     ON CONFLICT (id) DO UPDATE SET price_paise = EXCLUDED.price_paise, gst_paise = EXCLUDED.gst_paise, moq_hundredths = EXCLUDED.moq_hundredths,
       status = EXCLUDED.status, notes = EXCLUDED.notes, updated_by = EXCLUDED.updated_by, updated_by_name = EXCLUDED.updated_by_name,
       updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(rows), plan.itemId, by.id, by.name],
  );
}

/**
 * Write a plan: the item row with its derived values, the price rows and their history. Returns
 * the item's version after the write (null when the plan changes nothing).
 */
export async function apply(s: string, tx: Queryable, plan: ItemPlan, by: Actor): Promise<number | null> {
  if (!plan.changed) return null;
  const version = await writeItemRow(s, tx, plan, by);
  if (plan.deletes.length > 0)
    await tx.query(`DELETE FROM ${s}.vendor_prices WHERE id = ANY($1::uuid[])`, [plan.deletes]);
  if (plan.upserts.length > 0) await upsertPrices(s, tx, plan, by);
  if (plan.history.length > 0) await writeHistory(s, tx, plan.itemId, plan.history, by);
  return version;
}

export async function writeHistory(
  s: string,
  tx: Queryable,
  itemId: string,
  history: ItemPlan['history'],
  by: Actor,
): Promise<void> {
  const rows = history.map((h, n) => ({
    n,
    vendor_id: h.vendorId,
    change: h.change,
    old_price: h.oldPrice,
    new_price: h.newPrice,
    old_gst: h.oldGst,
    new_gst: h.newGst,
  }));
  await tx.query(
    `INSERT INTO ${s}.price_history (id, item_id, vendor_id, change, old_price_paise, new_price_paise, old_gst_paise, new_gst_paise, changed_by, changed_by_name, changed_at)
     SELECT gen_random_uuid(), $2, r.vendor_id, r.change, r.old_price, r.new_price, r.old_gst, r.new_gst, $3, $4, clock_timestamp()
       FROM jsonb_to_recordset($1::jsonb) AS r(n int, vendor_id uuid, change text, old_price bigint, new_price bigint, old_gst bigint, new_gst bigint)
      ORDER BY n`,
    [JSON.stringify(rows), itemId, by.id, by.name],
  );
}

export async function countActive(s: string, db: Queryable): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.items WHERE status = 'active'`,
  );
  return res.rows[0]!.n;
}

interface HistoryRow {
  id: string;
  vendor_id: string;
  vendor_name: string | null;
  change: PriceChange['change'];
  old_price_paise: number | null;
  new_price_paise: number | null;
  old_gst_paise: number | null;
  new_gst_paise: number | null;
  changed_by: string | null;
  changed_by_name: string | null;
  changed_at: Date;
}

export async function history(s: string, db: Queryable, itemId: string): Promise<PriceChange[]> {
  const res = await db.query<HistoryRow>(
    `SELECT h.*, v.name AS vendor_name FROM ${s}.price_history h LEFT JOIN ${s}.vendor_snapshots v ON v.vendor_id = h.vendor_id
      WHERE h.item_id = $1 ORDER BY h.seq DESC LIMIT 1000`,
    [itemId],
  );
  const money = (v: number | null) => (v === null ? null : fromPaise(v));
  return res.rows.map((h) => ({
    _id: h.id,
    itemId,
    vendor: { _id: h.vendor_id, name: h.vendor_name ?? '' },
    change: h.change,
    oldPrice: money(h.old_price_paise),
    newPrice: money(h.new_price_paise),
    oldGst: money(h.old_gst_paise),
    newGst: money(h.new_gst_paise),
    changedBy: actor(h.changed_by, h.changed_by_name),
    changedAt: h.changed_at.toISOString(),
  }));
}

export type AnnouncedPrice = NonNullable<ItemUpsertedData['prices']>[number];

/**
 * Every vendor price (active and inactive) of these items as stored, rupees per unit, in one query:
 * by item, each item's prices in the order they were added. An item without prices maps to [].
 */
export async function pricesOf(
  db: Queryable,
  schema: string,
  itemIds: readonly string[],
): Promise<Map<string, AnnouncedPrice[]>> {
  const out = new Map<string, AnnouncedPrice[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return out;
  const res = await db.query<{
    item_id: string;
    vendor_id: string;
    price_paise: number;
    gst_paise: number;
    status: AnnouncedPrice['status'];
  }>(
    // A join with the ids (not `= ANY`), as the import's reads: the item index is used even before statistics exist.
    `SELECT p.item_id, p.vendor_id, p.price_paise, p.gst_paise, p.status
       FROM ${schema}.vendor_prices p JOIN unnest($1::uuid[]) AS k(id) ON k.id = p.item_id
      ORDER BY p.item_id, p.created_at, p.id`,
    [[...new Set(itemIds)]],
  );
  for (const r of res.rows) {
    out.get(r.item_id)?.push({
      vendorId: r.vendor_id,
      price: fromPaise(Number(r.price_paise)),
      gst: fromPaise(Number(r.gst_paise)),
      status: r.status,
    });
  }
  return out;
}

/** Up to `limit` items by id after `after` (id, name, unit, status, version): a page of a snapshot. */
export async function itemsAfter(
  db: Queryable,
  schema: string,
  after: string,
  limit: number,
): Promise<
  Array<{ id: string; name: string; unit: string; status: ItemUpsertedData['status']; version: number }>
> {
  const page = await db.query<{
    id: string;
    name: string;
    unit: string;
    status: ItemUpsertedData['status'];
    version: number;
  }>(
    `SELECT id, name, unit, status, version FROM ${schema}.items WHERE id > $1::uuid ORDER BY id LIMIT ${limit}`,
    [after],
  );
  return page.rows;
}

/** The item queries of one schema (items, prices, history and the lists). */
export function itemsRepository(schema: string) {
  return {
    get: get.bind(null, schema),
    lockState: lockState.bind(null, schema),
    lockStatesByKey: lockStatesByKey.bind(null, schema),
    nameTaken: nameTaken.bind(null, schema),
    apply: apply.bind(null, schema),
    writeHistory: writeHistory.bind(null, schema),
    list: list.bind(null, schema),
    indexPage: indexPage.bind(null, schema),
    indexEntries: indexEntries.bind(null, schema),
    countActive: countActive.bind(null, schema),
    history: history.bind(null, schema),
    vendorItems: vendorItems.bind(null, schema),
  };
}

export type ItemsRepository = ReturnType<typeof itemsRepository>;
