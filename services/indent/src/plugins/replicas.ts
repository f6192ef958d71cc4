/**
 * What the indent service keeps of other services, from their events only (ARCHITECTURE: no
 * service reads another's tables): projects (names, codes and locations), BOQ revisions and their planned
 * lines, BOQ consumption, items with every vendor price, vendors (name and status), and the POs
 * generated from indents. Each handler is idempotent and order-proof: the newest version wins,
 * consumption totals keep the largest, a PO is recorded once. The durable consumers and the events
 * each takes are declared here; each event's handler is in events/.
 */
import {
  BoqConsumed,
  BoqUpserted,
  ItemsSnapshot,
  itemsSnapshotRequested,
  ItemUpserted,
  PoCreated,
  PoStatusChanged,
  ProjectUpserted,
  VendorUpdated,
  type BoqConsumedData,
  type BoqUpsertedData,
  type EventEnvelope,
  type PoCreatedData,
  type PoStatusChangedData,
  type ProjectUpsertedData,
  type VendorUpsertedData,
} from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import { onBoqConsumed } from '../events/boq-consumed.js';
import { onBoqUpserted } from '../events/boq-upserted.js';
import { onItems } from '../events/item-upserted.js';
import { onPoCreated } from '../events/po-created.js';
import { onPoStatusChanged } from '../events/po-status-changed.js';
import { onProjectUpserted } from '../events/project-upserted.js';
import { onVendorUpdated } from '../events/vendor-updated.js';
import type { IndentRepository } from '../repositories/indents.js';

/** Projects, BOQ revisions and BOQ consumption: one consumer, so that they are taken in the order announced. */
function projectsConsumer(schema: string, indents: IndentRepository): ConsumerDefinition {
  return {
    name: 'projects',
    events: [ProjectUpserted, BoqUpserted, BoqConsumed],
    async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
      if (envelope.subject === ProjectUpserted.subject)
        await onProjectUpserted(tx, schema, indents, envelope.data as ProjectUpsertedData);
      else if (envelope.subject === BoqUpserted.subject)
        await onBoqUpserted(tx, schema, indents, envelope.data as BoqUpsertedData);
      else await onBoqConsumed(tx, schema, indents, envelope.data as BoqConsumedData);
    },
  };
}

export function replicaConsumers(schema: string, indents: IndentRepository): ConsumerDefinition[] {
  return [
    projectsConsumer(schema, indents),
    {
      name: 'items',
      events: [ItemUpserted, ItemsSnapshot],
      handle: (tx: Queryable, envelope: EventEnvelope) => onItems(tx, schema, envelope),
    },
    {
      name: 'vendors',
      events: [VendorUpdated],
      handle: (tx: Queryable, envelope: EventEnvelope) =>
        onVendorUpdated(tx, schema, envelope.data as VendorUpsertedData),
    },
    {
      name: 'purchase-order-statuses',
      events: [PoStatusChanged],
      ordered: (e) => orderKeyOf(e, 'poId'),
      handle: (tx: Queryable, envelope: EventEnvelope) =>
        onPoStatusChanged(tx, schema, envelope.data as PoStatusChangedData),
    },
    {
      name: 'purchase-orders',
      events: [PoCreated],
      ordered: (e) => orderKeyOf(e, 'indentId'),
      handle: (tx: Queryable, envelope: EventEnvelope) =>
        onPoCreated(tx, schema, envelope.data as PoCreatedData),
    },
  ];
}

/** A service whose item snapshots are empty (first start) asks the catalog for every item. */
export async function requestItemsIfEmpty(ctx: ServiceContext): Promise<void> {
  const any = await ctx.db.query(`SELECT 1 FROM ${ctx.schema}.item_snapshots LIMIT 1`);
  if (any.rows.length > 0) return;
  await ctx.tx((tx) => ctx.emit(tx, itemsSnapshotRequested(ctx.name), { service: ctx.name }));
}
