/**
 * The item master as other services receive it: erp.catalog.item_upserted.v1 in the outbox of
 * every change of an item's name, unit or status or of any of its vendor prices (with the whole
 * price list), and erp.catalog.items_snapshot.v1 chunks for a service that asks for every item.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemsSnapshotRequested, type ItemsSnapshotData, type ItemUpsertedData } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { multipart, startCatalog, waitForJob, type CatalogHarness } from './helpers.js';

let h: CatalogHarness;
beforeEach(async () => {
  h = await startCatalog();
});
afterEach(async () => h?.close());

const HEADER = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes';

async function outbox<T>(subject: string): Promise<T[]> {
  const res = await h.db.query<{ envelope: { data: T } }>(
    `SELECT envelope FROM catalog.outbox WHERE subject = $1 ORDER BY seq`,
    [subject],
  );
  return res.rows.map((r) => r.envelope.data);
}
const upserts = () => outbox<ItemUpsertedData>('erp.catalog.item_upserted.v1');
const snapshots = () => outbox<ItemsSnapshotData>('erp.catalog.items_snapshot.v1');

const post = (payload: unknown) =>
  h.app.inject({ method: 'POST', url: '/items', headers: h.purchaser.headers, payload: payload as object });
const patch = (id: string, payload: unknown) =>
  h.app.inject({
    method: 'PATCH',
    url: `/items/${id}`,
    headers: h.purchaser.headers,
    payload: payload as object,
  });
const patchPrice = (id: string, vendorId: string, payload: unknown) =>
  h.app.inject({
    method: 'PATCH',
    url: `/items/${id}/vendors/${vendorId}`,
    headers: h.purchaser.headers,
    payload: payload as object,
  });
const removePrice = (id: string, vendorId: string, version: number) =>
  h.app.inject({
    method: 'DELETE',
    url: `/items/${id}/vendors/${vendorId}?version=${version}`,
    headers: h.purchaser.headers,
  });
/** Prices in vendor order (prices added in one save have no order of their own). */
const byVendor = <T extends { vendorId: string }>(prices: T[] | undefined) =>
  [...(prices ?? [])].sort((x, y) => x.vendorId.localeCompare(y.vendorId));
/** The item's newest announcement. */
const lastOf = async (itemId: string) => (await upserts()).filter((e) => e.itemId === itemId).at(-1);
const upload = (content: string) => {
  const m = multipart('items.csv', content);
  return h.app.inject({
    method: 'POST',
    url: '/items/import',
    headers: { ...m.headers, ...h.purchaser.headers },
    payload: m.payload,
  });
};

/** The item_upserted data of an item as announced: active and without prices unless `over` says. */
const announced = (itemId: string, name: string, unit: string, version: number, over: object = {}) => ({
  itemId,
  name,
  unit,
  status: 'active',
  version,
  prices: [],
  ...over,
});

describe('erp.catalog.item_upserted.v1', () => {
  it('creating an item announces it once with its name, unit, status and version', async () => {
    const res = await post({ name: 'Cement OPC 53', unit: 'bags' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item;
    expect(await upserts()).toEqual([announced(item._id, 'Cement OPC 53', 'bags', item.version)]);
  });

  it('creating an item with vendor prices announces them in rupees per unit with GST', async () => {
    const a = await h.vendor('Shree Ganesh Cement Traders');
    const b = await h.vendor('Deccan Steel Suppliers');
    const res = await post({
      name: 'Cement OPC 53',
      unit: 'bags',
      vendors: [
        { vendor: a.vendorId, price: 380, gst: 106.4 },
        { vendor: b.vendorId, price: 392.05, status: 'inactive' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = await upserts();
    expect(events).toEqual([
      announced(res.json().item._id, 'Cement OPC 53', 'bags', res.json().item.version, {
        prices: expect.any(Array),
      }),
    ]);
    expect(byVendor(events[0]!.prices)).toEqual(
      byVendor([
        { vendorId: a.vendorId, price: 380, gst: 106.4, status: 'active' },
        { vendorId: b.vendorId, price: 392.05, gst: 0, status: 'inactive' },
      ]),
    );
  });

  it('renaming, a new unit and switching off each announce the item again with the new version', async () => {
    const item = (await post({ name: 'Cement OPC 53', unit: 'bags' })).json().item;
    const renamed = await patch(item._id, { name: 'Cement OPC 53 grade', version: item.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const v2 = renamed.json().item.version;
    expect(v2).toBeGreaterThan(item.version);
    const unit = (await patch(item._id, { unit: 'kg', version: v2 })).json().item;
    const off = (await patch(item._id, { status: 'inactive', version: unit.version })).json().item;
    const events = await upserts();
    expect(events).toHaveLength(4);
    expect(events.slice(1)).toEqual([
      announced(item._id, 'Cement OPC 53 grade', 'bags', v2),
      announced(item._id, 'Cement OPC 53 grade', 'kg', unit.version),
      announced(item._id, 'Cement OPC 53 grade', 'kg', off.version, { status: 'inactive' }),
    ]);
  });

  it('a price added, changed, deactivated and removed each announce the item with its whole price list and a higher version', async () => {
    const a = await h.vendor('Deccan Steel Suppliers');
    const b = await h.vendor('Western Ply and Hardware');
    const item = (
      await post({
        name: 'Binding wire',
        unit: 'kg',
        vendors: [{ vendor: a.vendorId, price: 78, gst: 14.04 }],
      })
    ).json().item;
    const priceA = { vendorId: a.vendorId, price: 78, gst: 14.04, status: 'active' };
    const steps: Array<[string, () => ReturnType<typeof patch>, unknown[]]> = [];
    let version = item.version as number;
    steps.push([
      'added',
      () =>
        patch(item._id, {
          vendors: [
            { vendor: a.vendorId, price: 78, gst: 14.04 },
            { vendor: b.vendorId, price: 82, gst: 14.76 },
          ],
          version,
        }),
      [priceA, { vendorId: b.vendorId, price: 82, gst: 14.76, status: 'active' }],
    ]);
    steps.push([
      'changed',
      () => patchPrice(item._id, b.vendorId, { price: 80.5, gst: 14.49, version }),
      [priceA, { vendorId: b.vendorId, price: 80.5, gst: 14.49, status: 'active' }],
    ]);
    steps.push([
      'deactivated',
      () => patchPrice(item._id, b.vendorId, { status: 'inactive', version }),
      [priceA, { vendorId: b.vendorId, price: 80.5, gst: 14.49, status: 'inactive' }],
    ]);
    steps.push(['removed', () => removePrice(item._id, b.vendorId, version), [priceA]]);
    for (const [change, act, prices] of steps) {
      const before = (await upserts()).length;
      const res = await act();
      expect(res.statusCode, `${change}: ${res.body}`).toBe(200);
      const next = res.json().item.version;
      expect(next, change).toBeGreaterThan(version);
      const events = (await upserts()).slice(before);
      expect(events, change).toEqual([
        { itemId: item._id, name: 'Binding wire', unit: 'kg', status: 'active', version: next, prices },
      ]);
      version = next;
    }
  });

  it('a price note or MOQ change announces the item again at its new version', async () => {
    const a = await h.vendor('Deccan Steel Suppliers');
    const item = (
      await post({ name: 'Binding wire', unit: 'kg', vendors: [{ vendor: a.vendorId, price: 78 }] })
    ).json().item;
    const res = await patchPrice(item._id, a.vendorId, {
      notes: 'Delivered in 25 kg coils',
      moq: 50,
      version: item.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastOf(item._id)).toEqual(
      announced(item._id, 'Binding wire', 'kg', res.json().item.version, {
        prices: [{ vendorId: a.vendorId, price: 78, gst: 0, status: 'active' }],
      }),
    );
    expect(res.json().item.version).toBeGreaterThan(item.version);
  });

  it('a save that changes nothing announces nothing new', async () => {
    const vendor = await h.vendor('Deccan Steel Suppliers');
    const item = (
      await post({ name: 'Binding wire', unit: 'kg', vendors: [{ vendor: vendor.vendorId, price: 78 }] })
    ).json().item;
    const same = await patch(item._id, {
      name: 'Binding wire',
      vendors: [{ vendor: vendor.vendorId, price: 78 }],
      version: item.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().item.version).toBe(item.version);
    const samePrice = await patchPrice(item._id, vendor.vendorId, { price: 78, version: item.version });
    expect(samePrice.statusCode, samePrice.body).toBe(200);
    expect(await upserts()).toHaveLength(1);
  });

  it('the announced prices are those stored: the item page and the event agree', async () => {
    const a = await h.vendor('Deccan Steel Suppliers');
    const b = await h.vendor('Western Ply and Hardware');
    const item = (
      await post({
        name: 'Binding wire',
        unit: 'kg',
        vendors: [{ vendor: a.vendorId, price: 78.1, gst: 14.06 }],
      })
    ).json().item;
    const res = await patch(item._id, {
      vendors: [
        { vendor: a.vendorId, price: 78.1, gst: 14.06 },
        { vendor: b.vendorId, price: 82.35, gst: 14.82, status: 'inactive' },
      ],
      version: item.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (
      await h.app.inject({ method: 'GET', url: `/items/${item._id}`, headers: h.purchaser.headers })
    ).json() as {
      version: number;
      vendors: Array<{ vendor: { _id: string }; price: number; gst: number; status: string }>;
    };
    const last = await lastOf(item._id);
    expect(last?.version).toBe(page.version);
    expect(last?.prices).toEqual(
      page.vendors.map((v) => ({ vendorId: v.vendor._id, price: v.price, gst: v.gst, status: v.status })),
    );
  });

  it('an import announces each item it creates or changes once, and none it leaves as it was', async () => {
    await post({ name: 'River sand', unit: 'CBM' });
    await post({ name: 'Red clay bricks', unit: 'pcs' });
    const before = (await upserts()).length;
    const res = await upload(
      `${HEADER}\nCement OPC 53,bags,,,,,,\nRiver sand,tons,,,,,,\nRed clay bricks,pcs,,,,,,\nBinding wire,kg,,,,,,\nBinding wire,,,,,,,\nBad unit,buckets,,,,,,\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, res.json()._id);
    expect(job).toMatchObject({ status: 'done', created: 3, updated: 1, unchanged: 1, refused: 1 });
    const events = (await upserts()).slice(before);
    expect(events.map((e) => [e.name, e.unit]).sort()).toEqual([
      ['Binding wire', 'kg'],
      ['Cement OPC 53', 'bags'],
      ['River sand', 'tons'],
    ]);
    const list = (
      await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: h.purchaser.headers })
    ).json().result as Array<{ _id: string; version: number; name: string }>;
    for (const e of events) expect(e.version).toBe(list.find((i) => i._id === e.itemId)!.version);
    for (const e of events) expect(e.prices).toEqual([]);
  });

  it('an import announces an item whose prices it changes with its whole price list, those kept from before included', async () => {
    const a = await h.vendor('Deccan Steel Suppliers', 'active', 'VEN-0101');
    const b = await h.vendor('Western Ply and Hardware', 'active', 'VEN-0102');
    const wire = (
      await post({
        name: 'Binding wire',
        unit: 'kg',
        vendors: [{ vendor: a.vendorId, price: 78, gst: 14.04 }],
      })
    ).json().item;
    const sand = (
      await post({ name: 'River sand', unit: 'CBM', vendors: [{ vendor: a.vendorId, price: 1800 }] })
    ).json().item;
    const before = (await upserts()).length;
    const res = await upload(
      `${HEADER}\nBinding wire,kg,VEN-0102,82,14.76,,active,\nRiver sand,CBM,VEN-0101,1800,0,,,\nPlywood 18 mm,sheets,VEN-0101,2450,441,,inactive,\nPlywood 18 mm,sheets,VEN-0102,2400,432,,,\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(await waitForJob(h, res.json()._id)).toMatchObject({ status: 'done', refused: 0 });
    const events = (await upserts()).slice(before);
    // River sand is unchanged: not announced.
    expect(events.map((e) => e.itemId)).not.toContain(sand._id);
    const byName = new Map(events.map((e) => [e.name, e]));
    expect(events).toHaveLength(2);
    expect(byName.get('Binding wire')).toMatchObject({
      itemId: wire._id,
      prices: [
        { vendorId: a.vendorId, price: 78, gst: 14.04, status: 'active' },
        { vendorId: b.vendorId, price: 82, gst: 14.76, status: 'active' },
      ],
    });
    expect(byName.get('Binding wire')!.version).toBeGreaterThan(wire.version);
    expect(byVendor(byName.get('Plywood 18 mm')!.prices)).toEqual(
      byVendor([
        { vendorId: a.vendorId, price: 2450, gst: 441, status: 'inactive' },
        { vendorId: b.vendorId, price: 2400, gst: 432, status: 'active' },
      ]),
    );
    const stored = (
      await h.app.inject({ method: 'GET', url: `/items/${wire._id}`, headers: h.purchaser.headers })
    ).json();
    expect(byName.get('Binding wire')!.version).toBe(stored.version);
  });

  it('every item created, with or without prices, is announced once', async () => {
    const a = await h.vendor('Shree Ganesh Cement Traders');
    const b = await h.vendor('Deccan Steel Suppliers');
    const created: string[] = [];
    for (const [name, unit, vendors] of [
      ['Cement OPC 53', 'bags', [{ vendor: a.vendorId, price: 380, gst: 106.4 }]],
      ['TMT steel bar 12 mm', 'kg', [{ vendor: b.vendorId, price: 62, gst: 11.16 }]],
      [
        'Ready-mix concrete M25',
        'CBM',
        [
          { vendor: a.vendorId, price: 5200, gst: 936 },
          { vendor: b.vendorId, price: 5350, gst: 963 },
        ],
      ],
      ['River sand', 'CBM', []],
      ['Binding wire', 'kg', []],
    ] as const) {
      const res = await post({ name, unit, vendors });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().item._id);
    }
    const items = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.items');
    expect(items.rows[0]!.n).toBe(created.length);
    const announced = (await upserts()).map((e) => e.itemId);
    expect(announced).toHaveLength(created.length);
    expect([...announced].sort()).toEqual([...created].sort());
  });
});

describe('erp.catalog.items_snapshot.v1', () => {
  async function ask(service = 'projects'): Promise<void> {
    await h.bus.publish(buildEnvelope(service, itemsSnapshotRequested(service), { service }));
    await h.settle();
  }

  it('answers a snapshot request with chunks of at most 500 items that cover every item exactly once', async () => {
    await h.db.query(
      `INSERT INTO catalog.items (id, name, unit, status, version)
       SELECT gen_random_uuid(), 'Generated item ' || n, 'kg', CASE WHEN n % 10 = 0 THEN 'inactive' ELSE 'active' END, 1 + n % 3
         FROM generate_series(1, 1201) AS n`,
    );
    await ask();
    const chunks = await snapshots();
    expect(chunks.map((c) => [c.chunk, c.chunks, c.items.length])).toEqual([
      [1, 3, 500],
      [2, 3, 500],
      [3, 3, 201],
    ]);
    const all = chunks.flatMap((c) => c.items);
    const stored = await h.db.query<{
      id: string;
      name: string;
      unit: string;
      status: string;
      version: number;
    }>('SELECT id, name, unit, status, version FROM catalog.items');
    expect(new Set(all.map((i) => i.itemId)).size).toBe(1201);
    expect(all.map((i) => [i.itemId, i.name, i.unit, i.status, i.version]).sort()).toEqual(
      stored.rows.map((r) => [r.id, r.name, r.unit, r.status, r.version]).sort(),
    );
    expect(all.every((i) => Array.isArray(i.prices) && i.prices.length === 0)).toBe(true);
  });

  it('carries each item’s vendor prices, active and inactive, in every chunk', async () => {
    const a = await h.vendor('Deccan Steel Suppliers');
    const b = await h.vendor('Western Ply and Hardware');
    // Enough items for two chunks; priced items in both (ids are random, so sort order mixes them).
    await h.db.query(
      `INSERT INTO catalog.items (id, name, unit, status, version) SELECT gen_random_uuid(), 'Generated item ' || n, 'kg', 'active', 1 FROM generate_series(1, 600) AS n`,
    );
    await h.db.query(
      `INSERT INTO catalog.vendor_prices (id, item_id, vendor_id, price_paise, gst_paise, status)
       SELECT gen_random_uuid(), i.id, v.vendor_id, 1000 + n, CASE WHEN v.vendor_id = $1 THEN 180 ELSE 0 END,
              CASE WHEN n % 3 = 0 AND v.vendor_id = $2 THEN 'inactive' ELSE 'active' END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM catalog.items) i
         CROSS JOIN catalog.vendor_snapshots v
        WHERE i.n % 2 = 0 AND v.vendor_id IN ($1, $2)`,
      [a.vendorId, b.vendorId],
    );
    const wire = (
      await post({
        name: 'Binding wire',
        unit: 'kg',
        vendors: [{ vendor: b.vendorId, price: 82.5, gst: 14.85, status: 'inactive' }],
      })
    ).json().item;
    await ask();
    const chunks = await snapshots();
    expect(chunks.map((c) => c.items.length)).toEqual([500, 101]);
    for (const c of chunks) expect(c.items.some((i) => (i.prices ?? []).length > 0)).toBe(true);
    const all = chunks.flatMap((c) => c.items);
    expect(all.find((i) => i.itemId === wire._id)!.prices).toEqual([
      { vendorId: b.vendorId, price: 82.5, gst: 14.85, status: 'inactive' },
    ]);
    const stored = await h.db.query<{
      item_id: string;
      vendor_id: string;
      price_paise: number;
      gst_paise: number;
      status: string;
    }>('SELECT item_id, vendor_id, price_paise, gst_paise, status FROM catalog.vendor_prices');
    const announced = all.flatMap((i) =>
      (i.prices ?? []).map((p) => [i.itemId, p.vendorId, p.price, p.gst, p.status].join('|')),
    );
    expect(announced.sort()).toEqual(
      stored.rows
        .map((r) =>
          [r.item_id, r.vendor_id, Number(r.price_paise) / 100, Number(r.gst_paise) / 100, r.status].join(
            '|',
          ),
        )
        .sort(),
    );
    expect(announced.length).toBe(601);
  });

  it('an empty item master answers with one empty chunk', async () => {
    await ask('indents');
    expect(await snapshots()).toEqual([{ items: [], chunk: 1, chunks: 1 }]);
  });
});
