import {
  ItemsSnapshot,
  itemsSnapshotRequested,
  ItemUpserted,
  type EventEnvelope,
  type ItemsSnapshotData,
  type ItemUpsertedData,
} from '@erp/contracts';
import type { ConsumerDefinition, Queryable, ServiceContext } from '@erp/service-kit';
import type { BoqsRepository } from '../repositories/boqs.js';

/**
 * The item master as the catalog announces it (item_upserted, and items_snapshot in chunks when
 * asked): the names BOQ lines show and the items a BOQ may name. The newest version of an item wins,
 * whatever order events arrive in.
 */
export function itemSnapshotConsumer(boqs: BoqsRepository): ConsumerDefinition {
  return {
    name: 'item-snapshots',
    events: [ItemUpserted, ItemsSnapshot],
    async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
      const items: ItemUpsertedData[] =
        envelope.subject === ItemUpserted.subject
          ? [envelope.data as ItemUpsertedData]
          : (envelope.data as ItemsSnapshotData).items;
      await boqs.items.upsert(tx, items);
    },
  };
}

/** A service whose item snapshots are empty (first start) asks the catalog for every item. */
export async function requestItemsIfEmpty(ctx: ServiceContext, boqs: BoqsRepository): Promise<void> {
  if (!(await boqs.items.isEmpty(ctx.db))) return;
  await ctx.tx((tx) => ctx.emit(tx, itemsSnapshotRequested(ctx.name), { service: ctx.name }));
}
