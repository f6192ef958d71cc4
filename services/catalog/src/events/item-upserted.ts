/**
 * The item master as other services see it: erp.catalog.item_upserted.v1 for every item created
 * or changed in name, unit or status (written to the outbox in the transaction of the change), and
 * erp.catalog.items_snapshot.v1, every item in chunks, for a service whose snapshots are empty.
 */
import { ItemsSnapshot, ItemUpserted, type ItemUpsertedData } from '@erp/contracts';
import type { EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import type { ItemPlan } from '../plan.js';

/** Items per erp.catalog.items_snapshot.v1 event. */
export const SNAPSHOT_CHUNK = 500;

export function itemUpsertedData(plan: Pick<ItemPlan, 'itemId' | 'name' | 'unit' | 'status'>, version: number): ItemUpsertedData {
  return { itemId: plan.itemId, name: plan.name, unit: plan.unit, status: plan.status, version };
}

/**
 * After `items.apply` wrote `plan` (the item now at `version`): announce the item when what other
 * services keep of it changed. A price-only change raises the version but is not announced; the
 * next announcement carries the higher version, and consumers keep the newest.
 */
export async function announceItem(tx: Queryable, ctx: Pick<ServiceContext, 'emit'>, plan: ItemPlan, version: number | null, meta: EventMeta = {}): Promise<void> {
  if (version === null || plan.itemOutcome === 'unchanged') return;
  await ctx.emit(tx, ItemUpserted, itemUpsertedData(plan, version), meta);
}

/**
 * Every item, read in pages keyed by id, then sent as chunks of at most SNAPSHOT_CHUNK items (at
 * least one chunk, empty when there are no items, so the asker knows the answer is complete).
 */
export async function publishItemsSnapshot(tx: Queryable, ctx: Pick<ServiceContext, 'emit' | 'schema'>, meta: EventMeta = {}): Promise<number> {
  const all: ItemUpsertedData[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await tx.query<{ id: string; name: string; unit: string; status: ItemUpsertedData['status']; version: number }>(
      `SELECT id, name, unit, status, version FROM ${ctx.schema}.items WHERE id > $1::uuid ORDER BY id LIMIT ${SNAPSHOT_CHUNK}`,
      [after],
    );
    for (const r of page.rows) all.push({ itemId: r.id, name: r.name, unit: r.unit, status: r.status, version: r.version });
    if (page.rows.length < SNAPSHOT_CHUNK) break;
    after = page.rows[page.rows.length - 1]!.id;
  }
  const chunks = Math.max(1, Math.ceil(all.length / SNAPSHOT_CHUNK));
  for (let i = 0; i < chunks; i++) {
    await ctx.emit(tx, ItemsSnapshot, { items: all.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK), chunk: i + 1, chunks }, meta);
  }
  return chunks;
}
