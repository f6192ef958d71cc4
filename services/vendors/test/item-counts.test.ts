import { describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import { VendorItemsChanged, type Vendor } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { createVendor, startVendors } from './helpers.js';

const h = harnessForFile(startVendors);

/** The catalog announcing a vendor's active item count, as it would on the bus. */
async function itemsChanged(vendorId: string, activeItems: number, sequence: number) {
  const envelope = buildEnvelope('catalog', VendorItemsChanged, { vendorId, activeItems, sequence });
  await h.bus.publish(envelope);
  await h.settle();
  return envelope;
}

async function details(id: string): Promise<Vendor> {
  return (await h.call('admin', 'GET', `/vendors/details/${id}`)).json() as Vendor;
}

describe('item counts from the catalog', () => {
  it('shows the active item count the catalog announces, without bumping the vendor version', async () => {
    const v = await createVendor(h);
    await itemsChanged(v._id, 4, 1);
    await expect.poll(async () => (await details(v._id)).totalItems).toBe(4);
    expect((await details(v._id)).version).toBe(1);
    const listed = (await h.call('admin', 'GET', `/vendors/all?keyword=${v.vendorId}`)).json().vendors[0];
    expect(listed.totalItems).toBe(4);
  });

  it('keeps the newest count when an older event arrives late', async () => {
    const v = await createVendor(h);
    await itemsChanged(v._id, 7, 5);
    await expect.poll(async () => (await details(v._id)).totalItems).toBe(7);
    await itemsChanged(v._id, 3, 4);
    await itemsChanged(v._id, 9, 5);
    // A later, newer event still applies: the older ones above were processed, not stuck.
    await itemsChanged(v._id, 2, 6);
    await expect.poll(async () => (await details(v._id)).totalItems).toBe(2);
  });

  it('changes nothing when the same event is delivered again', async () => {
    const v = await createVendor(h);
    const first = await itemsChanged(v._id, 5, 10);
    await expect.poll(async () => (await details(v._id)).totalItems).toBe(5);
    // Reset the stored sequence so only the inbox can stop the redelivery from applying.
    await h.db.query('UPDATE vendors.vendors SET total_items = 1, items_sequence = 0 WHERE id = $1', [v._id]);
    await h.bus.publish(first);
    await h.settle();
    const handled = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vendors.inbox WHERE event_id = $1',
      [first.id],
    );
    expect(handled.rows[0]!.n).toBe(1);
    expect((await details(v._id)).totalItems).toBe(1);
  });

  it('ignores events about vendors it does not know', async () => {
    const before = await h.db.query(
      'SELECT id, total_items, items_sequence FROM vendors.vendors ORDER BY id',
    );
    await itemsChanged('7c9e6679-7425-40de-944b-e07fc1f90ae7', 3, 1);
    await itemsChanged('not-a-uuid', 3, 1);
    const after = await h.db.query('SELECT id, total_items, items_sequence FROM vendors.vendors ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });
});
