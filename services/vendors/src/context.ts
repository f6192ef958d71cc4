import type { ServiceContext } from '@erp/service-kit';
import type { LedgerRepository } from './ledger/repository.js';
import type { VendorsRepository } from './repositories/vendors.js';

/** What the vendor routes share, built once at start. */
export interface VendorsDeps {
  ctx: ServiceContext;
  vendors: VendorsRepository;
  /** The ledgers, for the dashboard's payables. */
  ledger: LedgerRepository;
}
