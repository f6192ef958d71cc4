import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCatalog, type CatalogHarness, type Vendor } from './helpers.js';

let h: CatalogHarness;
let ganesh: Vendor;
let deccan: Vendor;
beforeEach(async () => {
  h = await startCatalog();
  ganesh = await h.vendor('Shree Ganesh Cement Traders');
  deccan = await h.vendor('Deccan Steel Suppliers');
});
afterEach(async () => h?.close());

const post = (payload: unknown, headers = h.purchaser.headers) =>
  h.app.inject({ method: 'POST', url: '/items', headers, payload: payload as object });
const patch = (id: string, payload: unknown) =>
  h.app.inject({
    method: 'PATCH',
    url: `/items/${id}`,
    headers: h.purchaser.headers,
    payload: payload as object,
  });
const get = (url: string, headers = h.purchaser.headers) => h.app.inject({ method: 'GET', url, headers });
const count = async () => (await get('/items/all?limit=100')).json().totalItems as number;

describe('creating an item', () => {
  it('stores the item with prices in rupees and derived values from active prices', async () => {
    const res = await post({
      name: '  Cement   OPC 53 ',
      unit: 'bags',
      vendors: [
        { vendor: ganesh.vendorId, price: 380, gst: 106.4, moq: 50, notes: 'Door delivery' },
        { vendor: deccan.vendorId, price: 392, gst: 109.76, status: 'active' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, item } = res.json();
    expect(message).toBe('Item created successfully');
    expect(item.name).toBe('Cement OPC 53');
    expect(item.vendorCount).toBe(2);
    expect(item.bestPrice).toBe(486.4);
    expect(item.priceRange).toEqual({ min: 486.4, max: 501.76 });
    const g = item.vendors.find((v: { vendor: { _id: string } }) => v.vendor._id === ganesh.vendorId);
    expect(g).toMatchObject({
      price: 380,
      gst: 106.4,
      totalPrice: 486.4,
      moq: 50,
      status: 'active',
      notes: 'Door delivery',
    });
    expect(g.vendor).toMatchObject({ name: 'Shree Ganesh Cement Traders', vendorId: ganesh.displayId });
    expect(item.createdBy).toEqual({ _id: h.purchaser.memberId, name: 'Priya Purchaser' });
    expect(item.updatedBy.name).toBe('Priya Purchaser');
    const again = await get(`/items/${item._id}`);
    expect(again.json()).toEqual(item);
  });

  it('inactive prices do not count; an item without active prices has no best price or range', async () => {
    const res = await post({
      name: 'River sand',
      unit: 'CBM',
      vendors: [{ vendor: ganesh.vendorId, price: 1800, status: 'inactive' }],
    });
    expect(res.json().item).toMatchObject({ vendorCount: 0, bestPrice: null, priceRange: null });
    expect(res.json().item.vendors[0].gst).toBe(0);
  });

  it.each([
    [{ name: '   ', unit: 'bags' }, 'Item name is required'],
    [{ name: 'Sand', unit: '' }, 'Unit is required'],
    [
      { name: 'Sand', unit: 'buckets' },
      'Unit must be one of: bags, trucks, pcs, CBM, tons, meters, sq.ft, sq.m, liters, gallons, boxes, rolls, sheets, kg, grams',
    ],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(0);
  });

  it.each([
    [{ price: 99_999_999_999_999 }, 'Price cannot be more than ₹10,00,00,000.00'],
    [{ price: 100_000_000.01 }, 'Price cannot be more than ₹10,00,00,000.00'],
    [{ price: 380, gst: 12_345_678_901_234 }, 'GST cannot be more than ₹10,00,00,000.00'],
    [{ price: 380, moq: 12_345_678_901_234 }, 'MOQ cannot be more than 1,00,00,000'],
  ])(
    'refuses an amount beyond the maximum (%j) with 400 and "%s", storing nothing',
    async (amounts, message) => {
      const res = await post({
        name: 'Cement OPC 53',
        unit: 'bags',
        vendors: [{ vendor: ganesh.vendorId, ...amounts }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await count()).toBe(0);
    },
  );

  it('accepts a price and GST of exactly the maximum, ₹10,00,00,000.00 each', async () => {
    const res = await post({
      name: 'Tower crane',
      unit: 'pcs',
      vendors: [{ vendor: ganesh.vendorId, price: 100_000_000, gst: 99_999_999.99 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item.bestPrice).toBe(199_999_999.99);
    const edit = await patch(res.json().item._id, {
      vendors: [{ vendor: ganesh.vendorId, price: 123_456_789_012_345 }],
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Price cannot be more than ₹10,00,00,000.00');
    const one = await h.app.inject({
      method: 'PATCH',
      url: `/items/${res.json().item._id}/vendors/${ganesh.vendorId}`,
      headers: h.purchaser.headers,
      payload: { gst: 1e14 },
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('GST cannot be more than ₹10,00,00,000.00');
  });

  it('refuses duplicate vendors, a price of 0 or less and unknown vendors, storing nothing', async () => {
    const dup = await post({
      name: 'Sand',
      unit: 'CBM',
      vendors: [
        { vendor: ganesh.vendorId, price: 10 },
        { vendor: ganesh.vendorId, price: 11 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Duplicate vendors are not allowed');
    for (const price of [0, -5]) {
      const zero = await post({ name: 'Sand', unit: 'CBM', vendors: [{ vendor: deccan.vendorId, price }] });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe('Vendor Deccan Steel Suppliers: Price must be greater than 0');
    }
    const unknown = await post({
      name: 'Sand',
      unit: 'CBM',
      vendors: [{ vendor: '6f1c1c4e-1111-4111-8111-111111111111', price: 5 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Vendor not found');
    expect(await count()).toBe(0);
    expect((await h.db.query('SELECT count(*)::int AS n FROM catalog.price_history')).rows[0]).toEqual({
      n: 0,
    });
  });

  it('refuses a missing or blank name or unit with the spec’s words, storing nothing', async () => {
    for (const [payload, message] of [
      [{ unit: 'bags' }, 'Item name is required'],
      [{ name: '  ', unit: 'bags' }, 'Item name is required'],
      [{}, 'Item name is required'],
      [{ name: 'Sand' }, 'Unit is required'],
      [{ name: 'Sand', unit: ' ' }, 'Unit is required'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const other = await post({ name: 'Sand', unit: 'bags', colour: 'red' });
    expect(other.json()).toEqual({ message: 'Unknown field: colour' });
    expect(await count()).toBe(0);
  });

  it('refuses new prices for blocked and inactive vendors', async () => {
    const blocked = await h.vendor('Blocked Bricks', 'blocked');
    const inactive = await h.vendor('Sleepy Sand', 'inactive');
    const a = await post({ name: 'Bricks', unit: 'pcs', vendors: [{ vendor: blocked.vendorId, price: 8 }] });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('Vendor Blocked Bricks is blocked and cannot be given new prices');
    const b = await post({
      name: 'Bricks',
      unit: 'pcs',
      vendors: [{ vendor: inactive.vendorId, price: 8, status: 'inactive' }],
    });
    expect(b.json().message).toBe('Vendor Sleepy Sand is inactive and cannot be given new prices');
    expect(await count()).toBe(0);
  });

  it('refuses a second item with the same name (any case) with 409', async () => {
    expect((await post({ name: 'Binding wire', unit: 'kg' })).statusCode).toBe(201);
    const res = await post({ name: 'binding WIRE ', unit: 'kg' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An item with this name already exists');
    expect(await count()).toBe(1);
  });
});

describe('editing an item', () => {
  it('replaces the vendor list, records price history and keeps derived values current', async () => {
    const created = (
      await post({
        name: 'TMT steel bar 12 mm',
        unit: 'kg',
        vendors: [
          { vendor: ganesh.vendorId, price: 60, gst: 10.8 },
          { vendor: deccan.vendorId, price: 62, gst: 11.16 },
        ],
      })
    ).json().item;
    const res = await patch(created._id, {
      version: created.version,
      vendors: [{ vendor: deccan.vendorId, price: 58, gst: 10.44 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Item updated successfully.');
    const item = res.json().item;
    expect(item.version).toBe(created.version + 1);
    expect(item.vendors).toHaveLength(1);
    expect(item).toMatchObject({ vendorCount: 1, bestPrice: 68.44, priceRange: { min: 68.44, max: 68.44 } });

    const deact = await patch(created._id, {
      version: item.version,
      vendors: [{ vendor: deccan.vendorId, price: 58, gst: 10.44, status: 'inactive' }],
    });
    expect(deact.json().item).toMatchObject({ vendorCount: 0, bestPrice: null, priceRange: null });
    const act = await patch(created._id, {
      vendors: [{ vendor: deccan.vendorId, price: 58, gst: 10.44, status: 'active' }],
    });
    expect(act.json().item.vendorCount).toBe(1);

    const history = (await get(`/items/${created._id}/priceHistory`)).json();
    expect(
      history.result.map((c: { change: string; vendor: { name: string } }) => `${c.change} ${c.vendor.name}`),
    ).toEqual([
      'activated Deccan Steel Suppliers',
      'deactivated Deccan Steel Suppliers',
      'removed Shree Ganesh Cement Traders',
      'updated Deccan Steel Suppliers',
      'added Deccan Steel Suppliers',
      'added Shree Ganesh Cement Traders',
    ]);
    const updated = history.result[3];
    expect(updated).toMatchObject({
      oldPrice: 62,
      newPrice: 58,
      oldGst: 11.16,
      newGst: 10.44,
      changedBy: { _id: h.purchaser.memberId, name: 'Priya Purchaser' },
    });
    expect(history.result[2]).toMatchObject({ oldPrice: 60, newPrice: null });
  });

  it('answers 409 on a stale version and keeps the newer data', async () => {
    const created = (await post({ name: 'Plywood 18 mm', unit: 'sheets' })).json().item;
    const first = await patch(created._id, { version: created.version, name: 'Plywood 18 mm BWP' });
    expect(first.statusCode).toBe(200);
    const stale = await patch(created._id, {
      version: created.version,
      name: 'Plywood 19 mm',
      vendors: [{ vendor: ganesh.vendorId, price: 10 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This item was changed by someone else. Reload to see the latest details, then make your change again.',
    );
    const now = (await get(`/items/${created._id}`)).json();
    expect(now).toMatchObject({ name: 'Plywood 18 mm BWP', version: created.version + 1, vendors: [] });
  });

  it('renaming onto another item is a 409; an unknown item is a 404', async () => {
    await post({ name: 'Red clay bricks', unit: 'pcs' });
    const other = (await post({ name: 'Fly ash bricks', unit: 'pcs' })).json().item;
    const res = await patch(other._id, { name: 'RED clay bricks' });
    expect(res.statusCode).toBe(409);
    expect((await patch('6f1c1c4e-1111-4111-8111-111111111111', { name: 'x' })).statusCode).toBe(404);
  });

  it('a blocked vendor keeps its existing price, which can be annotated or switched off but not changed or activated', async () => {
    const created = (
      await post({ name: 'Binding wire', unit: 'kg', vendors: [{ vendor: deccan.vendorId, price: 78 }] })
    ).json().item;
    await h.updateVendor(deccan, { status: 'blocked' });
    const blocked = 'Vendor Deccan Steel Suppliers is blocked and cannot be given new prices';
    for (const change of [{ price: 80 }, { price: 78, gst: 1 }]) {
      const res = await patch(created._id, { vendors: [{ vendor: deccan.vendorId, ...change }] });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(blocked);
    }
    const fromVendorScreen = await h.app.inject({
      method: 'PATCH',
      url: `/items/${created._id}/vendors/${deccan.vendorId}`,
      headers: h.purchaser.headers,
      payload: { price: 80 },
    });
    expect(fromVendorScreen.statusCode).toBe(400);
    expect(fromVendorScreen.json().message).toBe(blocked);
    expect((await get(`/items/${created._id}`)).json().vendors[0]).toMatchObject({ price: 78, gst: 0 });

    const off = await patch(created._id, {
      vendors: [{ vendor: deccan.vendorId, price: 78, notes: 'Supplier on hold', status: 'inactive' }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().item).toMatchObject({
      vendorCount: 0,
      vendors: [{ price: 78, notes: 'Supplier on hold', status: 'inactive' }],
    });
    const activate = await patch(created._id, {
      vendors: [{ vendor: deccan.vendorId, price: 78, status: 'active' }],
    });
    expect(activate.statusCode).toBe(400);
    expect(activate.json().message).toBe(blocked);
  });
});

describe('the item list', () => {
  it('pages newest updated first, searches by keyword or Keyword, filters status, and counts active items', async () => {
    for (const name of ['Cement OPC 53', 'Cement PPC', 'River sand', 'Binding wire'])
      await post({ name, unit: 'bags' });
    const list = (await get('/items/all?limit=2&offset=0')).json();
    expect(list.totalItems).toBe(4);
    expect(list.total).toBe(4);
    expect(list.result.map((i: { name: string }) => i.name)).toEqual(['Binding wire', 'River sand']);
    expect(list.ItemData).toEqual(list.result);
    const pastTheEnd = (await get('/items/all?limit=2&offset=10')).json();
    expect(pastTheEnd).toMatchObject({ result: [], totalItems: 4, total: 4 });
    expect((await get('/items/all?limit=2&offset=2&keyword=cement')).json()).toMatchObject({
      result: [],
      totalItems: 2,
    });
    expect((await get('/items/all?keyword=ceMENT')).json().totalItems).toBe(2);
    expect((await get('/items/all?Keyword=sand')).json().result[0].name).toBe('River sand');
    expect((await get('/items/all?keyword=%25')).json().totalItems).toBe(0);
    const nul = await get('/items/all?keyword=a%00b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'keyword contains a character that is not allowed' });
    const sand = (await get('/items/all?Keyword=sand')).json().result[0];
    await patch(sand._id, { status: 'inactive' });
    expect((await get('/items/all?status=inactive')).json().totalItems).toBe(1);
    expect((await get('/items/all?status=active')).json().totalItems).toBe(3);
    expect((await get('/items/stats')).json()).toEqual({ totalItems: 3 });
    expect((await get('/items/all?limit=101')).statusCode).toBe(400);
    const defaults = (await get('/items/all')).json();
    expect(defaults.result).toHaveLength(4);
  });
});

describe('kept answers', () => {
  it('a write committed by another instance or a script shows in the next list', async () => {
    await post({ name: 'Cement OPC 53', unit: 'bags' });
    expect(await count()).toBe(1);
    expect(await count()).toBe(1); // kept
    // Any statement writing items moves the generation in its own transaction (migration 004).
    await h.db.query(
      `INSERT INTO catalog.items (id, name, unit) VALUES (gen_random_uuid(), 'River sand', 'CBM')`,
    );
    expect(await count()).toBe(2);
    await h.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO catalog.items (id, name, unit) VALUES (gen_random_uuid(), 'Binding wire', 'kg')`,
      );
    });
    expect(await count()).toBe(3);
    expect((await get('/items/stats')).json().totalItems).toBe(3);
  });

  it('every write through the API moves the generation, so the list never shows an old answer', async () => {
    expect(await count()).toBe(0);
    const made = (await post({ name: 'Cement OPC 53', unit: 'bags' })).json().item;
    expect(await count()).toBe(1);
    await patch(made._id, { status: 'inactive' });
    expect((await get('/items/all?status=inactive')).json().totalItems).toBe(1);
    await patch(made._id, { status: 'active' });
    expect((await get('/items/all?status=inactive')).json().totalItems).toBe(0);
  });
});

describe('a vendor’s prices across items', () => {
  it('lists, searches, filters and sorts, and edits or removes one price', async () => {
    const cement = (
      await post({
        name: 'Cement OPC 53',
        unit: 'bags',
        vendors: [{ vendor: deccan.vendorId, price: 392, gst: 109.76, moq: 100 }],
      })
    ).json().item;
    await post({
      name: 'TMT steel bar 12 mm',
      unit: 'kg',
      vendors: [{ vendor: deccan.vendorId, price: 62, gst: 11.16, moq: 1000 }],
    });
    await post({
      name: 'Binding wire',
      unit: 'kg',
      vendors: [
        { vendor: deccan.vendorId, price: 70, status: 'inactive' },
        { vendor: ganesh.vendorId, price: 80 },
      ],
    });
    const url = `/items/vendor/${deccan.vendorId}`;
    const all = (await get(url)).json();
    expect(all.totalItems).toBe(3);
    expect(all.result.map((r: { itemName: string }) => r.itemName)).toEqual([
      'Binding wire',
      'Cement OPC 53',
      'TMT steel bar 12 mm',
    ]);
    expect(all.result[1]).toMatchObject({
      itemId: cement._id,
      name: 'Cement OPC 53',
      unit: 'bags',
      price: 392,
      gst: 109.76,
      totalPrice: 501.76,
      moq: 100,
      active: true,
      status: 'active',
      lastUpdatedBy: { name: 'Priya Purchaser' },
    });
    // By the price shown in the column (before GST): 392, 70, 62; by total it would put TMT (73.16) before the wire (70).
    const byPrice = (await get(`${url}?sort=price&order=desc`))
      .json()
      .result.map((r: { itemName: string }) => r.itemName);
    expect(byPrice).toEqual(['Cement OPC 53', 'Binding wire', 'TMT steel bar 12 mm']);
    const byMoq = (await get(`${url}?sort=moq&order=asc`)).json().result.map((r: { moq: number }) => r.moq);
    expect(byMoq).toEqual([0, 100, 1000]);
    expect(
      (await get(`${url}?status=inactive`)).json().result.map((r: { itemName: string }) => r.itemName),
    ).toEqual(['Binding wire']);
    expect((await get(`${url}?keyword=tmt`)).json().totalItems).toBe(1);
    expect((await get(`${url}?sort=colour`)).statusCode).toBe(400);

    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/items/${cement._id}/vendors/${deccan.vendorId}`,
      headers: h.purchaser.headers,
      payload: { price: 385, notes: 'New rate', version: cement.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe('Changes Saved');
    expect(edit.json().item.vendors[0]).toMatchObject({
      price: 385,
      gst: 109.76,
      moq: 100,
      notes: 'New rate',
    });
    expect(edit.json().item.bestPrice).toBe(494.76);
    const stale = await h.app.inject({
      method: 'PATCH',
      url: `/items/${cement._id}/vendors/${deccan.vendorId}`,
      headers: h.purchaser.headers,
      payload: { price: 1, version: cement.version },
    });
    expect(stale.statusCode).toBe(409);
    const zero = await h.app.inject({
      method: 'PATCH',
      url: `/items/${cement._id}/vendors/${deccan.vendorId}`,
      headers: h.purchaser.headers,
      payload: { price: 0 },
    });
    expect(zero.json().message).toBe('Vendor Deccan Steel Suppliers: Price must be greater than 0');
    const none = await h.app.inject({
      method: 'PATCH',
      url: `/items/${cement._id}/vendors/${ganesh.vendorId}`,
      headers: h.purchaser.headers,
      payload: { price: 1 },
    });
    expect(none.statusCode).toBe(404);

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/items/${cement._id}/vendors/${deccan.vendorId}`,
      headers: h.purchaser.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Vendor price removed');
    expect(del.json().item).toMatchObject({ vendors: [], vendorCount: 0, bestPrice: null });
    const history = (await get(`/items/${cement._id}/priceHistory`)).json().result;
    expect(history.map((c: { change: string }) => c.change)).toEqual(['removed', 'updated', 'added']);
  });
});

describe('a vendor’s prices with a count cap', () => {
  it('a vendor pricing more items than the cap answers the cap and says it is capped; a narrower search is exact', async () => {
    await h.close();
    h = await startCatalog({ listCountCap: 2 });
    const steel = await h.vendor('Deccan Steel Suppliers');
    for (const name of ['Binding wire', 'Cement OPC 53', 'TMT steel bar 8 mm', 'TMT steel bar 12 mm']) {
      expect(
        (await post({ name, unit: 'kg', vendors: [{ vendor: steel.vendorId, price: 62 }] })).statusCode,
      ).toBe(201);
    }
    const url = `/items/vendor/${steel.vendorId}`;
    expect((await get(`${url}?limit=1`)).json()).toMatchObject({ totalItems: 2, totalCapped: true });
    expect((await get(`${url}?limit=1&offset=3`)).json()).toEqual({
      result: [expect.objectContaining({ itemName: 'TMT steel bar 8 mm' })],
      totalItems: 4,
    });
    expect((await get(`${url}?keyword=tmt`)).json()).toEqual({
      result: [expect.anything(), expect.anything()],
      totalItems: 2,
    });
  });
});

describe('events', () => {
  it('announces VendorItemsChanged with the active item count and a rising sequence per vendor', async () => {
    const a = (
      await post({ name: 'Cement OPC 53', unit: 'bags', vendors: [{ vendor: ganesh.vendorId, price: 380 }] })
    ).json().item;
    await post({
      name: 'Cement PPC',
      unit: 'bags',
      vendors: [
        { vendor: ganesh.vendorId, price: 360 },
        { vendor: deccan.vendorId, price: 370, status: 'inactive' },
      ],
    });
    // A price change that leaves the active set alone announces nothing.
    await patch(a._id, { vendors: [{ vendor: ganesh.vendorId, price: 385 }] });
    await patch(a._id, { vendors: [{ vendor: ganesh.vendorId, price: 385, status: 'inactive' }] });
    await h.app.inject({
      method: 'DELETE',
      url: `/items/${a._id}/vendors/${ganesh.vendorId}`,
      headers: h.purchaser.headers,
    });
    await h.settle();
    const forGanesh = h.vendorEvents.filter((e) => e.vendorId === ganesh.vendorId);
    expect(forGanesh.map((e) => [e.sequence, e.activeItems])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(h.vendorEvents.filter((e) => e.vendorId === deccan.vendorId)).toEqual([]);
    const outbox = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalog.outbox WHERE subject = 'erp.catalog.vendor_items_changed.v1'`,
    );
    expect(outbox.rows[0]!.n).toBe(3);
  });

  it('a renamed vendor shows its new name on items; an older version of the vendor changes nothing', async () => {
    const item = (
      await post({ name: 'Cement OPC 53', unit: 'bags', vendors: [{ vendor: ganesh.vendorId, price: 380 }] })
    ).json().item;
    const renamed = await h.updateVendor(ganesh, { name: 'Shree Ganesh Cements Pvt Ltd', version: 3 });
    expect((await get(`/items/${item._id}`)).json().vendors[0].vendor.name).toBe(
      'Shree Ganesh Cements Pvt Ltd',
    );
    await h.updateVendor(renamed, { name: 'Old name', version: 2 });
    expect((await get(`/items/${item._id}`)).json().vendors[0].vendor.name).toBe(
      'Shree Ganesh Cements Pvt Ltd',
    );
    expect((await get(`/items/vendor/${ganesh.vendorId}`)).json().totalItems).toBe(1);
  });
});
