/** Consumer of erp.vendors.vendor_updated.v1: keep the vendor snapshot (newest version wins). */
import type { EventEnvelope, VendorUpsertedData } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
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
