/** The vendors service as a message provider: the vendor_updated event built from a stored vendor. */
import { describe, it } from 'vitest';
import { harnessForFile, verifyMessagePacts } from '@erp/service-kit/testing';
import { VendorUpdated } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { vendorUpdatedData } from '../src/events/vendor-updated.js';
import { startVendors } from './helpers.js';

const h = harnessForFile(startVendors);

let made = 0;

describe('vendors service as a message provider', () => {
  it('publishes vendor changes its consumers can read', async () => {
    await verifyMessagePacts({
      provider: 'vendors-service-events',
      consumers: ['catalog-service', 'indent-service'],
      messages: {
        'a vendor updated event': async () => {
          // A new vendor each time (one per pact verified): a second with the same name is refused.
          const res = await h.call('admin', 'POST', '/vendors', {
            name: `Konkan Cement Depot ${'ABCDEFGH'[made++]}`,
            contactPerson: 'Suresh Kadam',
            phoneNumber: '9822098220',
            email: 'sales@konkancement.example',
            address: 'MIDC Chiplun',
            paymentTerms: 45,
          });
          return buildEnvelope('vendors', VendorUpdated, vendorUpdatedData(res.json().vendor));
        },
      },
      states: ['a vendor was created'],
    });
  });
});
