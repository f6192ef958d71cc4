/** The catalog as a message provider: the events it really writes to its outbox. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { startCatalog, type CatalogHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => h?.close());

/** Price an item for a vendor through the API and take the event it wrote. */
async function vendorItemsChangedEvent(): Promise<EventEnvelope> {
  const v = await h.vendor('Deccan Steel Suppliers');
  const res = await h.app.inject({
    method: 'POST',
    url: '/items',
    headers: h.purchaser.headers,
    payload: {
      name: `TMT steel bar ${Date.now()}`,
      unit: 'kg',
      vendors: [{ vendor: v.vendorId, price: 62, gst: 11.16 }],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM catalog.outbox WHERE subject = 'erp.catalog.vendor_items_changed.v1' ORDER BY seq DESC LIMIT 1`,
  );
  return row.rows[0]!.envelope;
}

/** Create an item through the API and take the item_upserted event it wrote. */
async function itemUpsertedEvent(): Promise<EventEnvelope> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/items',
    headers: h.purchaser.headers,
    payload: { name: `Cement OPC 53 ${Date.now()}`, unit: 'bags' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM catalog.outbox WHERE subject = 'erp.catalog.item_upserted.v1' AND envelope->'data'->>'itemId' = $1`,
    [res.json().item._id],
  );
  return row.rows[0]!.envelope;
}

/** Create an item priced by a vendor through the API and take the item_upserted event it wrote (with its prices). */
async function pricedItemEvent(): Promise<EventEnvelope> {
  const v = await h.vendor('Konkan Cement Depot');
  const res = await h.app.inject({
    method: 'POST',
    url: '/items',
    headers: h.purchaser.headers,
    payload: {
      name: `Wall putty ${Date.now()}`,
      unit: 'bags',
      vendors: [{ vendor: v.vendorId, price: 760.5, gst: 136.89 }],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const row = await h.db.query<{ envelope: EventEnvelope }>(
    `SELECT envelope FROM catalog.outbox WHERE subject = 'erp.catalog.item_upserted.v1' AND envelope->'data'->>'itemId' = $1 ORDER BY seq DESC LIMIT 1`,
    [res.json().item._id],
  );
  return row.rows[0]!.envelope;
}

describe('catalog service as a message provider', () => {
  it('publishes vendor item counts its consumers can read', async () => {
    await new MessageProviderPact({
      provider: 'catalog-service-events',
      pactUrls: [path.join(pactDir, 'vendors-service-catalog-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'a vendor items changed event': vendorItemsChangedEvent },
      stateHandlers: { 'a vendor has active prices for items': async () => undefined },
    }).verify();
  });

  it('announces items as the projects service reads them', async () => {
    await new MessageProviderPact({
      provider: 'catalog-service-events',
      pactUrls: [path.join(pactDir, 'projects-service-catalog-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'an item upserted event': itemUpsertedEvent },
      stateHandlers: { 'an item was created in the item master': async () => undefined },
    }).verify();
  });

  it('announces items with their vendor prices as the indent service reads them', async () => {
    await new MessageProviderPact({
      provider: 'catalog-service-events',
      pactUrls: [path.join(pactDir, 'indent-service-catalog-service-events.json')],
      logLevel: 'warn',
      messageProviders: { 'an item upserted event with its vendor prices': pricedItemEvent },
      stateHandlers: { 'an item was priced by a vendor': async () => undefined },
    }).verify();
  });
});
