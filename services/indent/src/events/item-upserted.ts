/** erp.catalog.item_upserted.v1 and erp.catalog.items_snapshot.v1 (every item at once): names, units and every vendor price. */
import {
  ItemUpserted,
  type EventEnvelope,
  type ItemsSnapshotData,
  type ItemUpsertedData,
} from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import { upsertItems } from '../repositories/replicas.js';

export async function onItems(tx: Queryable, schema: string, envelope: EventEnvelope): Promise<void> {
  const items =
    envelope.subject === ItemUpserted.subject
      ? [envelope.data as ItemUpsertedData]
      : (envelope.data as ItemsSnapshotData).items;
  await upsertItems(tx, schema, items);
}
