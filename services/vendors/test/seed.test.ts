import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, createServiceRuntime } from '@erp/service-kit';
import type { Vendor, VendorUpsertedData } from '@erp/contracts';
import { createTestHarness, grantAccess, type TestHarness } from '@erp/service-kit/testing';
import { DEMO_VENDORS, vendorsService } from '../src/app.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('demo data', () => {
  it('seeds five Maharashtra vendors on a new database and announces them', async () => {
    h = await createTestHarness([vendorsService()], { seedDemo: true });
    const admin = await grantAccess(h, { role: 'Admin' });
    const body = (await h.app.inject({ method: 'GET', url: '/vendors/all', headers: admin.headers })).json();
    expect(body.totalVendor).toBe(5);
    const names = body.vendors.map((v: Vendor) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Shree Ganesh Cement Traders',
        'Deccan Steel Suppliers',
        'Godavari Sand and Aggregates',
        'Sahyadri Bricks and Blocks',
        'Western Ply and Hardware',
      ]),
    );
    expect(body.vendors.map((v: Vendor) => v.vendorId).sort()).toEqual([
      'VEN-0001',
      'VEN-0002',
      'VEN-0003',
      'VEN-0004',
      'VEN-0005',
    ]);
    for (const v of body.vendors as Vendor[]) {
      expect(v.gstin).toMatch(/^27/);
      expect(v.paymentTerms).toBeGreaterThanOrEqual(30);
      expect(v.paymentTerms).toBeLessThanOrEqual(60);
    }
    const events = await h.db.query<{ envelope: { data: VendorUpsertedData } }>(
      "SELECT envelope FROM vendors.outbox WHERE subject = 'erp.vendors.vendor_updated.v1'",
    );
    expect(events.rows.map((r) => r.envelope.data.name).sort()).toEqual(
      DEMO_VENDORS.map((v) => v.name).sort(),
    );
  });

  it('does not seed again on a database that already has vendors', async () => {
    h = await createTestHarness([vendorsService()], { seedDemo: true });
    await createServiceRuntime(vendorsService(), {
      db: h.db,
      bus: h.bus,
      config: h.config,
      logger: createLogger('silent', 'test'),
    });
    const n = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendors.vendors');
    expect(n.rows[0]!.n).toBe(5);
  });

  it('seeds nothing when demo data is off', async () => {
    h = await createTestHarness([vendorsService()], { seedDemo: false });
    const n = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendors.vendors');
    expect(n.rows[0]!.n).toBe(0);
  });
});
