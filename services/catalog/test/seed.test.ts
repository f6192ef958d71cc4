import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemUpsertedData } from '@erp/contracts';
import { createTestHarness, grantAccess, type TestHarness } from '@erp/service-kit/testing';
import { catalogService, DEMO_ITEMS } from '../src/app.js';
import { publishVendor } from './helpers.js';

let h: TestHarness;
afterEach(async () => h?.close());

describe('demo data', () => {
  it('seeds the demo items, and prices once the demo vendors arrive', async () => {
    h = await createTestHarness([catalogService()], { seedDemo: true });
    const admin = await grantAccess(h, { role: 'Admin', name: 'Demo Admin' });
    const list = async () =>
      (await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: admin.headers })).json();
    expect((await list()).totalItems).toBe(DEMO_ITEMS.length);
    expect((await list()).result.every((i: { vendorCount: number }) => i.vendorCount === 0)).toBe(true);

    await publishVendor(h, {
      vendorId: randomUUID(),
      displayId: 'VEN-0001',
      name: 'Shree Ganesh Cement Traders',
      status: 'active',
      version: 1,
    });
    await publishVendor(h, {
      vendorId: randomUUID(),
      displayId: 'VEN-0002',
      name: 'Deccan Steel Suppliers',
      status: 'active',
      version: 1,
    });
    await publishVendor(h, {
      vendorId: randomUUID(),
      displayId: 'VEN-0099',
      name: 'Not a demo vendor',
      status: 'active',
      version: 1,
    });
    const items = (await list()).result as Array<{
      name: string;
      vendorCount: number;
      bestPrice: number | null;
    }>;
    expect(items.find((i) => i.name === 'Cement OPC 53')).toMatchObject({ vendorCount: 2, bestPrice: 486.4 });
    expect(items.find((i) => i.name === 'TMT steel bar 12 mm')).toMatchObject({
      vendorCount: 1,
      bestPrice: 73.16,
    });
    expect(items.find((i) => i.name === 'Plywood 18 mm')).toMatchObject({ vendorCount: 0 });
  });

  it('announces each demo item again with its demo prices once the demo vendors arrive', async () => {
    h = await createTestHarness([catalogService()], { seedDemo: true });
    const shree = randomUUID();
    const deccan = randomUUID();
    await publishVendor(h, {
      vendorId: shree,
      displayId: 'VEN-0001',
      name: 'Shree Ganesh Cement Traders',
      status: 'active',
      version: 1,
    });
    await publishVendor(h, {
      vendorId: deccan,
      displayId: 'VEN-0002',
      name: 'Deccan Steel Suppliers',
      status: 'active',
      version: 1,
    });
    const res = await h.db.query<{ envelope: { data: ItemUpsertedData } }>(
      `SELECT envelope FROM catalog.outbox WHERE subject = 'erp.catalog.item_upserted.v1' ORDER BY seq`,
    );
    const latest = new Map(res.rows.map((r) => [r.envelope.data.name, r.envelope.data]));
    expect(latest.size).toBe(DEMO_ITEMS.length);
    const stored = await h.db.query<{ name: string; version: number }>(
      'SELECT name, version FROM catalog.items',
    );
    for (const r of stored.rows) expect(latest.get(r.name)?.version, r.name).toBe(r.version);
    expect(latest.get('Cement OPC 53')!.prices).toEqual([
      { vendorId: shree, price: 380, gst: 106.4, status: 'active' },
      { vendorId: deccan, price: 392, gst: 109.76, status: 'active' },
    ]);
    expect(latest.get('TMT steel bar 12 mm')!.prices).toEqual([
      { vendorId: deccan, price: 62, gst: 11.16, status: 'active' },
    ]);
    expect(latest.get('Plywood 18 mm')!.prices).toEqual([]);
  });
});
