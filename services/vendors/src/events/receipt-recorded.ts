/**
 * The ledger's consumer of erp.po.receipt_recorded.v1, a plain function of the event (a message
 * pact calls it without a bus). Idempotent twice over: the kit's inbox drops a redelivered
 * envelope, and a second envelope about the same receipt changes nothing (a case is opened once per
 * receipt_id). The overbilling rule itself is domain/overbilling.ts's.
 */
import { ReceiptRecorded, type EventEnvelope, type ReceiptRecordedData } from '@erp/contracts';
import { orderKeyOf, type ConsumerDefinition, type Queryable } from '@erp/service-kit';
import { isUuid } from '../domain/ledger.js';
import { overbilling } from '../domain/overbilling.js';
import type { LedgerRepository } from '../repositories/ledger.js';

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
  const over = overbilling(data.invoiceAmount, data.expectedAmount);
  if (!over) return null;
  const { invoicePaise, expectedPaise } = over;
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

/** The ledger's consumer of erp.po.receipt_recorded.v1. */
export function receiptRecordedConsumer(ledger: LedgerRepository): ConsumerDefinition {
  return {
    name: 'ledger-receipts',
    events: [ReceiptRecorded],
    ordered: (e) => orderKeyOf(e, 'vendorId'),
    async handle(tx, envelope: EventEnvelope) {
      await handleReceiptRecorded(tx, ledger, envelope.data as ReceiptRecordedData);
    },
  };
}
