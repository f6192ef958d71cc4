import {
  BoqConsumed,
  fromHundredths,
  ReceiptRecorded,
  type BoqConsumedData,
  type EventEnvelope,
  type ReceiptRecordedData,
} from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import { countable, receiptPerItem } from '../domain/boq-consumption.js';
import type { BoqsRepository } from '../repositories/boqs.js';

type Boq = { boqNumber: string; projectId: string };

/** Each item of the receipt counted once under the BOQ's number; answers the consumed totals it moved. */
async function countReceipt(
  tx: Queryable,
  ctx: ServiceContext,
  boqs: BoqsRepository,
  r: ReceiptRecordedData,
  boq: Boq,
): Promise<BoqConsumedData['lines']> {
  const receivedAt = Number.isNaN(Date.parse(r.receivedAt)) ? new Date().toISOString() : r.receivedAt;
  const totals: BoqConsumedData['lines'] = [];
  // One receipt may list an item on several lines: counted as their sum.
  for (const [itemId, hundredths] of receiptPerItem(r.lines)) {
    if (!countable(r.receiptId, itemId)) {
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
  return totals;
}

/** The BOQ the receipt consumes, or null (logged) when it names none or one this service lacks. */
async function receiptBoq(
  tx: Queryable,
  ctx: ServiceContext,
  boqs: BoqsRepository,
  r: ReceiptRecordedData,
): Promise<Boq | null> {
  if (!r.boqId) {
    ctx.log.debug({ receiptId: r.receiptId, poNumber: r.poNumber }, 'receipt without a BOQ: no consumption');
    return null;
  }
  const boq = await boqs.consumption.boqOf(tx, r.boqId);
  if (!boq) {
    ctx.log.warn(
      { receiptId: r.receiptId, boqId: r.boqId, poNumber: r.poNumber },
      'receipt names a BOQ this service does not have: not counted',
    );
  }
  return boq;
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
      const boq = await receiptBoq(tx, ctx, boqs, r);
      if (!boq) return;
      const totals = await countReceipt(tx, ctx, boqs, r, boq);
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
