import { fileURLToPath } from 'node:url';
import { VendorItemsChanged } from '@erp/contracts';
import type { ServiceDefinition } from '@erp/service-kit';
import { companyProfile } from './company.js';
import { handleVendorItemsChanged, vendorItemsChangedFrom } from './consumers.js';
import { ledgerConsumers } from './ledger/consumers.js';
import { ledgerRepository } from './ledger/repository.js';
import { ledgerRoutes } from './ledger/routes.js';
import { poCountConsumers } from './po-counts.js';
import { vendorsRepository } from './repositories/vendors.js';
import { vendorRoutes } from './routes/vendors.js';

export { handleVendorItemsChanged } from './consumers.js';
export { vendorUpdatedData } from './events.js';
export { vendorsRepository, type VendorsRepository } from './repositories/vendors.js';
export {
  checkLedgers,
  formatLedgerReport,
  type LedgerCheckReport,
  type LedgerMismatch,
} from './ledger/check.js';
export { handlePoCreated, handleReceiptRecorded } from './ledger/consumers.js';
export { ledgerRepository, type LedgerRepository } from './ledger/repository.js';
export { handlePoCreatedForCounts, handlePoStatusForCounts } from './po-counts.js';

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
      {
        name: 'item-counts',
        events: [VendorItemsChanged],
        async handle(tx, envelope) {
          await handleVendorItemsChanged(tx, vendors, vendorItemsChangedFrom(envelope));
        },
      },
      ...ledgerConsumers(ledger),
      ...poCountConsumers(schema),
    ],
    async routes(app, ctx) {
      await vendorRoutes(app, { ctx, vendors, ledger });
      await ledgerRoutes(app, { ctx, ledger, company: companyProfile() });
    },
  };
}
