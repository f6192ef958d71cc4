/**
 * The item master as other services receive it: erp.catalog.item_upserted.v1 in the outbox of
 * every change of an item's name, unit or status, and erp.catalog.items_snapshot.v1 chunks for a
 * service that asks for every item.
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
  const res = await h.db.query<{ envelope: { data: T } }>(`SELECT envelope FROM catalog.outbox WHERE subject = $1 ORDER BY seq`, [subject]);
  return res.rows.map((r) => r.envelope.data);
}
const upserts = () => outbox<ItemUpsertedData>('erp.catalog.item_upserted.v1');
const snapshots = () => outbox<ItemsSnapshotData>('erp.catalog.items_snapshot.v1');

const post = (payload: unknown) => h.app.inject({ method: 'POST', url: '/items', headers: h.purchaser.headers, payload: payload as object });
const patch = (id: string, payload: unknown) => h.app.inject({ method: 'PATCH', url: `/items/${id}`, headers: h.purchaser.headers, payload: payload as object });
const upload = (content: string) => {
  const m = multipart('items.csv', content);
  return h.app.inject({ method: 'POST', url: '/items/import', headers: { ...m.headers, ...h.purchaser.headers }, payload: m.payload });
};

describe('erp.catalog.item_upserted.v1', () => {
  it('creating an item announces it once with its name, unit, status and version', async () => {
    const res = await post({ name: 'Cement OPC 53', unit: 'bags' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item;
    expect(await upserts()).toEqual([{ itemId: item._id, name: 'Cement OPC 53', unit: 'bags', status: 'active', version: item.version }]);
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
      { itemId: item._id, name: 'Cement OPC 53 grade', unit: 'bags', status: 'active', version: v2 },
      { itemId: item._id, name: 'Cement OPC 53 grade', unit: 'kg', status: 'active', version: unit.version },
      { itemId: item._id, name: 'Cement OPC 53 grade', unit: 'kg', status: 'inactive', version: off.version },
    ]);
  });

  it('a save that changes nothing, or only prices, announces nothing new', async () => {
    const vendor = await h.vendor('Deccan Steel Suppliers');
    const item = (await post({ name: 'Binding wire', unit: 'kg' })).json().item;
    const same = await patch(item._id, { name: 'Binding wire', version: item.version });
    expect(same.statusCode, same.body).toBe(200);
    const priced = await patch(item._id, { vendors: [{ vendor: vendor.vendorId, price: 78 }], version: same.json().item.version });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await upserts()).toHaveLength(1);
  });

  it('an import announces each item it creates or changes once, and none it leaves as it was', async () => {
    await post({ name: 'River sand', unit: 'CBM' });
    await post({ name: 'Red clay bricks', unit: 'pcs' });
    const before = (await upserts()).length;
    const res = await upload(`${HEADER}\nCement OPC 53,bags,,,,,,\nRiver sand,tons,,,,,,\nRed clay bricks,pcs,,,,,,\nBinding wire,kg,,,,,,\nBinding wire,,,,,,,\nBad unit,buckets,,,,,,\n`);
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, res.json()._id);
    expect(job).toMatchObject({ status: 'done', created: 3, updated: 1, unchanged: 1, refused: 1 });
    const events = (await upserts()).slice(before);
    expect(events.map((e) => [e.name, e.unit]).sort()).toEqual([
      ['Binding wire', 'kg'],
      ['Cement OPC 53', 'bags'],
      ['River sand', 'tons'],
    ]);
    const list = (await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: h.purchaser.headers })).json().result as Array<{ _id: string; version: number; name: string }>;
    for (const e of events) expect(e.version).toBe(list.find((i) => i._id === e.itemId)!.version);
  });

  it('the demo seed announces every demo item', async () => {
    const seeded = await startCatalog({ seedDemo: true });
    try {
      const res = await seeded.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog.outbox WHERE subject = 'erp.catalog.item_upserted.v1'`);
      const items = await seeded.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.items');
      expect(items.rows[0]!.n).toBeGreaterThan(0);
      expect(res.rows[0]!.n).toBe(items.rows[0]!.n);
    } finally {
      await seeded.close();
    }
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
    const stored = await h.db.query<{ id: string; name: string; unit: string; status: string; version: number }>('SELECT id, name, unit, status, version FROM catalog.items');
    expect(new Set(all.map((i) => i.itemId)).size).toBe(1201);
    expect(all.map((i) => [i.itemId, i.name, i.unit, i.status, i.version]).sort()).toEqual(stored.rows.map((r) => [r.id, r.name, r.unit, r.status, r.version]).sort());
  });

  it('an empty item master answers with one empty chunk', async () => {
    await ask('indents');
    expect(await snapshots()).toEqual([{ items: [], chunk: 1, chunks: 1 }]);
  });
});
