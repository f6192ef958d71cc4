/**
 * The ledger's consumer of erp.po.created.v1, a plain function of the event (a message pact calls
 * it without a bus). Idempotent twice over: the kit's inbox drops a redelivered envelope, and a
 * second envelope about the same PO changes nothing (the PO Add is looked for under the account's
 * lock, backed by the unique index on po_id). The PO counts' consumer of the same event is po-counts.ts.
 */
import { PoCreated, toPaise, type EventEnvelope, type PoCreatedData } from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import { indiaDay } from '../domain/dates.js';
import { isUuid } from '../domain/ledger.js';
import type { LedgerRepository } from '../repositories/ledger.js';

/**
 * erp.po.created.v1 → 'PO Add' on the vendor's ledger: the PO's amount (lines + fleet + fleet GST),
 * on its order date (India), its number as the reference, entered by the Admin who approved it.
 * Returns whether an entry was added now.
 */
export async function handlePoCreated(
  tx: Queryable,
  ledger: LedgerRepository,
  data: PoCreatedData,
  log?: ServiceContext['log'],
): Promise<boolean> {
  const vendorId = data.vendorId.toLowerCase();
  const poId = data.poId.toLowerCase();
  if (!isUuid(vendorId) || !isUuid(poId)) {
    log?.warn(
      { poId: data.poId, vendorId: data.vendorId },
      'a PO without a valid PO or vendor id: not on any ledger',
    );
    return false;
  }
  const amountPaise = toPaise(data.amount);
  // A PO of free goods and free transport owes nothing: no entry (an entry's amount is at least a paisa).
  if (amountPaise <= 0) return false;
  // The account is named as the vendors table names the vendor, else as the PO does.
  const account = await ledger.lockAccount(tx, vendorId, data.vendorName);
  if (await ledger.hasPoAdd(tx, poId)) return false;
  const orderedAt = Date.parse(data.orderDate);
  await ledger.appendEntry(tx, account, {
    type: 'PO Add',
    amountPaise,
    date: indiaDay(Number.isNaN(orderedAt) ? Date.now() : orderedAt),
    reference: data.poNumber,
    po: { id: poId, number: data.poNumber },
    notes: data.indentNumber ? `Indent ${data.indentNumber}` : '',
    enteredBy: { id: data.approvedBy._id, name: data.approvedBy.name },
  });
  return true;
}

/** The ledger's consumer of erp.po.created.v1. */
export function poCreatedConsumer(ledger: LedgerRepository): ConsumerDefinition {
  return {
    name: 'ledger-po-created',
    events: [PoCreated],
    // One vendor's entries in the order of the events; different vendors side by side.
    ordered: (e) => orderKeyOf(e, 'vendorId'),
    async handle(tx, envelope: EventEnvelope, ctx) {
      await handlePoCreated(tx, ledger, envelope.data as PoCreatedData, ctx.log);
    },
  };
}
