/**
 * A BOQ revision as an XLSX workbook: its details above, then one row per line with the columns the
 * import reads (Item, Unit, Quantity, Rate, Remark), so the file imports back into a BOQ, and the
 * Amount, Consumed and Balance the BOQ screen shows. Text cells are neutralised (safeCells); numbers
 * stay numbers. Written with exceljs's streaming writer.
 */
import type { Writable } from 'node:stream';
import { BOQ_IMPORT_COLUMNS, BOQ_STATUS_LABELS, fromHundredths, fromPaise, lineAmount } from '@erp/contracts';
import { loadExcelJs, safeCells } from '@erp/service-kit';
import { balanceHundredths } from '../domain/boq-balances.js';
import type { ExportedBoq, ExportedLine } from '../repositories/boq-export.js';

export const EXPORT_COLUMNS = [...BOQ_IMPORT_COLUMNS, 'Amount', 'Consumed', 'Balance'] as const;

/** Write the workbook to `out` (ended when done, destroyed on a failure). */
export async function writeBoqWorkbook(
  out: Writable,
  boq: ExportedBoq,
  lines: ExportedLine[],
): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(boq.boqNumber);
  ws.columns = EXPORT_COLUMNS.map((c) => ({ key: c, width: c === 'Item' ? 40 : c === 'Remark' ? 32 : 14 }));
  const details: Array<[string, string | number]> = [
    ['BOQ Number', boq.boqNumber],
    ['Revision', boq.revision],
    ['BOQ Name', boq.name],
    ['Project', `${boq.projectCode} ${boq.projectName}`],
    ['Status', BOQ_STATUS_LABELS[boq.status]],
  ];
  for (const d of details) ws.addRow(safeCells(d)).commit();
  ws.addRow([]).commit();
  ws.addRow([...EXPORT_COLUMNS]).commit();
  for (const l of lines) {
    ws.addRow(
      safeCells([
        l.name,
        l.unit,
        fromHundredths(l.plannedHundredths),
        fromPaise(l.ratePaise),
        l.remark,
        fromPaise(lineAmount(l.ratePaise, l.plannedHundredths)),
        fromHundredths(l.consumedHundredths),
        fromHundredths(balanceHundredths(l.plannedHundredths, l.consumedHundredths)),
      ]),
    ).commit();
  }
  ws.commit();
  await wb.commit();
}
