/** The catalog as a message provider: the events it really writes to its outbox. */
import { describe, it } from 'vitest';
import { harnessForFile, lastOutboxEvent, verifyMessagePacts } from '@erp/service-kit/testing';
import type { EventEnvelope } from '@erp/contracts';
import { startCatalog } from './helpers.js';

const h = harnessForFile(startCatalog);

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
  return lastOutboxEvent(h.db, 'catalog', 'erp.catalog.vendor_items_changed.v1');
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
  return lastOutboxEvent(h.db, 'catalog', 'erp.catalog.item_upserted.v1', 'itemId', res.json().item._id);
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
  return lastOutboxEvent(h.db, 'catalog', 'erp.catalog.item_upserted.v1', 'itemId', res.json().item._id);
}

describe('catalog service as a message provider', () => {
  it('publishes vendor item counts its consumers can read', async () => {
    await verifyMessagePacts({
      provider: 'catalog-service-events',
      consumers: ['vendors-service'],
      messages: { 'a vendor items changed event': vendorItemsChangedEvent },
      states: ['a vendor has active prices for items'],
    });
  });

  it('announces items as the projects service reads them', async () => {
    await verifyMessagePacts({
      provider: 'catalog-service-events',
      consumers: ['projects-service'],
      messages: { 'an item upserted event': itemUpsertedEvent },
      states: ['an item was created in the item master'],
    });
  });

  it('announces items with their vendor prices as the indent service reads them', async () => {
    await verifyMessagePacts({
      provider: 'catalog-service-events',
      consumers: ['indent-service'],
      messages: { 'an item upserted event with its vendor prices': pricedItemEvent },
      states: ['an item was priced by a vendor'],
    });
  });
});
