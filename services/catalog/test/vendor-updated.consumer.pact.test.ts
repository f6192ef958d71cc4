/** Message contract: the catalog consumes the vendors service's erp.vendors.vendor_updated.v1. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import type { EventEnvelope } from '@erp/contracts';
import { handleVendorUpdated } from '../src/events/vendor-updated.js';
import { vendorsRepository } from '../src/repositories/vendors.js';
import { startCatalog } from './helpers.js';

const { uuid, integer, regex, string } = MatchersV3;
const VENDOR = '5b7c2d1e-3f4a-4b6c-8d9e-0a1b2c3d4e5f';

const h = harnessForFile(startCatalog);

describe('catalog consuming erp.vendors.vendor_updated.v1', () => {
  it('keeps the vendor’s name and status for the items it prices', async () => {
    await receiveEvent(
      {
        consumer: 'catalog-service',
        provider: 'vendors-service-events',
        state: 'a vendor was created',
        description: 'a vendor updated event',
        subject: 'erp.vendors.vendor_updated.v1',
        data: {
          vendorId: uuid(VENDOR),
          displayId: regex('^VEN-[0-9]{4,}$', 'VEN-0007'),
          name: string('Konkan Cement Depot'),
          status: regex('^(active|inactive|blocked)$', 'active'),
          version: integer(1),
        },
      },
      async (envelope: EventEnvelope) => {
        const ctx = h.runtimes[0]!.ctx;
        await h.db.transaction((tx) =>
          handleVendorUpdated(tx, envelope, ctx, { vendors: vendorsRepository('catalog') }),
        );
        const snap = await h.db.query<{ name: string; status: string }>(
          'SELECT name, status FROM catalog.vendor_snapshots WHERE vendor_id = $1',
          [VENDOR],
        );
        expect(snap.rows[0]).toEqual({ name: 'Konkan Cement Depot', status: 'active' });
      },
    );
  });
});
