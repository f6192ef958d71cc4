/**
 * The item master as other services see it: erp.catalog.item_upserted.v1 for every item created or
 * changed, in its name, unit or status or in any of its vendor prices (written to the outbox in the
 * transaction of the change, with the item's whole price list as stored after it), and
 * erp.catalog.items_snapshot.v1, every item with its prices in chunks, for a service whose snapshots
 * are empty.
 */
import { fromPaise, ItemsSnapshot, ItemUpserted, type ItemUpsertedData } from '@erp/contracts';
import type { EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import type { ItemPlan } from '../plan.js';

/** Items per erp.catalog.items_snapshot.v1 event. */
export const SNAPSHOT_CHUNK = 500;

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

export function itemUpsertedData(
  plan: Pick<ItemPlan, 'itemId' | 'name' | 'unit' | 'status'>,
  version: number,
  prices: AnnouncedPrice[],
): ItemUpsertedData {
  return { itemId: plan.itemId, name: plan.name, unit: plan.unit, status: plan.status, version, prices };
}

/** An item write to announce: the plan `items.apply` wrote and the version it answered. */
export interface WrittenItem {
  plan: ItemPlan;
  /** null when the plan changed nothing (nothing was written, nothing is announced). */
  version: number | null;
}

/**
 * After `items.apply` wrote these plans: announce each written item (a change of the item or of any
 * of its prices) with its prices as now stored, read in one query for all of them. Call it in the
 * transaction of the writes.
 */
export async function announceItems(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emit' | 'schema'>,
  written: readonly WrittenItem[],
  meta: EventMeta = {},
): Promise<void> {
  const changed = written.filter(
    (w): w is WrittenItem & { version: number } => w.version !== null && w.plan.changed,
  );
  if (changed.length === 0) return;
  const prices = await pricesOf(
    tx,
    ctx.schema,
    changed.map((w) => w.plan.itemId),
  );
  for (const w of changed)
    await ctx.emit(
      tx,
      ItemUpserted,
      itemUpsertedData(w.plan, w.version, prices.get(w.plan.itemId) ?? []),
      meta,
    );
}

/** `announceItems` of one write. */
export async function announceItem(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emit' | 'schema'>,
  plan: ItemPlan,
  version: number | null,
  meta: EventMeta = {},
): Promise<void> {
  await announceItems(tx, ctx, [{ plan, version }], meta);
}

/**
 * Every item with its prices, read in pages keyed by id (a page's prices in one query), then sent as
 * chunks of at most SNAPSHOT_CHUNK items (at least one chunk, empty when there are no items, so the
 * asker knows the answer is complete).
 */
export async function publishItemsSnapshot(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emit' | 'schema'>,
  meta: EventMeta = {},
): Promise<number> {
  const all: ItemUpsertedData[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await tx.query<{
      id: string;
      name: string;
      unit: string;
      status: ItemUpsertedData['status'];
      version: number;
    }>(
      `SELECT id, name, unit, status, version FROM ${ctx.schema}.items WHERE id > $1::uuid ORDER BY id LIMIT ${SNAPSHOT_CHUNK}`,
      [after],
    );
    const prices = await pricesOf(
      tx,
      ctx.schema,
      page.rows.map((r) => r.id),
    );
    for (const r of page.rows)
      all.push({
        itemId: r.id,
        name: r.name,
        unit: r.unit,
        status: r.status,
        version: r.version,
        prices: prices.get(r.id) ?? [],
      });
    if (page.rows.length < SNAPSHOT_CHUNK) break;
    after = page.rows[page.rows.length - 1]!.id;
  }
  const chunks = Math.max(1, Math.ceil(all.length / SNAPSHOT_CHUNK));
  for (let i = 0; i < chunks; i++) {
    await ctx.emit(
      tx,
      ItemsSnapshot,
      { items: all.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK), chunk: i + 1, chunks },
      meta,
    );
  }
  return chunks;
}
