import type { ServiceContext } from '@erp/service-kit';
import type { VendorsRepository } from './repositories/vendors.js';

/** What the vendor routes share, built once at start. */
export interface VendorsDeps {
  ctx: ServiceContext;
  vendors: VendorsRepository;
}
