import { fileURLToPath } from 'node:url';
import { VendorItemsChanged } from '@erp/contracts';
import type { ServiceDefinition } from '@erp/service-kit';
import { handleVendorItemsChanged, vendorItemsChangedFrom } from './consumers.js';
import { vendorsRepository } from './repositories/vendors.js';
import { vendorRoutes } from './routes/vendors.js';
import { seedVendors } from './seed.js';

export { DEMO_VENDORS } from './seed.js';
export { handleVendorItemsChanged } from './consumers.js';
export { vendorUpdatedData } from './events.js';
export { vendorsRepository, type VendorsRepository } from './repositories/vendors.js';

/**
 * Vendors service: the vendor master (SPEC §2 "Vendors", §7 /vendors/*). Authorises from the
 * replica of auth's events (no `directory` of its own); keeps item counts from the catalog's events.
 */
export function vendorsService(): ServiceDefinition {
  const schema = 'vendors';
  const vendors = vendorsRepository(schema);
  return {
    name: 'vendors',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      await seedVendors(ctx, vendors);
    },
    consumers: [
      {
        name: 'item-counts',
        events: [VendorItemsChanged],
        async handle(tx, envelope) {
          await handleVendorItemsChanged(tx, vendors, vendorItemsChangedFrom(envelope));
        },
      },
    ],
    async routes(app, ctx) {
      await vendorRoutes(app, { ctx, vendors });
    },
  };
}
