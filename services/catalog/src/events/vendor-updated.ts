/** Consumer of erp.vendors.vendor_updated.v1: keep the vendor snapshot (newest version wins). */
import { VendorUpdated, type EventEnvelope, type VendorUpsertedData } from '@erp/contracts';
import type { ConsumerDefinition, Queryable, ServiceContext } from '@erp/service-kit';
import type { VendorsRepository } from '../repositories/vendors.js';

export interface VendorUpdatedDeps {
  vendors: VendorsRepository;
}

/** A plain function of the event, run in the transaction that records it in the inbox. */
export async function handleVendorUpdated(
  tx: Queryable,
  envelope: EventEnvelope,
  ctx: ServiceContext,
  deps: VendorUpdatedDeps,
): Promise<void> {
  await deps.vendors.upsert(tx, envelope.data as VendorUpsertedData);
}

export function vendorUpdatedConsumer(deps: VendorUpdatedDeps): ConsumerDefinition {
  return {
    name: 'vendor-snapshots',
    events: [VendorUpdated],
    handle: (tx, envelope, ctx) => handleVendorUpdated(tx, envelope, ctx, deps),
  };
}
