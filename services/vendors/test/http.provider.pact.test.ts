/** Provider side of every HTTP pact naming vendors-service (mfe-vendors, mfe-catalog, and any consumer added later). */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Verifier } from '@pact-foundation/pact';
import { startVendors, type VendorsHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
/** The consumers' pacts with this provider: <consumer>-vendors-service.json. */
const pactUrls = readdirSync(pactDir)
  .filter((f) => f.endsWith('-vendors-service.json'))
  .sort()
  .map((f) => path.join(pactDir, f));
let h: VendorsHarness;
let base = '';
beforeAll(async () => {
  h = await startVendors();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(async () => h?.close());

describe('vendors service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    expect(pactUrls).not.toHaveLength(0);
    await new Verifier({
      provider: 'vendors-service',
      providerBaseUrl: base,
      pactUrls,
      logLevel: 'warn',
      // The gateway strips /api/v1; the consumer's token is replaced by a real Admin session.
      requestFilter: (req, _res, next) => {
        req.url = req.url.replace(/^\/api\/v1/, '');
        if (req.headers.authorization) req.headers.authorization = h.people.admin.headers.authorization;
        next();
      },
      stateHandlers: {
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d exists': async () => {
          await h.db.query(
            `INSERT INTO vendors.vendors (id, display_no, vendor_id, name, contact_person, phone_number, email, address, gstin, payment_terms, status)
             VALUES ('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 900, 'VEN-0900', 'Shree Ganesh Cement Traders', 'Ganesh Pawar', '9822012345',
                     'orders@shreeganesh.example', 'Market Yard, Pune', '27AAPFU0939F1ZV', 30, 'active')
             ON CONFLICT (id) DO UPDATE SET version = 1, payment_terms = 30`,
          );
        },
        'no vendor is called Konkan Cement Depot': async () => {
          await h.db.query(`DELETE FROM vendors.vendors WHERE lower(name) = 'konkan cement depot'`);
        },
      },
    }).verifyProvider();
  });
});
