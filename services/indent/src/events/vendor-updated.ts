/** erp.vendors.vendor_updated.v1: a vendor's name and status (only an active vendor is offered). */
import type { VendorUpsertedData } from '@erp/contracts';
import { isUuid, type Queryable } from '@erp/service-kit';
import { upsertVendor } from '../repositories/replicas.js';

export async function onVendorUpdated(tx: Queryable, schema: string, v: VendorUpsertedData): Promise<void> {
  if (!isUuid(v.vendorId)) return;
  await upsertVendor(schema, tx, v);
}
