/**
 * The ledger's consumers of the PO service's events, plain functions of the event (a message pact
 * calls them without a bus). Both are idempotent twice over: the kit's inbox drops a redelivered
 * envelope, and a second envelope about the same PO or receipt changes nothing (the PO Add is looked
 * for under the account's lock, backed by the unique index on po_id; a case by its receipt_id).
 */
import {
  PoCreated,
  ReceiptRecorded,
  toPaise,
  type EventEnvelope,
  type PoCreatedData,
  type ReceiptRecordedData,
} from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable, type ServiceContext } from '@erp/service-kit';
import { indiaDay } from './dates.js';
import { isUuid, type LedgerRepository } from './repository.js';

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

/**
 * erp.po.receipt_recorded.v1 → an overbilling case when the invoice is for more than the accepted
 * goods and their share of the fleet are worth (compared in paise). A receipt announced without
 * the amounts (before issue 13) opens none. Returns the case's id when opened now.
 */
export async function handleReceiptRecorded(
  tx: Queryable,
  ledger: LedgerRepository,
  data: ReceiptRecordedData,
): Promise<string | null> {
  if (data.vendorId === undefined || data.invoiceAmount === undefined || data.expectedAmount === undefined)
    return null;
  const vendorId = data.vendorId.toLowerCase();
  if (!isUuid(vendorId) || !isUuid(data.poId) || !isUuid(data.receiptId)) return null;
  const invoicePaise = toPaise(data.invoiceAmount);
  const expectedPaise = toPaise(data.expectedAmount);
  if (expectedPaise < 0 || invoicePaise <= expectedPaise) return null;
  const vendor = await ledger.vendor(tx, vendorId);
  const vendorName = vendor?.name ?? data.vendorName ?? '';
  // The case first, then the account (the order an approval takes them in too).
  const id = await ledger.openCase(tx, {
    vendorId,
    vendorName,
    poId: data.poId.toLowerCase(),
    poNumber: data.poNumber,
    receiptId: data.receiptId.toLowerCase(),
    invoiceNumber: data.invoiceNumber,
    invoicePaise,
    expectedPaise,
  });
  if (!id) return null;
  const account = await ledger.lockAccount(tx, vendorId, vendorName);
  await ledger.moveOpenOverbilling(tx, account, 1, invoicePaise - expectedPaise);
  return id;
}

export function ledgerConsumers(ledger: LedgerRepository): ConsumerDefinition[] {
  return [
    {
      name: 'ledger-po-created',
      events: [PoCreated],
      // One vendor's entries in the order of the events; different vendors side by side.
      ordered: (e) => orderKeyOf(e, 'vendorId'),
      async handle(tx, envelope: EventEnvelope, ctx) {
        await handlePoCreated(tx, ledger, envelope.data as PoCreatedData, ctx.log);
      },
    },
    {
      name: 'ledger-receipts',
      events: [ReceiptRecorded],
      ordered: (e) => orderKeyOf(e, 'vendorId'),
      async handle(tx, envelope: EventEnvelope) {
        await handleReceiptRecorded(tx, ledger, envelope.data as ReceiptRecordedData);
      },
    },
  ];
}
