/** Contract: mfe-catalog's API client (the real endpoint files) against the catalog service. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { IMPORT_COLUMNS } from '@erp/contracts';
import { consumerContract } from '@erp/sdk/testing';
import { createItem } from './create-item';
import { exportItems } from './export-items';
import { getImportJob } from './get-import-job';
import { getItem } from './get-item';
import { getItemList } from './get-item-list';
import { getPriceHistory } from './get-price-history';
import { startImport } from './start-import';
import { updateItem } from './update-item';

const { like, eachLike, uuid, regex, integer, number, string, fromProviderState } = MatchersV3;
const VENDOR = '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const ITEM = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
const PRICE = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
const JOB = '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c';
const CSV_HEADER = IMPORT_COLUMNS.join(',');
const EXPORT_CSV = `${CSV_HEADER}\nCement OPC 53,bags,Shree Ganesh Cement Traders,380,106.4,0,active,\n`;

const summary = {
  _id: uuid(),
  name: string('Cement OPC 53'),
  unit: string('bags'),
  status: regex('^(active|inactive)$', 'active'),
  vendorCount: integer(1),
  bestPrice: number(486.4),
  priceRange: like({ min: number(486.4), max: number(486.4) }),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  version: integer(1),
};
const priceLike = {
  _id: uuid(),
  vendor: like({
    _id: uuid(VENDOR),
    name: string('Shree Ganesh Cement Traders'),
    vendorId: string('VEN-0001'),
    status: string('active'),
  }),
  price: number(380),
  gst: number(106.4),
  totalPrice: number(486.4),
  moq: number(0),
  status: regex('^(active|inactive)$', 'active'),
  notes: string(''),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
};

const contract = consumerContract('mfe-catalog', 'catalog-service');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const importJobLike = {
  _id: uuid(JOB),
  fileName: string('items.csv'),
  status: regex('^(running|done|failed)$', 'done'),
  totalRows: integer(1),
  processedRows: integer(1),
  created: integer(1),
  updated: integer(0),
  unchanged: integer(0),
  refused: integer(0),
  message: string(''),
  rows: eachLike(
    like({
      row: integer(2),
      itemName: string('River sand'),
      vendor: string('Shree Ganesh Cement Traders'),
      outcome: regex('^(created|updated|unchanged|refused)$', 'created'),
      message: string(''),
    }),
  ),
  createdAt: string('2026-11-21T10:00:00.000Z'),
};

describe('mfe-catalog API client', () => {
  it('lists items with best price and range', async () => {
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request for the first page of items',
      )
      .withRequest('GET', '/api/v1/items/all', (b) => b.query({ limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(like(summary)),
          ItemData: eachLike(like(summary)),
          totalItems: integer(1),
          total: integer(1),
        }),
      )
      .executeTest(async () => {
        const res = await getItemList({ page: 1, keyword: '' });
        expect(res.result[0]!.bestPrice).toBeTypeOf('number');
      });
  });

  it('creates an item with a vendor price', async () => {
    const body = {
      name: 'Binding wire 18 gauge',
      unit: 'kg',
      vendors: [{ vendor: VENDOR, price: 78, gst: 14.04, moq: 0, status: 'active' as const, notes: '' }],
    };
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request to create an item with one vendor price',
      )
      .withRequest('POST', '/api/v1/items', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: 'Item created successfully',
          item: like({
            ...summary,
            name: string('Binding wire 18 gauge'),
            vendors: eachLike(like(priceLike)),
          }),
        }),
      )
      .executeTest(async () => {
        expect((await createItem(body)).item.vendors).toHaveLength(1);
      });
  });

  it('reads one item and its price history', async () => {
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request for one item',
      )
      .withRequest(
        'GET',
        fromProviderState('/api/v1/items/${itemId}', '/api/v1/items/1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a'),
      )
      .willRespondWith(200, (b) => b.jsonBody(like({ ...summary, vendors: eachLike(like(priceLike)) })))
      .executeTest(async () => {
        expect((await getItem('1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a')).vendors[0]!.totalPrice).toBeTypeOf(
          'number',
        );
      });
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request for the price history of an item',
      )
      .withRequest(
        'GET',
        fromProviderState(
          '/api/v1/items/${itemId}/priceHistory',
          '/api/v1/items/1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a/priceHistory',
        ),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(
            like({
              _id: uuid(),
              itemId: uuid(),
              vendor: like({ _id: uuid(), name: string('Shree Ganesh Cement Traders') }),
              change: regex('^(added|updated|deactivated|activated|removed)$', 'added'),
              changedAt: string('2026-11-21T10:00:00.000Z'),
            }),
          ),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        expect((await getPriceHistory('1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a')).result[0]!.change).toBe(
          'added',
        );
      });
  });

  it('saves an edited item with its full price list and the version it read', async () => {
    const body = {
      name: 'Cement OPC 53 Grade',
      unit: 'bags',
      vendors: [
        {
          _id: PRICE,
          vendor: VENDOR,
          price: 390,
          gst: 109.2,
          moq: 50,
          status: 'active' as const,
          notes: 'Rate revised for December',
        },
      ],
      version: 1,
    };
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request to update an item and its vendor prices',
      )
      .withRequest('PATCH', fromProviderState('/api/v1/items/${itemId}', `/api/v1/items/${ITEM}`), (b) =>
        b.jsonBody({
          ...body,
          vendors: [{ ...body.vendors[0]!, _id: fromProviderState('${priceId}', PRICE) }],
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string('Item updated successfully.'),
          item: like({
            ...summary,
            name: string('Cement OPC 53 Grade'),
            bestPrice: number(499.2),
            priceRange: like({ min: number(499.2), max: number(499.2) }),
            version: integer(2),
            vendors: eachLike(
              like({
                ...priceLike,
                price: number(390),
                gst: number(109.2),
                totalPrice: number(499.2),
                moq: number(50),
                notes: string('Rate revised for December'),
              }),
            ),
          }),
        }),
      )
      .executeTest(async () => {
        const res = await updateItem({ id: ITEM, body });
        expect(res.item.version).toBe(2);
        expect(res.item.vendors[0]!.totalPrice).toBe(499.2);
      });
  });

  it('downloads the items matching the search as a CSV file named by the server', async () => {
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request to export the items matching a search as CSV',
      )
      .withRequest('GET', '/api/v1/items/export', (b) => b.query({ format: 'csv', keyword: 'Cement' }))
      .willRespondWith(200, (b) =>
        b
          .headers({
            'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
            'Content-Disposition': regex(
              '^attachment; filename="items-[0-9]{4}-[0-9]{2}-[0-9]{2}\\.csv"$',
              'attachment; filename="items-2026-11-21.csv"',
            ),
          })
          // Pact checks a file body by its bytes (a CSV is detected as text/plain) and then by the rule:
          // the rows depend on the data, so the contract is the header line the import reads back.
          .body('text/plain', Buffer.from(EXPORT_CSV))
          .matchingRules({
            body: { path: '$', rules: [regex(`^${CSV_HEADER}\\r?\\n[\\s\\S]*$`, EXPORT_CSV)] },
          }),
      )
      .executeTest(async () => {
        const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
        vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
        const saved = vi.spyOn(URL, 'createObjectURL');
        await exportItems({ format: 'csv', keyword: 'Cement' });
        const file = saved.mock.calls[0]![0] as Blob;
        expect(file.type).toMatch(/^text\/csv/);
        expect(await file.text()).toMatch(new RegExp(`^${CSV_HEADER}\\r?\\n`));
        expect(link.download).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
        expect(link.click).toHaveBeenCalledOnce();
      });
  });

  it('uploads a CSV for import and is given the job to follow', async () => {
    const csv = `${CSV_HEADER}\nRiver sand,CBM,Shree Ganesh Cement Traders,1450,72.5,0,active,\n`;
    // Pact reads the upload from a file; its name is the one the pact records.
    const dir = mkdtempSync(path.join(tmpdir(), 'import-'));
    const file = path.join(dir, 'items.csv');
    writeFileSync(file, csv);
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    await contract
      .interaction(
        'an item priced by vendor 7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e exists',
        'a request to import items from a CSV file',
      )
      // Pact checks the part by its bytes (a CSV is detected as text/plain); the service goes by the file name.
      .withRequest('POST', '/api/v1/items/import', (b) =>
        b.multipartBody('text/plain', file, 'file', 'pact-items-import'),
      )
      .willRespondWith(202, (b) =>
        b.jsonBody({
          _id: uuid(JOB),
          fileName: string('items.csv'),
          status: regex('^(running|done|failed)$', 'running'),
          totalRows: integer(1),
        }),
      )
      .executeTest(async () => {
        const job = await startImport(new File([csv], 'items.csv', { type: 'text/csv' }));
        expect(job._id).toBe(JOB);
        expect(job.totalRows).toBe(1);
      });
  });

  it('follows an import it started and reads every row outcome', async () => {
    await contract
      .interaction(
        'an import of items.csv was started by the signed-in member',
        'a request for an import job',
      )
      .withRequest('GET', fromProviderState('/api/v1/items/import/${jobId}', `/api/v1/items/import/${JOB}`))
      .willRespondWith(200, (b) => b.jsonBody(like(importJobLike)))
      .executeTest(async () => {
        const job = await getImportJob(JOB);
        expect(job.status).toBe('done');
        expect(job.rows[0]!.outcome).toBe('created');
      });
  });
});
