/**
 * A statement of account as XLSX (exceljs): numbers as numbers, text neutralised (the kit's
 * safeCells). The figures are domain/statement.ts's.
 */
import type { Worksheet } from 'exceljs';
import { fromPaise } from '@erp/contracts';
import { loadExcelJs, safeCells } from '@erp/service-kit';
import {
  dayText,
  entriesText,
  statementTotals,
  type StatementInput,
  type StatementTotals,
} from '../domain/statement.js';

const MONEY = '#,##0.00';

/** The heading lines and the table's header row. */
function addHeading(ws: Worksheet, s: StatementInput): void {
  const heading: Array<[string, string | number]> = [
    ['Statement of account', s.company.name],
    ['Vendor', `${s.vendor.vendorId} ${s.vendor.name}`],
    ['GSTIN', s.vendor.gstin],
    ['Period', `${dayText(s.from)} to ${dayText(s.to)}`],
  ];
  for (const h of heading) ws.addRow(safeCells(h));
  ws.addRow([]);
  ws.addRow(['Date', 'Entry #', 'Type', 'Reference', 'Details', 'Debit', 'Credit', 'Balance']).font = {
    bold: true,
  };
}

/** The opening balance, one row per entry, the totals and the closing balance. */
function addBody(ws: Worksheet, s: StatementInput, t: StatementTotals): void {
  const opening = ws.addRow(
    safeCells([s.from, '', 'Opening balance', '', 'Brought forward', null, null, fromPaise(t.openingPaise)]),
  );
  opening.font = { italic: true };
  for (const r of t.rows) {
    ws.addRow(
      safeCells([
        r.date,
        r.seq,
        r.type,
        r.reference,
        r.details,
        r.debitPaise ? fromPaise(r.debitPaise) : null,
        r.creditPaise ? fromPaise(r.creditPaise) : null,
        fromPaise(r.balancePaise),
      ]),
    );
  }
  const total = ws.addRow([
    '',
    '',
    'Totals',
    '',
    entriesText(t.rows.length),
    fromPaise(t.debitPaise),
    fromPaise(t.creditPaise),
    null,
  ]);
  total.font = { bold: true };
  const closing = ws.addRow(
    safeCells([
      s.to,
      '',
      'Closing balance',
      '',
      'Carried forward (owed to the vendor)',
      null,
      null,
      fromPaise(t.closingPaise),
    ]),
  );
  closing.font = { bold: true };
}

export async function statementXlsx(s: StatementInput): Promise<Buffer> {
  const t = statementTotals(s);
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = s.company.name;
  wb.created = s.at;
  const ws = wb.addWorksheet('Statement');
  ws.columns = [
    { key: 'date', width: 12 },
    { key: 'seq', width: 8 },
    { key: 'type', width: 18 },
    { key: 'reference', width: 24 },
    { key: 'details', width: 48 },
    { key: 'debit', width: 16 },
    { key: 'credit', width: 16 },
    { key: 'balance', width: 18 },
  ];
  addHeading(ws, s);
  addBody(ws, s, t);
  for (const key of ['debit', 'credit', 'balance']) ws.getColumn(key).numFmt = MONEY;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
