import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAccess, type GrantedAccess } from '@erp/service-kit/testing';
import { multipart, startCatalog, type CatalogHarness } from './helpers.js';

let h: CatalogHarness;
/** Role defaults: an Accountant reads the item list but does not maintain the item master. */
let accountant: GrantedAccess;
let itemId: string;
let vendorId: string;
beforeAll(async () => {
  h = await startCatalog();
  accountant = await grantAccess(h, { name: 'Rahul Accountant', role: 'Accountant' });
  const v = await h.vendor('Western Ply and Hardware');
  vendorId = v.vendorId;
  const res = await h.app.inject({
    method: 'POST',
    url: '/items',
    headers: h.purchaser.headers,
    payload: { name: 'Plywood 18 mm', unit: 'sheets', vendors: [{ vendor: vendorId, price: 2450 }] },
  });
  itemId = res.json().item._id;
});
afterAll(async () => h?.close());

type Req = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object | Buffer;
  headers?: () => Record<string, string>;
  write: boolean;
};
const csv = () =>
  multipart('items.csv', 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes\nNails,kg,,,,,,\n');
const routes: Record<string, Req> = {
  'GET /items/all': { method: 'GET', url: () => '/items/all', write: false },
  'GET /items/stats': { method: 'GET', url: () => '/items/stats', write: false },
  'GET /items/:id': { method: 'GET', url: () => `/items/${itemId}`, write: false },
  'GET /items/:id/priceHistory': { method: 'GET', url: () => `/items/${itemId}/priceHistory`, write: false },
  'GET /items/vendor/:vendorId': { method: 'GET', url: () => `/items/vendor/${vendorId}`, write: false },
  'GET /items/export': { method: 'GET', url: () => '/items/export?format=csv', write: false },
  'POST /items': {
    method: 'POST',
    url: () => '/items',
    payload: () => ({ name: 'Screws', unit: 'boxes' }),
    write: true,
  },
  'PATCH /items/:id': {
    method: 'PATCH',
    url: () => `/items/${itemId}`,
    payload: () => ({ name: 'Plywood 18 mm' }),
    write: true,
  },
  'PATCH /items/:id/vendors/:vendorId': {
    method: 'PATCH',
    url: () => `/items/${itemId}/vendors/${vendorId}`,
    payload: () => ({ notes: 'x' }),
    write: true,
  },
  'DELETE /items/:id/vendors/:vendorId': {
    method: 'DELETE',
    url: () => `/items/${itemId}/vendors/${vendorId}`,
    write: true,
  },
  'POST /items/import': {
    method: 'POST',
    url: () => '/items/import',
    payload: () => csv().payload,
    headers: () => csv().headers,
    write: true,
  },
  'GET /items/import/:jobId': {
    method: 'GET',
    url: () => '/items/import/6f1c1c4e-1111-4111-8111-111111111111',
    write: true,
  },
};

describe('permissions (module items)', () => {
  for (const [name, r] of Object.entries(routes)) {
    it(`${name}: anonymous 401, no items access 403${r.write ? ', Employee and Accountant (list readers) 403' : ', Employee and Accountant may read'}`, async () => {
      const send = (auth: Record<string, string>) => {
        const upload = r.headers ? csv() : null;
        return h.app.inject({
          method: r.method,
          url: r.url(),
          headers: { ...(upload?.headers ?? {}), ...auth },
          ...(upload ? { payload: upload.payload } : r.payload ? { payload: r.payload() } : {}),
        });
      };
      const anon = await send({});
      expect(anon.statusCode).toBe(401);
      const outsider = await send(h.outsider.headers);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().message).toMatch(
        /^You do not have (read|write) access to (Item List|Add Item)$/,
      );
      if (r.write) {
        for (const who of [h.reader, accountant]) {
          const reader = await send(who.headers);
          expect(reader.statusCode).toBe(403);
          expect(reader.json().message).toBe('You do not have write access to Add Item');
        }
      } else {
        for (const who of [h.reader, accountant]) expect((await send(who.headers)).statusCode).toBe(200);
      }
    });
  }
});
