/**
 * The item master as other services see it: erp.catalog.item_upserted.v1 for every item created or
 * changed, in its name, unit or status or in any of its vendor prices (written to the outbox in the
 * transaction of the change, with the item's whole price list as stored after it). The snapshot of
 * every item is items-snapshot.ts.
 */
import { ItemUpserted, type ItemUpsertedData } from '@erp/contracts';
import type { EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import type { ItemPlan } from '../domain/plan.js';
import { pricesOf, type AnnouncedPrice } from '../repositories/items.js';

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
