/** Message contract: the vendors service consumes the catalog's erp.catalog.vendor_items_changed.v1. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { handleVendorItemsChanged, vendorItemsChangedFrom } from '../src/events/vendor-items-changed.js';
import { vendorsRepository } from '../src/repositories/vendors.js';
import { startVendors, type VendorsHarness } from './helpers.js';

const { uuid, integer, datetime } = MatchersV3;
const pact = new PactV4({
  consumer: 'vendors-service',
  provider: 'catalog-service-events',
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts'),
  logLevel: 'warn',
});

let h: VendorsHarness;
beforeAll(async () => {
  h = await startVendors();
});
afterAll(async () => h?.close());

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
    await pact
      .addAsynchronousInteraction()
      .given('a vendor has active prices for items')
      .expectsToReceive('a vendor items changed event', (b) => {
        b.withJSONContent({
          id: uuid(),
          subject: 'erp.catalog.vendor_items_changed.v1',
          occurredAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-21T10:00:00.000Z'),
          source: 'catalog',
          data: { vendorId: uuid(vendorId), activeItems: integer(3), sequence: integer(7) },
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope;
        const vendors = vendorsRepository('vendors');
        await h.db.transaction((tx) =>
          handleVendorItemsChanged(tx, vendors, vendorItemsChangedFrom(envelope)),
        );
        const v = await h.call('admin', 'GET', `/vendors/details/${vendorId}`);
        expect(v.json().totalItems).toBe(3);
      });
  });
});
