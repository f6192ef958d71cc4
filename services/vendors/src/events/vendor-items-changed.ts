import { VendorItemsChanged, type EventEnvelope, type VendorItemsChangedData } from '@erp/contracts';
import type { ConsumerDefinition, Queryable } from '@erp/service-kit';
import type { VendorsRepository } from '../repositories/vendors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * erp.catalog.vendor_items_changed.v1: keep the vendor's active item count. Out-of-order safe
 * (only a higher sequence wins); an unknown vendor is ignored. A plain function so a message pact
 * can call it without a bus; the inbox around it makes a redelivery change nothing.
 */
export async function handleVendorItemsChanged(
  tx: Queryable,
  vendors: VendorsRepository,
  data: VendorItemsChangedData,
): Promise<boolean> {
  if (!UUID.test(data.vendorId)) return false;
  return vendors.setItemCount(tx, data.vendorId, data.activeItems, data.sequence);
}

export function vendorItemsChangedFrom(envelope: EventEnvelope): VendorItemsChangedData {
  return envelope.data as VendorItemsChangedData;
}

/** The item counts' consumer of erp.catalog.vendor_items_changed.v1. */
export function itemCountsConsumer(vendors: VendorsRepository): ConsumerDefinition {
  return {
    name: 'item-counts',
    events: [VendorItemsChanged],
    async handle(tx, envelope) {
      await handleVendorItemsChanged(tx, vendors, vendorItemsChangedFrom(envelope));
    },
  };
}
