/** Message contract: the catalog consumes the vendors service's erp.vendors.vendor_updated.v1. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { EventEnvelope } from '@erp/contracts';
import { handleVendorUpdated } from '../src/events/vendor-updated.js';
import { vendorsRepository } from '../src/repositories/vendors.js';
import { startCatalog, type CatalogHarness } from './helpers.js';

const { uuid, integer, regex, string, datetime } = MatchersV3;
const VENDOR = '5b7c2d1e-3f4a-4b6c-8d9e-0a1b2c3d4e5f';
const pact = new PactV4({
  consumer: 'catalog-service',
  provider: 'vendors-service-events',
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts'),
  logLevel: 'warn',
});

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalog();
});
afterAll(async () => h?.close());

describe('catalog consuming erp.vendors.vendor_updated.v1', () => {
  it('keeps the vendor’s name and status for the items it prices', async () => {
    await pact
      .addAsynchronousInteraction()
      .given('a vendor was created')
      .expectsToReceive('a vendor updated event', (b) => {
        b.withJSONContent({
          id: uuid(),
          subject: 'erp.vendors.vendor_updated.v1',
          occurredAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-21T10:00:00.000Z'),
          source: 'vendors',
          data: {
            vendorId: uuid(VENDOR),
            displayId: regex('^VEN-[0-9]{4,}$', 'VEN-0007'),
            name: string('Konkan Cement Depot'),
            status: regex('^(active|inactive|blocked)$', 'active'),
            version: integer(1),
          },
        });
      })
      .executeTest(async (message) => {
        const envelope = message.contents.content as EventEnvelope;
        const ctx = h.runtimes[0]!.ctx;
        await h.db.transaction((tx) =>
          handleVendorUpdated(tx, envelope, ctx, { vendors: vendorsRepository('catalog') }),
        );
        const snap = await h.db.query<{ name: string; status: string }>(
          'SELECT name, status FROM catalog.vendor_snapshots WHERE vendor_id = $1',
          [VENDOR],
        );
        expect(snap.rows[0]).toEqual({ name: 'Konkan Cement Depot', status: 'active' });
      });
  });
});
