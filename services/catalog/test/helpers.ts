import { randomUUID } from 'node:crypto';
import {
  VendorItemsChanged,
  VendorUpdated,
  type EventEnvelope,
  type VendorItemsChangedData,
} from '@erp/contracts';
import { buildEnvelope, type KitConfig } from '@erp/service-kit';
import {
  createTestHarness,
  grantAccess,
  type GrantedAccess,
  type TestHarness,
} from '@erp/service-kit/testing';
import { catalogService, type CatalogOptions } from '../src/app.js';

export interface Vendor {
  vendorId: string;
  displayId: string;
  name: string;
  status: 'active' | 'inactive' | 'blocked';
  version: number;
}

export interface CatalogHarness extends TestHarness {
  purchaser: GrantedAccess;
  /** Items list read only. */
  reader: GrantedAccess;
  /** No items access at all. */
  outsider: GrantedAccess;
  vendorEvents: VendorItemsChangedData[];
  vendor(name: string, status?: Vendor['status'], displayId?: string): Promise<Vendor>;
  updateVendor(v: Vendor, change: Partial<Omit<Vendor, 'vendorId'>>): Promise<Vendor>;
}

let displaySeq = 0;

export async function publishVendor(h: TestHarness, v: Vendor): Promise<void> {
  await h.bus.publish(buildEnvelope('vendors', VendorUpdated, v));
  await h.settle();
}

export async function startCatalog(
  kit: Partial<KitConfig> = {},
  options: CatalogOptions = {},
): Promise<CatalogHarness> {
  const h = await createTestHarness([catalogService(options)], kit);
  const purchaser = await grantAccess(h, { name: 'Priya Purchaser', role: 'Purchaser' });
  const reader = await grantAccess(h, { name: 'Esha Employee', role: 'Employee' });
  const outsider = await grantAccess(h, {
    name: 'Nobody',
    role: 'Employee',
    modules: { indent: { read: true } },
  });
  const vendorEvents: VendorItemsChangedData[] = [];
  await h.bus.listen([VendorItemsChanged.subject], async (e: EventEnvelope) => {
    vendorEvents.push(e.data as VendorItemsChangedData);
  });
  return {
    ...h,
    purchaser,
    reader,
    outsider,
    vendorEvents,
    async vendor(name, status = 'active', displayId) {
      const v: Vendor = {
        vendorId: randomUUID(),
        displayId: displayId ?? `VEN-${String(++displaySeq).padStart(4, '0')}`,
        name,
        status,
        version: 1,
      };
      await publishVendor(h, v);
      return v;
    },
    async updateVendor(v, change) {
      const next = { ...v, ...change, version: change.version ?? v.version + 1 };
      await publishVendor(h, next);
      return next;
    },
  };
}

/** Wait until an import job is no longer running. */
export async function waitForJob(
  h: CatalogHarness,
  jobId: string,
): Promise<Record<string, unknown> & { status: string; rows: Array<Record<string, unknown>> }> {
  for (let i = 0; i < 600; i++) {
    const res = await h.app.inject({
      method: 'GET',
      url: `/items/import/${jobId}`,
      headers: h.purchaser.headers,
    });
    const job = res.json();
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

export { multipart } from '@erp/service-kit/testing';
