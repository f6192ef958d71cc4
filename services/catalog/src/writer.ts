/** One item write inside the caller's transaction: lock, plan, refuse or write, announce, audit. */
import { toHundredths, toPaise, type VendorPriceInput } from '@erp/contracts';
import { conflict, conflictOnUnique, notFound, type Queryable, type ServiceContext } from '@erp/service-kit';
import { announceItem } from './events/item-upserted.js';
import { bumpGeneration } from './list-cache.js';
import { planItem, type DesiredPrice, type ItemInput, type ItemPlan } from './plan.js';
import type { Actor, ItemsRepository } from './repositories/items.js';
import type { VendorsRepository } from './repositories/vendors.js';

export const STALE =
  'This item was changed by someone else. Reload to see the latest details, then make your change again.';
export const NAME_TAKEN = 'An item with this name already exists';
export const ITEM_NOT_FOUND = 'Item not found';

export interface CatalogDeps {
  ctx: ServiceContext;
  items: ItemsRepository;
  vendors: VendorsRepository;
}

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

export interface SaveArgs {
  itemId: string | null;
  input: ItemInput;
  expectedVersion?: number | undefined;
  by: Actor;
  requestId?: string | undefined;
}

export async function saveItem(deps: CatalogDeps, tx: Queryable, a: SaveArgs): Promise<ItemPlan> {
  const { ctx, items, vendors } = deps;
  const existing = a.itemId ? await items.lockState(tx, a.itemId) : null;
  if (a.itemId && !existing) throw notFound(ITEM_NOT_FOUND);
  if (existing && a.expectedVersion !== undefined && existing.version !== a.expectedVersion)
    throw conflict(STALE);
  const known = await vendors.byIds(tx, [...new Set((a.input.prices ?? []).map((p) => p.vendorId))]);
  const plan = planItem(existing, a.input, known);
  if (!plan.changed) return plan;
  if (
    (plan.create || plan.name !== existing?.name) &&
    (await items.nameTaken(tx, plan.name, existing?.id ?? null))
  )
    throw conflict(NAME_TAKEN);
  const version = await items.apply(tx, plan, a.by);
  const meta = { requestId: a.requestId, actorId: a.by.id };
  await announceItem(tx, ctx, plan, version, meta);
  await vendors.announce(tx, ctx, plan.touchedVendors, meta);
  await ctx.audit(tx, {
    actorId: a.by.id,
    action: plan.create ? 'item_created' : 'item_updated',
    entity: 'item',
    entityId: plan.itemId,
    requestId: a.requestId,
    details: {
      name: plan.name,
      priceChanges: plan.history.map((h) => ({ vendorId: h.vendorId, change: h.change })),
    },
  });
  return plan;
}

/**
 * Run a write in its own transaction; a clash on the name index (a race) is the same 409. The
 * list generation moves in the same transaction, so cached lists on every instance are dropped.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return conflictOnUnique(NAME_TAKEN, () =>
    ctx.tx(async (tx) => {
      const result = await fn(tx);
      await bumpGeneration(tx, ctx.schema);
      return result;
    }),
  );
}
