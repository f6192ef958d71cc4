/**
 * erp.catalog.vendor_items_changed.v1: a vendor's set of active items changed (a price added,
 * switched on or off or removed; an item priced by it switched on or off).
 */
import { VendorItemsChanged } from '@erp/contracts';
import type { EventMeta, Queryable, ServiceContext } from '@erp/service-kit';
import type { VendorsRepository } from '../repositories/vendors.js';

/**
 * erp.catalog.vendor_items_changed.v1 for each vendor whose set of active items changed, in
 * the caller's transaction: the next sequence of the vendor and its active item count.
 */
export async function announceVendorItems(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emit'>,
  vendors: VendorsRepository,
  vendorIds: Iterable<string>,
  meta: EventMeta = {},
): Promise<void> {
  const ids = [...new Set(vendorIds)].sort();
  if (ids.length === 0) return;
  const sequences = await vendors.nextSequences(tx, ids);
  const n = await vendors.activeItemCounts(tx, ids);
  for (const r of sequences.sort((a, b) => a.vendor_id.localeCompare(b.vendor_id))) {
    await ctx.emit(
      tx,
      VendorItemsChanged,
      { vendorId: r.vendor_id, activeItems: n.get(r.vendor_id) ?? 0, sequence: r.sequence },
      meta,
    );
  }
}
