/** Contract: mfe-catalog's API client (the real endpoint files) against the catalog service. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { configureApi } from '@erp/sdk';
import { createItem } from './create-item';
import { getItem } from './get-item';
import { getItemList } from './get-item-list';
import { getPriceHistory } from './get-price-history';

const { like, eachLike, uuid, regex, integer, number, string, fromProviderState } = MatchersV3;
const VENDOR = '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const AUTH = { Authorization: regex('^Bearer .+$', 'Bearer a-session-token') };

const summary = {
  _id: uuid(),
  name: string('Cement OPC 53'),
  unit: string('bags'),
  status: regex('^(active|inactive)$', 'active'),
  vendorCount: integer(1),
  bestPrice: number(486.4),
  priceRange: like({ min: number(486.4), max: number(486.4) }),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  version: integer(1),
};
const priceLike = {
  _id: uuid(),
  vendor: like({ _id: uuid(VENDOR), name: string('Shree Ganesh Cement Traders'), vendorId: string('VEN-0001'), status: string('active') }),
  price: number(380),
  gst: number(106.4),
  totalPrice: number(486.4),
  moq: number(0),
  status: regex('^(active|inactive)$', 'active'),
  notes: string(''),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
};

const pact = new PactV4({
  consumer: 'mfe-catalog',
  provider: 'catalog-service',
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../pacts'),
  logLevel: 'warn',
});
const useMock = (url: string) =>
  configureApi({ baseUrl: `${url}/api/v1`, getToken: () => 'a-session-token', fetch: globalThis.fetch, onUnauthorized: () => undefined });

describe('mfe-catalog API client', () => {
  it('lists items with best price and range', async () => {
    await pact
      .addInteraction()
      .given('an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists')
      .uponReceiving('a request for the first page of items')
      .withRequest('GET', '/api/v1/items/all', (b) => b.query({ limit: '100', offset: '0' }).headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(like(summary)), ItemData: eachLike(like(summary)), totalItems: integer(1), total: integer(1) }))
      .executeTest(async (mock) => {
        useMock(mock.url);
        const res = await getItemList({ page: 1, keyword: '' });
        expect(res.result[0]!.bestPrice).toBeTypeOf('number');
      });
  });

  it('creates an item with a vendor price', async () => {
    const body = { name: 'Binding wire 18 gauge', unit: 'kg', vendors: [{ vendor: VENDOR, price: 78, gst: 14.04, moq: 0, status: 'active' as const, notes: '' }] };
    await pact
      .addInteraction()
      .given('an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists')
      .uponReceiving('a request to create an item with one vendor price')
      .withRequest('POST', '/api/v1/items', (b) => b.headers(AUTH).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({ message: 'Item created successfully', item: like({ ...summary, name: string('Binding wire 18 gauge'), vendors: eachLike(like(priceLike)) }) }),
      )
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await createItem(body)).item.vendors).toHaveLength(1);
      });
  });

  it('reads one item and its price history', async () => {
    await pact
      .addInteraction()
      .given('an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists')
      .uponReceiving('a request for one item')
      .withRequest('GET', fromProviderState('/api/v1/items/${itemId}', '/api/v1/items/1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a'), (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(like({ ...summary, vendors: eachLike(like(priceLike)) })))
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await getItem('1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a')).vendors[0]!.totalPrice).toBeTypeOf('number');
      });
    await pact
      .addInteraction()
      .given('an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists')
      .uponReceiving('a request for the price history of an item')
      .withRequest('GET', fromProviderState('/api/v1/items/${itemId}/priceHistory', '/api/v1/items/1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a/priceHistory'), (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(
            like({
              _id: uuid(),
              itemId: uuid(),
              vendor: like({ _id: uuid(), name: string('Shree Ganesh Cement Traders') }),
              change: regex('^(added|updated|deactivated|activated|removed)$', 'added'),
              changedAt: string('2026-11-21T10:00:00.000Z'),
            }),
          ),
          totalItems: integer(1),
        }),
      )
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await getPriceHistory('1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a')).result[0]!.change).toBe('added');
      });
  });
});
