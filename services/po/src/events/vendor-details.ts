/**
 * What a printed PO shows of its vendor, kept from the vendors service's erp.vendors.vendor_updated.v1
 * (newest version wins, whatever order events arrive in).
 */
import { VendorUpdated, type EventEnvelope, type VendorUpsertedData } from '@erp/contracts';
import { isUuid, type ConsumerDefinition, type Queryable } from '@erp/service-kit';
import { upsertVendorSnapshot } from '../repositories/vendor-snapshots.js';

export function vendorDetailsConsumer(schema: string): ConsumerDefinition {
  return {
    name: 'vendor-details',
    events: [VendorUpdated],
    async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
      const v = envelope.data as VendorUpsertedData;
      if (!isUuid(v.vendorId)) return;
      await upsertVendorSnapshot(schema, tx, v);
    },
  };
}
