import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, grantAccess, type TestHarness } from '@erp/service-kit/testing';
import { catalogService, DEMO_ITEMS } from '../src/app.js';
import { publishVendor } from './helpers.js';

let h: TestHarness;
afterEach(async () => h?.close());

describe('demo data', () => {
  it('seeds the demo items, and prices once the demo vendors arrive', async () => {
    h = await createTestHarness([catalogService()], { seedDemo: true });
    const admin = await grantAccess(h, { role: 'Admin', name: 'Demo Admin' });
    const list = async () => (await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: admin.headers })).json();
    expect((await list()).totalItems).toBe(DEMO_ITEMS.length);
    expect((await list()).result.every((i: { vendorCount: number }) => i.vendorCount === 0)).toBe(true);

    await publishVendor(h, { vendorId: randomUUID(), displayId: 'VEN-0001', name: 'Shree Ganesh Cement Traders', status: 'active', version: 1 });
    await publishVendor(h, { vendorId: randomUUID(), displayId: 'VEN-0002', name: 'Deccan Steel Suppliers', status: 'active', version: 1 });
    await publishVendor(h, { vendorId: randomUUID(), displayId: 'VEN-0099', name: 'Not a demo vendor', status: 'active', version: 1 });
    const items = (await list()).result as Array<{ name: string; vendorCount: number; bestPrice: number | null }>;
    expect(items.find((i) => i.name === 'Cement OPC 53')).toMatchObject({ vendorCount: 2, bestPrice: 486.4 });
    expect(items.find((i) => i.name === 'TMT steel bar 12 mm')).toMatchObject({ vendorCount: 1, bestPrice: 73.16 });
    expect(items.find((i) => i.name === 'Plywood 18 mm')).toMatchObject({ vendorCount: 0 });
  });
});
