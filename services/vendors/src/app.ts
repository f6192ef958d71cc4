import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@erp/service-kit';
import { companyProfile } from './config.js';
import { poCountConsumers } from './events/po-counts.js';
import { poCreatedConsumer } from './events/po-created.js';
import { receiptRecordedConsumer } from './events/receipt-recorded.js';
import { itemCountsConsumer } from './events/vendor-items-changed.js';
import { ledgerRepository } from './repositories/ledger.js';
import { vendorsRepository } from './repositories/vendors.js';
import { accountRoutes } from './routes/accounts.js';
import { ledgerEntryRoutes } from './routes/ledger-entries.js';
import { ledgerRoutes } from './routes/ledger.js';
import { overbillingRoutes } from './routes/overbilling.js';
import { statementRoutes } from './routes/statement.js';
import { vendorRoutes } from './routes/vendors.js';

export { handleVendorItemsChanged } from './events/vendor-items-changed.js';
export { vendorUpdatedData } from './events/vendor-updated.js';
export { vendorsRepository, type VendorsRepository } from './repositories/vendors.js';
export { checkLedgers, type LedgerCheckReport, type LedgerMismatch } from './repositories/ledger-check.js';
export { formatLedgerReport } from './plugins/ledger-check-cli.js';
export { handlePoCreated } from './events/po-created.js';
export { handleReceiptRecorded } from './events/receipt-recorded.js';
export { ledgerRepository, type LedgerRepository } from './repositories/ledger.js';
export { handlePoCreatedForCounts, handlePoStatusForCounts } from './events/po-counts.js';

/**
 * Vendors service: the vendor master (SPEC §2 "Vendors", §7 /vendors/*) and the vendors' account
 * ledgers (§2 "Vendor ledger", §7 /vendorTransaction, decision 0025): PO debits from
 * erp.po.created.v1, overbilling cases from erp.po.receipt_recorded.v1, payments, credit notes,
 * reversals and statements. Authorises from the replica of auth's events (no `directory` of its
 * own); keeps item counts from the catalog's events and PO counts from the PO service's (decision 0033).
 */
export function vendorsService(): ServiceDefinition {
  const schema = 'vendors';
  const vendors = vendorsRepository(schema);
  const ledger = ledgerRepository(schema);
  return {
    name: 'vendors',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    consumers: [
      itemCountsConsumer(vendors),
      poCreatedConsumer(ledger),
      receiptRecordedConsumer(ledger),
      ...poCountConsumers(schema),
    ],
    async routes(app, ctx) {
      await vendorRoutes(app, { ctx, vendors, ledger });
      const deps = { ctx, ledger, company: companyProfile() };
      await accountRoutes(app, deps);
      await overbillingRoutes(app, deps);
      await ledgerRoutes(app, deps);
      await ledgerEntryRoutes(app, deps);
      await statementRoutes(app, deps);
    },
  };
}
