import {
  BoqConsumed,
  fromHundredths,
  ItemsSnapshot,
  itemsSnapshotRequested,
  ItemUpserted,
  ReceiptRecorded,
  toHundredths,
  type BoqConsumedData,
  type EventEnvelope,
  type ItemsSnapshotData,
  type ItemUpsertedData,
  type ReceiptRecordedData,
} from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import type { BoqsRepository } from './repositories/boqs.js';

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

/**
 * Goods receipts (erp.po.receipt_recorded.v1) consume the BOQ the PO was raised from: each line's
 * quantity is added to the consumption of that revision's BOQ number (so a later revision keeps it).
 * A receipt counts once per item whatever envelope it comes in (boq_receipts); the kit's inbox
 * already drops a redelivered envelope. A receipt without a BOQ, or naming none this service has, is
 * left aside (logged). What a receipt counted is announced in the same transaction
 * (erp.projects.boq_consumed.v1): the number's consumed total of each item it counted; a receipt
 * that counted nothing announces nothing.
 */
export function receiptConsumer(boqs: BoqsRepository): ConsumerDefinition {
  return {
    name: 'boq-consumption',
    events: [ReceiptRecorded],
    // One BOQ's receipts one after the other (they add to the same rows); other BOQs side by side.
    ordered: (e) => orderKeyOf(e, 'boqId'),
    async handle(tx: Queryable, envelope: EventEnvelope, ctx: ServiceContext): Promise<void> {
      const r = envelope.data as ReceiptRecordedData;
      if (!r.boqId) {
        ctx.log.debug(
          { receiptId: r.receiptId, poNumber: r.poNumber },
          'receipt without a BOQ: no consumption',
        );
        return;
      }
      const boq = await boqs.consumption.boqOf(tx, r.boqId);
      if (!boq) {
        ctx.log.warn(
          { receiptId: r.receiptId, boqId: r.boqId, poNumber: r.poNumber },
          'receipt names a BOQ this service does not have: not counted',
        );
        return;
      }
      const receivedAt = Number.isNaN(Date.parse(r.receivedAt)) ? new Date().toISOString() : r.receivedAt;
      // One receipt may list an item on several lines: counted as their sum.
      const perItem = new Map<string, number>();
      for (const line of r.lines) {
        const itemId = line.itemId.toLowerCase();
        perItem.set(itemId, (perItem.get(itemId) ?? 0) + toHundredths(line.quantity));
      }
      const totals: BoqConsumedData['lines'] = [];
      for (const [itemId, hundredths] of perItem) {
        if (!/^[0-9a-f-]{36}$/.test(itemId) || !/^[0-9a-f-]{36}$/i.test(r.receiptId)) {
          ctx.log.warn(
            { receiptId: r.receiptId, itemId },
            'receipt line with an id that is not a uuid: not counted',
          );
          continue;
        }
        const total = await boqs.consumption.add(tx, {
          receiptId: r.receiptId,
          itemId,
          boqNumber: boq.boqNumber,
          hundredths,
          receivedAt,
        });
        if (total === null)
          ctx.log.info(
            { receiptId: r.receiptId, itemId, boqNumber: boq.boqNumber },
            'receipt already counted for this item',
          );
        else totals.push({ itemId, consumedQty: fromHundredths(total) });
      }
      if (totals.length > 0) {
        await ctx.emit(
          tx,
          BoqConsumed,
          { boqNumber: boq.boqNumber, projectId: boq.projectId, lines: totals },
          { requestId: envelope.requestId, actorId: envelope.actorId ?? null },
        );
      }
    },
  };
}

/** A service whose item snapshots are empty (first start) asks the catalog for every item. */
export async function requestItemsIfEmpty(ctx: ServiceContext, boqs: BoqsRepository): Promise<void> {
  if (!(await boqs.items.isEmpty(ctx.db))) return;
  await ctx.tx((tx) => ctx.emit(tx, itemsSnapshotRequested(ctx.name), { service: ctx.name }));
}
