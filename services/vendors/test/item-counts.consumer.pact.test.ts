/** Message contract: the vendors service consumes the catalog's erp.catalog.vendor_items_changed.v1. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import { handleVendorItemsChanged, vendorItemsChangedFrom } from '../src/events/vendor-items-changed.js';
import { vendorsRepository } from '../src/repositories/vendors.js';
import { startVendors } from './helpers.js';

const { uuid, integer } = MatchersV3;

const h = harnessForFile(startVendors);

describe('vendors consuming erp.catalog.vendor_items_changed.v1', () => {
  it('shows the vendor’s number of items', async () => {
    const created = await h.call('admin', 'POST', '/vendors', {
      name: 'Shree Ganesh Cement Traders',
      contactPerson: 'Ganesh Pawar',
      phoneNumber: '9822012345',
      email: 'orders@shreeganesh.example',
      address: 'Market Yard, Pune',
      paymentTerms: 30,
    });
    // A fixed id, so the pact file is the same on every run (the example value is written into it).
    const vendorId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    await h.db.query('UPDATE vendors.vendors SET id = $1 WHERE id = $2', [
      vendorId,
      created.json().vendor._id,
    ]);
    await receiveEvent(
      {
        consumer: 'vendors-service',
        provider: 'catalog-service-events',
        state: 'a vendor has active prices for items',
        description: 'a vendor items changed event',
        subject: 'erp.catalog.vendor_items_changed.v1',
        data: { vendorId: uuid(vendorId), activeItems: integer(3), sequence: integer(7) },
      },
      async (envelope) => {
        const vendors = vendorsRepository('vendors');
        await h.db.transaction((tx) =>
          handleVendorItemsChanged(tx, vendors, vendorItemsChangedFrom(envelope)),
        );
        const v = await h.call('admin', 'GET', `/vendors/details/${vendorId}`);
        expect(v.json().totalItems).toBe(3);
      },
    );
  });
});
