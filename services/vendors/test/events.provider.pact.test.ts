/** The vendors service as a message provider: the vendor_updated event built from a stored vendor. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import { VendorUpdated } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { vendorUpdatedData } from '../src/events/vendor-updated.js';
import { startVendors, type VendorsHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: VendorsHarness;
beforeAll(async () => {
  h = await startVendors();
});
afterAll(async () => h?.close());

let made = 0;

describe('vendors service as a message provider', () => {
  it('publishes vendor changes its consumers can read', async () => {
    await new MessageProviderPact({
      provider: 'vendors-service-events',
      pactUrls: [
        path.join(pactDir, 'catalog-service-vendors-service-events.json'),
        path.join(pactDir, 'indent-service-vendors-service-events.json'),
      ],
      logLevel: 'warn',
      messageProviders: {
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
      stateHandlers: { 'a vendor was created': async () => undefined },
    }).verify();
  });
});
