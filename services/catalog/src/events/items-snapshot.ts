/**
 * erp.catalog.items_snapshot.v1: every item with its prices in chunks, for a service whose snapshots
 * are empty (the projects service's BOQ lines), asked for on ITEMS_SNAPSHOT_REQUESTS.
 */
import { ITEMS_SNAPSHOT_REQUESTS, ItemsSnapshot, type ItemUpsertedData } from '@erp/contracts';
import type { ConsumerDefinition, EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import { itemsAfter, pricesOf } from '../repositories/items.js';

/** Items per erp.catalog.items_snapshot.v1 event. */
export const SNAPSHOT_CHUNK = 500;

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
    const page = await itemsAfter(tx, ctx.schema, after, SNAPSHOT_CHUNK);
    const prices = await pricesOf(
      tx,
      ctx.schema,
      page.map((r) => r.id),
    );
    for (const r of page)
      all.push({
        itemId: r.id,
        name: r.name,
        unit: r.unit,
        status: r.status,
        version: r.version,
        prices: prices.get(r.id) ?? [],
      });
    if (page.length < SNAPSHOT_CHUNK) break;
    after = page[page.length - 1]!.id;
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

/** The consumer of snapshot requests: a service with empty item snapshots asked for every item. */
export function itemsSnapshotConsumer(): ConsumerDefinition {
  return {
    name: 'items-snapshots',
    events: [],
    subjects: [ITEMS_SNAPSHOT_REQUESTS],
    // A service with empty item snapshots (the projects service's BOQ lines) asked for every item.
    async handle(tx, envelope, ctx) {
      await publishItemsSnapshot(tx, ctx, { requestId: envelope.requestId });
    },
  };
}
