/** Provider side of the HTTP pacts naming catalog-service (mfe-catalog). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Verifier } from '@pact-foundation/pact';
import { publishVendor, startCatalog, type CatalogHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
const VENDOR = '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
let h: CatalogHarness;
let base = '';
beforeAll(async () => {
  h = await startCatalog();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(async () => h?.close());

describe('catalog service as an HTTP provider', () => {
  it('honours the pact of mfe-catalog', async () => {
    await new Verifier({
      provider: 'catalog-service',
      providerBaseUrl: base,
      pactUrls: [path.join(pactDir, 'mfe-catalog-catalog-service.json')],
      logLevel: 'warn',
      // The gateway strips /api/v1; the consumer's token is replaced by a real Purchaser session.
      requestFilter: (req, _res, next) => {
        req.url = req.url.replace(/^\/api\/v1/, '');
        if (req.headers.authorization) req.headers.authorization = h.purchaser.headers.authorization;
        next();
      },
      stateHandlers: {
        // Creates the vendor (as its event would) and an item it prices; the item id is handed to the request.
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists': async () => {
          await publishVendor(h, { vendorId: VENDOR, displayId: 'VEN-0001', name: 'Shree Ganesh Cement Traders', status: 'active', version: 1 });
          await h.db.query(`DELETE FROM catalog.price_history WHERE item_id IN (SELECT id FROM catalog.items WHERE name_key = 'binding wire 18 gauge')`);
          await h.db.query(`DELETE FROM catalog.vendor_prices WHERE item_id IN (SELECT id FROM catalog.items WHERE name_key = 'binding wire 18 gauge')`);
          await h.db.query(`DELETE FROM catalog.items WHERE name_key = 'binding wire 18 gauge'`);
          const res = await h.app.inject({
            method: 'POST',
            url: '/items',
            headers: h.purchaser.headers,
            payload: { name: `Cement OPC 53 ${Date.now()}`, unit: 'bags', vendors: [{ vendor: VENDOR, price: 380, gst: 106.4 }] },
          });
          if (res.statusCode !== 201) throw new Error(res.body);
          return { itemId: res.json().item._id as string };
        },
      },
    }).verifyProvider();
  });
});
