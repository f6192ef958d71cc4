import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, startCatalog, waitForJob, type CatalogHarness, type Vendor } from './helpers.js';

let h: CatalogHarness;
let deccan: Vendor;
let ganesh: Vendor;
let blocked: Vendor;
beforeEach(async () => {
  h = await startCatalog();
  deccan = await h.vendor('Deccan Steel Suppliers', 'active', 'VEN-0101');
  ganesh = await h.vendor('Shree Ganesh Cement Traders', 'active', 'VEN-0102');
  blocked = await h.vendor('Blocked Bricks', 'blocked', 'VEN-0103');
});
afterEach(async () => h?.close());

const HEADER = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes';
const upload = (name: string, content: Buffer | string) => {
  const m = multipart(name, content);
  return h.app.inject({
    method: 'POST',
    url: '/items/import',
    headers: { ...m.headers, ...h.purchaser.headers },
    payload: m.payload,
  });
};
const items = async () =>
  (await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: h.purchaser.headers })).json();

/** Each listed row of an import job ended as listed for it (a message: refused with it). */
function expectRows(job: { rows: Array<Record<string, unknown>> }, want: Record<number, string | object>) {
  const byRow = new Map(job.rows.map((r) => [Number(r.row), r]));
  for (const [row, expected] of Object.entries(want))
    expect(byRow.get(Number(row)), `row ${row}`).toMatchObject(
      typeof expected === 'string' ? { outcome: 'refused', message: expected } : expected,
    );
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('import', () => {
  it('a good CSV creates items and prices in the background and reports every row', async () => {
    const res = await upload(
      'items.csv',
      `${HEADER}\nCement OPC 53,bags,Shree Ganesh Cement Traders,380,106.4,50,active,Door delivery\nCement OPC 53,bags,VEN-0101,392,109.76,,,\nRiver sand,cbm,,,,,,\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ fileName: 'items.csv', totalRows: 3 });
    const job = await waitForJob(h, res.json()._id);
    expect(job).toMatchObject({
      status: 'done',
      totalRows: 3,
      processedRows: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
    });
    expect(job.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
    ]);
    const list = await items();
    const cement = list.result.find((i: { name: string }) => i.name === 'Cement OPC 53');
    expect(cement).toMatchObject({
      unit: 'bags',
      vendorCount: 2,
      bestPrice: 486.4,
      priceRange: { min: 486.4, max: 501.76 },
    });
    expect(list.result.find((i: { name: string }) => i.name === 'River sand')).toMatchObject({
      unit: 'CBM',
      vendorCount: 0,
    });
    const history = (
      await h.app.inject({
        method: 'GET',
        url: `/items/${cement._id}/priceHistory`,
        headers: h.purchaser.headers,
      })
    ).json();
    expect(history.result.map((c: { change: string }) => c.change)).toEqual(['added', 'added']);
    await h.settle();
    expect(h.vendorEvents.map((e) => [e.vendorId, e.activeItems]).sort()).toEqual(
      [
        [deccan.vendorId, 1],
        [ganesh.vendorId, 1],
      ].sort(),
    );

    // The same file again changes nothing; a new price updates one row.
    const again = await waitForJob(
      h,
      (
        await upload(
          'items.csv',
          `${HEADER}\nCement OPC 53,bags,Shree Ganesh Cement Traders,380,106.4,50,active,Door delivery\nCement OPC 53,bags,VEN-0101,395,109.76,,,\n`,
        )
      ).json()._id,
    );
    expect(again.rows.map((r) => r.outcome)).toEqual(['unchanged', 'updated']);
  });

  it('a refused row refuses its whole item and stores nothing of it; other items go in', async () => {
    const res = await upload(
      'items.csv',
      [
        HEADER,
        'Cement OPC 53,bags,VEN-0102,380,106.4,,,',
        'Cement OPC 53,bags,Nobody Traders,390,,,,',
        'TMT steel bar 12 mm,kg,VEN-0101,62,11.16,,,',
        'Red clay bricks,pcs,Blocked Bricks,8.5,,,,',
        'Binding wire,kg,VEN-0101,0,,,,',
        'Binding wire,kg,VEN-0102,80,,,,',
        'Sand,buckets,,,,,,',
        'Wire,kg,VEN-0101,10,,,,',
        'wire,kg,VEN-0101,11,,,,',
      ].join('\n'),
    );
    const job = await waitForJob(h, res.json()._id);
    expect(job).toMatchObject({ status: 'done', created: 1, refused: 8 });
    const byRow = Object.fromEntries(job.rows.map((r) => [r.row, r]));
    expectRows(job, {
      3: 'Vendor not found',
      2: 'Not applied: row 3 of this item was refused (Vendor not found)',
      4: { outcome: 'created' },
      5: 'Vendor Blocked Bricks is blocked and cannot be given new prices',
      6: 'Vendor Deccan Steel Suppliers: Price must be greater than 0',
      10: 'Duplicate vendors are not allowed',
    });
    expect(byRow[7]!.outcome).toBe('refused');
    expect(byRow[8]!.message).toMatch(/^Unit must be one of: bags/);
    expect((await items()).result.map((i: { name: string }) => i.name)).toEqual(['TMT steel bar 12 mm']);
    void blocked;
  });

  it("a price, GST or MOQ beyond the maximum refuses its row with the form's message instead of failing the job", async () => {
    const res = await upload(
      'items.csv',
      [
        HEADER,
        'Cement OPC 53,bags,VEN-0102,"1,00,00,00,001",,,,',
        'TMT steel bar 12 mm,kg,VEN-0101,62,100000001,,,',
        'Binding wire,kg,VEN-0101,80,,10000001,,',
        'Sand,tons,VEN-0101,1e300,,,,',
        'Red clay bricks,pcs,VEN-0101,8.5,,,,',
      ].join('\n'),
    );
    const job = await waitForJob(h, res.json()._id);
    expect(job).toMatchObject({ status: 'done', created: 1, refused: 4 });
    expectRows(job, {
      2: 'Vendor Shree Ganesh Cement Traders: Price cannot be more than ₹10,00,00,000.00',
      3: 'Vendor Deccan Steel Suppliers: GST cannot be more than ₹10,00,00,000.00',
      4: 'Vendor Deccan Steel Suppliers: MOQ cannot be more than 1,00,00,000',
      5: 'Vendor Deccan Steel Suppliers: Price cannot be more than ₹10,00,00,000.00',
    });
    expect((await items()).result.map((i: { name: string }) => i.name)).toEqual(['Red clay bricks']);
  });

  it('refuses wrong columns, an unreadable file, other file types and files over 10 MB', async () => {
    const wrong = await upload('items.csv', 'Name,Price\nCement,380\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'The file must have the columns: Item Name, Unit, Vendor, Price, GST, MOQ, Status, Notes',
    );
    const broken = await upload('items.xlsx', 'this is not a workbook');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The file could not be read as an Excel workbook (.xlsx)');
    const badCsv = await upload('items.csv', `${HEADER}\n"Cement,bags\n`);
    expect(badCsv.statusCode).toBe(400);
    expect(badCsv.json().message).toMatch(/^The file could not be read as CSV/);
    expect((await upload('items.pdf', 'x')).json().message).toBe('Upload a .csv or .xlsx file');
    // Over the 1 MB JSON body limit but under 10 MB (and 20,000 rows): read, then found empty.
    const blank = await upload('items.csv', `${HEADER}\n${`${' '.repeat(100)},,,,,,,\n`.repeat(15_000)}`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('The file has no rows to import');
    const big = await upload('items.csv', `${HEADER}\n${'x'.repeat(10 * 1024 * 1024 + 10)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 10 MB');
    expect((await items()).totalItems).toBe(0);
  });

  it('reads XLSX files', async () => {
    const file = await xlsx([
      ['Item Name', 'Unit', 'Vendor', 'Price', 'GST', 'MOQ', 'Status', 'Notes'],
      ['TMT steel bar 12 mm', 'kg', 'Deccan Steel Suppliers', 62, 11.16, 500, 'active', ''],
      ['Plywood 18 mm', 'sheets', '', '', '', '', '', ''],
    ]);
    const job = await waitForJob(h, (await upload('items.xlsx', file)).json()._id);
    expect(job).toMatchObject({ status: 'done', created: 2, refused: 0 });
    const tmt = (await items()).result.find((i: { name: string }) => i.name === 'TMT steel bar 12 mm');
    expect(tmt).toMatchObject({ bestPrice: 73.16, vendorCount: 1 });
  });
});

describe('export', () => {
  async function seed() {
    await h.app.inject({
      method: 'POST',
      url: '/items',
      headers: h.purchaser.headers,
      payload: {
        name: 'Cement OPC 53',
        unit: 'bags',
        vendors: [
          { vendor: ganesh.vendorId, price: 380, gst: 106.4, moq: 50, notes: 'Door, "fast" delivery' },
          { vendor: deccan.vendorId, price: 392.5, status: 'inactive' },
        ],
      },
    });
    await h.app.inject({
      method: 'POST',
      url: '/items',
      headers: h.purchaser.headers,
      payload: { name: 'River sand', unit: 'CBM' },
    });
  }

  it('CSV: one row per price, items without prices once, and the file imports back unchanged', async () => {
    await seed();
    const res = await h.app.inject({
      method: 'GET',
      url: '/items/export?format=csv',
      headers: h.reader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="items-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.split('\n').filter(Boolean)).toEqual([
      HEADER,
      'Cement OPC 53,bags,Deccan Steel Suppliers,392.5,0,0,inactive,',
      'Cement OPC 53,bags,Shree Ganesh Cement Traders,380,106.4,50,active,"Door, ""fast"" delivery"',
      'River sand,CBM,,,,,,',
    ]);
    const filtered = await h.app.inject({
      method: 'GET',
      url: '/items/export?keyword=sand',
      headers: h.reader.headers,
    });
    expect(filtered.body.split('\n').filter(Boolean)).toHaveLength(2);
    const job = await waitForJob(h, (await upload('export.csv', res.body)).json()._id);
    expect(job).toMatchObject({ status: 'done', unchanged: 3, refused: 0, created: 0, updated: 0 });
  });

  it('XLSX: the same rows in a workbook that imports back unchanged', async () => {
    await seed();
    const res = await h.app.inject({
      method: 'GET',
      url: '/items/export?format=xlsx',
      headers: h.reader.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="items-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(3).values).toEqual([
      undefined,
      'Cement OPC 53',
      'bags',
      'Shree Ganesh Cement Traders',
      380,
      106.4,
      50,
      'active',
      'Door, "fast" delivery',
    ]);
    const job = await waitForJob(h, (await upload('export.xlsx', res.rawPayload)).json()._id);
    expect(job).toMatchObject({ status: 'done', unchanged: 3, refused: 0 });
  });
});
