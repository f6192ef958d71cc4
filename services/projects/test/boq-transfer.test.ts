/**
 * BOQ spreadsheets: POST /boq/import answers a preview of the file's lines (nothing stored), and
 * GET /boq/{id}/export writes a revision as XLSX that imports back into the same lines.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountTooLarge,
  BOQ_MESSAGES,
  BOQ_QTY_TOO_LARGE,
  TOO_MANY_BOQ_LINES,
  type BoqImportPreview,
  type Project,
} from '@erp/contracts';
import { NOT_A_WORKBOOK } from '@erp/service-kit';
import { multipart, type GrantedAccess } from '@erp/service-kit/testing';
import { QTY_DECIMALS, RATE_DECIMALS, WRONG_COLUMNS } from '../src/domain/boq-sheet.js';
import { inactiveItem } from '../src/domain/boq-import.js';
import { announceItems, startProjects, type ProjectsHarness, type TestItem } from './helpers.js';

let h: ProjectsHarness;
let project: Project;
let other: Project;
const item = (name: string, unit: string, status: TestItem['status'] = 'active'): TestItem => ({
  itemId: randomUUID(),
  name,
  unit,
  status,
  version: 1,
});
const cement = item('Cement OPC 53', 'bags');
const steel = item('TMT steel bar 12 mm', 'kg');
const sand = item('River sand', 'CBM');
const oldBricks = item('Old bricks', 'pcs', 'inactive');
const more = [
  'Binding wire',
  'Red clay bricks',
  'Ready-mix concrete M25',
  '20 mm aggregate',
  'Wall putty',
  'Tile adhesive',
  'Door frame',
  'Water tank',
  'Paint',
  'Gate valve',
].map((n) => item(n, 'pcs'));

beforeAll(async () => {
  h = await startProjects();
  await announceItems(h, [cement, steel, sand, oldBricks, ...more]);
  project = await h.create();
  other = await h.create();
});
afterAll(async () => h?.close());

const upload = (fileName: string, content: Buffer | string, who: GrantedAccess = h.people.admin) => {
  const m = multipart(fileName, content);
  return h.app.inject({
    method: 'POST',
    url: '/boq/import',
    headers: { ...m.headers, ...who.headers },
    payload: m.payload,
  });
};

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('BOQ');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const boqCount = async () =>
  (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects.boqs')).rows[0]!.n;

describe('POST /boq/import', () => {
  it('previews an XLSX: good lines resolved by name or id, every refused row with all its reasons, unknown items grouped; nothing stored', async () => {
    const file = await xlsx([
      ['S.No', 'Remark', 'Quantity', 'Item', 'Rate', 'Unit', 'Amount'],
      [1, 'Tower A', 100, 'cement opc 53', 380, 'bags', 38000],
      [2, null, 2500.5, steel.itemId, 62.25, 'KG', null],
      [3, null, 12, '  River   sand ', 1800, 'cbm', null],
      [4, null, 1, null, 1, 'bags', null],
      [5, null, 40, 'Plywood 18 mm', 2450, 'sheets', null],
      [6, null, 1000, 'Old bricks', 8, 'pcs', null],
      [7, null, 0, 'Binding wire', 78, 'kg', null],
      [8, null, -5, 'Red clay bricks', 8, 'pcs', null],
      [9, null, 'ten', 'Ready-mix concrete M25', 5200, 'CBM', null],
      [10, null, 1.234, '20 mm aggregate', 1450, 'CBM', null],
      [11, null, 10, 'Wall putty', 900, null, null],
      [12, null, 10, 'Tile adhesive', 0, 'bags', null],
      [13, null, 10, 'Door frame', 'abc', 'pcs', null],
      [14, null, 20_000_000, 'Water tank', 1, 'pcs', null],
      [15, null, 1, 'Paint', 200_000_000, 'liters', null],
      [16, null, 5, 'Cement OPC 53', 380, 'bags', null],
      [null, null, null, null, null, null, null],
      [18, null, 10, 'plywood 18 MM', 2400, 'sheets', null],
      [19, null, 0, null, 0, null, null],
      [20, null, 1, 'Gate valve', 10.555, 'pcs', null],
    ]);
    const res = await upload('tender.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as BoqImportPreview;
    expect(preview.fileName).toBe('tender.xlsx');
    expect(preview.totalRows).toBe(19);
    expect(preview.lines).toEqual([
      {
        row: 2,
        item: { _id: cement.itemId, name: 'Cement OPC 53' },
        unit: 'bags',
        plannedQty: 100,
        rate: 380,
        remark: 'Tower A',
      },
      {
        row: 3,
        item: { _id: steel.itemId, name: 'TMT steel bar 12 mm' },
        unit: 'kg',
        plannedQty: 2500.5,
        rate: 62.25,
        remark: '',
      },
      {
        row: 4,
        item: { _id: sand.itemId, name: 'River sand' },
        unit: 'CBM',
        plannedQty: 12,
        rate: 1800,
        remark: '',
      },
    ]);
    expect(preview.refused).toEqual([
      { row: 5, item: '', reasons: [BOQ_MESSAGES.item] },
      { row: 6, item: 'Plywood 18 mm', reasons: [BOQ_MESSAGES.unknownItem] },
      { row: 7, item: 'Old bricks', reasons: [inactiveItem('Old bricks')] },
      { row: 8, item: 'Binding wire', reasons: [BOQ_MESSAGES.quantity] },
      { row: 9, item: 'Red clay bricks', reasons: [BOQ_MESSAGES.quantity] },
      { row: 10, item: 'Ready-mix concrete M25', reasons: [BOQ_MESSAGES.quantity] },
      { row: 11, item: '20 mm aggregate', reasons: [QTY_DECIMALS] },
      { row: 12, item: 'Wall putty', reasons: [BOQ_MESSAGES.unit] },
      { row: 13, item: 'Tile adhesive', reasons: [BOQ_MESSAGES.rate] },
      { row: 14, item: 'Door frame', reasons: [BOQ_MESSAGES.rate] },
      { row: 15, item: 'Water tank', reasons: [BOQ_QTY_TOO_LARGE] },
      { row: 16, item: 'Paint', reasons: [amountTooLarge('Rate')] },
      { row: 17, item: 'Cement OPC 53', reasons: [BOQ_MESSAGES.duplicateItem] },
      { row: 19, item: 'plywood 18 MM', reasons: [BOQ_MESSAGES.unknownItem, BOQ_MESSAGES.duplicateItem] },
      {
        row: 20,
        item: '',
        reasons: [BOQ_MESSAGES.item, BOQ_MESSAGES.quantity, BOQ_MESSAGES.unit, BOQ_MESSAGES.rate],
      },
      { row: 21, item: 'Gate valve', reasons: [RATE_DECIMALS] },
    ]);
    expect(preview.unknownItems).toEqual([{ name: 'Plywood 18 mm', unit: 'sheets', rows: [6, 19] }]);
    expect(await boqCount()).toBe(0);
  });

  it('reads a CSV whose header uses other names (Item Name, UOM, Qty, Unit Rate, Remarks) in any order, with rupee signs, thousands separators and a computed cell’s float', async () => {
    const csv =
      'Sr,Item Name,UOM,Qty,Unit Rate,Remarks\n1,Cement OPC 53,Bags,"1,250.50",₹380,Ground floor\n2,River sand,CBM,0.30000000000000004,"₹ 1,800.00",\n';
    const res = await upload('boq.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fileName: 'boq.csv',
      totalRows: 2,
      lines: [
        {
          row: 2,
          item: { _id: cement.itemId, name: 'Cement OPC 53' },
          unit: 'bags',
          plannedQty: 1250.5,
          rate: 380,
          remark: 'Ground floor',
        },
        {
          row: 3,
          item: { _id: sand.itemId, name: 'River sand' },
          unit: 'CBM',
          plannedQty: 0.3,
          rate: 1800,
          remark: '',
        },
      ],
      refused: [],
      unknownItems: [],
    });
  });

  it('refuses a malformed file with 400 and a sentence saying why', async () => {
    const cases: Array<[string, Buffer | string, string]> = [
      ['boq.xlsx', Buffer.from('this is not a zip archive at all'), NOT_A_WORKBOOK],
      ['boq.csv', 'Item,Unit,Quantity\nCement OPC 53,bags,10\n', WRONG_COLUMNS],
      ['boq.pdf', 'Item,Unit,Quantity,Rate\n', 'Upload a .csv or .xlsx file'],
    ];
    for (const [name, content, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const unclosed = await upload('boq.csv', 'Item,Unit,Quantity,Rate\n"Cement,bags,1,2\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/^The file could not be read as CSV/);
  });

  it('refuses more lines than a BOQ holds with 400, and files over the size or row limits with 413', async () => {
    const lines = (n: number) =>
      `Item,Unit,Quantity,Rate\n${Array.from({ length: n }, (_, i) => `Item ${i},bags,1,1`).join('\n')}\n`;
    const many = await upload('boq.csv', lines(5001));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: TOO_MANY_BOQ_LINES });
    const endless = await upload('boq.csv', `Item,Unit,Quantity,Rate\n${'\n'.repeat(10_001)}`);
    expect(endless.statusCode).toBe(413);
    const big = await upload('boq.csv', `Item,Unit,Quantity,Rate\n${'x'.repeat(11 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is larger than 10 MB' });
  });

  it('needs Add BOQ write: a member without it gets 403, no token 401', async () => {
    expect((await upload('boq.csv', 'Item,Unit,Quantity,Rate\n', h.people.purchaser)).statusCode).toBe(403);
    const reader = await h.member({
      role: 'Employee',
      name: 'Read Only',
      modules: { team: { subModules: { boqList: { read: true } } } },
    });
    const csv = 'Item,Unit,Quantity,Rate\nCement OPC 53,bags,1,1\n';
    expect((await upload('boq.csv', csv, reader)).statusCode).toBe(403);
    const m = multipart('boq.csv', csv);
    expect(
      (await h.app.inject({ method: 'POST', url: '/boq/import', headers: m.headers, payload: m.payload }))
        .statusCode,
    ).toBe(401);
    const employee = await h.member({ role: 'Employee', name: 'Site Engineer', projects: [project._id] });
    expect((await upload('boq.csv', csv, employee)).statusCode).toBe(200);
  });
});

describe('GET /boq/:id/export', () => {
  async function saveBoq(): Promise<{ _id: string; boqId: string; name: string }> {
    const res = await h.call('admin', 'POST', '/boq', {
      projectId: project._id,
      name: 'Tower A / civil (rev-1)',
      status: 'draft',
      items: [
        { item: cement.itemId, plannedQty: 1250.5, unit: 'bags', rate: 380.25, remark: 'Ground floor' },
        { item: steel.itemId, plannedQty: 12000, unit: 'kg', rate: 62, remark: '=SUM(A1:A9)' },
        { item: sand.itemId, plannedQty: 0.01, unit: 'CBM', rate: 1800, remark: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().boq;
  }

  it('writes the BOQ as XLSX (details, then lines with numbers as numbers) that imports back into the same lines', async () => {
    const boq = await saveBoq();
    await h.db.query(
      `INSERT INTO projects.boq_consumption (boq_number, item_id, consumed_hundredths) VALUES ($1, $2, 150000)`,
      [boq.boqId, cement.itemId],
    );
    const res = await h.app.inject({
      method: 'GET',
      url: `/boq/${boq._id}/export`,
      headers: h.people.purchaser.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${boq.boqId} Tower A civil rev-1.xlsx"`,
    );

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => (r ?? []).slice(1));
    expect(rows.slice(0, 5)).toEqual([
      ['BOQ Number', boq.boqId],
      ['Revision', 1],
      ['BOQ Name', 'Tower A / civil (rev-1)'],
      ['Project', `${project.projectCode} ${project.name}`],
      ['Status', 'Draft'],
    ]);
    expect(rows.slice(6)).toEqual([
      ['Item', 'Unit', 'Quantity', 'Rate', 'Remark', 'Amount', 'Consumed', 'Balance'],
      ['Cement OPC 53', 'bags', 1250.5, 380.25, 'Ground floor', 475502.63, 1500, -249.5],
      ['TMT steel bar 12 mm', 'kg', 12000, 62, "'=SUM(A1:A9)", 744000, 0, 12000],
      ['River sand', 'CBM', 0.01, 1800, undefined, 18, 0, 0.01],
    ]);

    const again = await upload('export.xlsx', res.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    const preview = again.json() as BoqImportPreview;
    expect(preview.refused).toEqual([]);
    const detail = (await h.call('admin', 'GET', `/boq/${boq._id}`)).json();
    expect(
      preview.lines.map((l) => ({
        item: l.item._id,
        plannedQty: l.plannedQty,
        unit: l.unit,
        rate: l.rate,
        remark: l.remark,
      })),
    ).toEqual(
      detail.items.map(
        (l: { itemId: string; plannedQty: number; unit: string; rate: number; remark: string }) => ({
          item: l.itemId,
          plannedQty: l.plannedQty,
          unit: l.unit,
          rate: l.rate,
          remark: l.remark,
        }),
      ),
    );
  });

  it('an Employee gets the BOQs of their projects; another project’s BOQ, or no such BOQ, is 404; no BOQ List read is 403', async () => {
    const boq = await saveBoq();
    const onIt = await h.member({ role: 'Employee', name: 'On the project', projects: [project._id] });
    const elsewhere = await h.member({ role: 'Employee', name: 'Elsewhere', projects: [other._id] });
    const noBoqs = await h.member({
      role: 'Employee',
      name: 'No BOQs',
      projects: [project._id],
      modules: { team: { subModules: { projectList: { read: true } } } },
    });
    const get = (who: GrantedAccess | null, id = boq._id) =>
      h.app.inject({ method: 'GET', url: `/boq/${id}/export`, headers: who ? who.headers : {} });
    expect((await get(onIt)).statusCode).toBe(200);
    const refused = await get(elsewhere);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: BOQ_MESSAGES.notFound });
    expect((await get(h.people.admin, randomUUID())).statusCode).toBe(404);
    expect((await get(noBoqs)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
  });
});
