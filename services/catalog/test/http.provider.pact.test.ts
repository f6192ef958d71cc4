/** Provider side of every HTTP pact naming catalog-service (mfe-catalog, mfe-vendors, and any consumer added later). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { listenLocally, verifyHttpPacts } from '@erp/service-kit/testing';
import { multipart, publishVendor, startCatalog, waitForJob, type CatalogHarness } from './helpers.js';

/** The vendor mfe-catalog's pact prices items with. */
const VENDOR = '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
/** The vendor whose detail screen mfe-vendors' pact reads and edits. */
const VENDOR_OF_MFE_VENDORS = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const IMPORT_HEADER = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes';
let h: CatalogHarness;
let base = '';
beforeAll(async () => {
  h = await startCatalog();
  base = await listenLocally(h.app);
});
afterAll(async () => h?.close());

/** Removes the items of these names (lower case), so a pact can create or rename an item to one. */
async function forgetItems(...nameKeys: string[]): Promise<void> {
  const ids = `SELECT id FROM catalog.items WHERE name_key = ANY($1::text[])`;
  await h.db.query(`DELETE FROM catalog.price_history WHERE item_id IN (${ids})`, [nameKeys]);
  await h.db.query(`DELETE FROM catalog.vendor_prices WHERE item_id IN (${ids})`, [nameKeys]);
  await h.db.query(`DELETE FROM catalog.items WHERE name_key = ANY($1::text[])`, [nameKeys]);
}

/** Creates an item priced by the vendor through the API; its id and the price row's id go to the request. */
async function pricedItem(
  name: string,
  unit: string,
  vendor: string,
  price: number,
  gst: number,
): Promise<{ itemId: string; priceId: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/items',
    headers: h.purchaser.headers,
    payload: { name, unit, vendors: [{ vendor, price, gst }] },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const item = res.json().item as { _id: string; vendors: Array<{ _id: string }> };
  return { itemId: item._id, priceId: item.vendors[0]!._id };
}

const shreeGanesh = () =>
  publishVendor(h, {
    vendorId: VENDOR,
    displayId: 'VEN-0001',
    name: 'Shree Ganesh Cement Traders',
    status: 'active',
    version: 1,
  });

describe('catalog service as an HTTP provider', () => {
  it('honours every pact its consumers wrote', async () => {
    await verifyHttpPacts({
      provider: 'catalog-service',
      baseUrl: base,
      // The gateway strips /api/v1; the consumer's token is replaced by a real Purchaser session.
      authorization: () => h.purchaser.headers.authorization,
      stateHandlers: {
        // Creates the vendor (as its event would) and an item it prices; the item and price ids are handed to the request.
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists': async () => {
          await shreeGanesh();
          await forgetItems('binding wire 18 gauge', 'cement opc 53 grade');
          return pricedItem(`Cement OPC 53 ${Date.now()}`, 'bags', VENDOR, 380, 106.4);
        },
        // An import by the Purchaser the requests run as, finished; its id is handed to the request.
        'an import of items.csv was started by the signed-in member': async () => {
          await shreeGanesh();
          const file = multipart(
            'items.csv',
            `${IMPORT_HEADER}\nRiver sand,CBM,Shree Ganesh Cement Traders,1450,72.5,0,active,\n`,
          );
          const res = await h.app.inject({
            method: 'POST',
            url: '/items/import',
            headers: { ...file.headers, ...h.purchaser.headers },
            payload: file.payload,
          });
          if (res.statusCode !== 202) throw new Error(res.body);
          const job = await waitForJob(h, res.json()._id as string);
          return { jobId: job._id as string };
        },
        // mfe-vendors: the vendor (as its event would) and a fresh item it prices, at version 1.
        'vendor 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d prices an item': async () => {
          await publishVendor(h, {
            vendorId: VENDOR_OF_MFE_VENDORS,
            displayId: 'VEN-0002',
            name: 'Deccan Steel Suppliers',
            status: 'active',
            version: 1,
          });
          return pricedItem(`TMT steel bar 12 mm ${Date.now()}`, 'kg', VENDOR_OF_MFE_VENDORS, 62, 11.16);
        },
      },
    });
  });
});
