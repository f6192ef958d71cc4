/**
 * A BOQ revision as an XLSX workbook: its details above, then one row per line with the columns the
 * import reads (Item, Unit, Quantity, Rate, Remark), so the file imports back into a BOQ, and the
 * Amount, Consumed and Balance the BOQ screen shows. Text cells are neutralised (safeCells); numbers
 * stay numbers. Written with exceljs's streaming writer.
 */
import type { Writable } from 'node:stream';
import {
  BOQ_IMPORT_COLUMNS,
  BOQ_STATUS_LABELS,
  fromHundredths,
  fromPaise,
  lineAmount,
  type BoqStatus,
} from '@erp/contracts';
import { loadExcelJs, safeCells, type Queryable } from '@erp/service-kit';

export interface ExportedBoq {
  id: string;
  boqNumber: string;
  revision: number;
  name: string;
  status: BoqStatus;
  projectName: string;
  projectCode: string;
}

export interface ExportedLine {
  name: string;
  unit: string;
  plannedHundredths: number;
  ratePaise: number;
  remark: string;
  consumedHundredths: number;
}

export const EXPORT_COLUMNS = [...BOQ_IMPORT_COLUMNS, 'Amount', 'Consumed', 'Balance'] as const;

/**
 * The BOQ when the caller may see it: `projects` null for a member of every project, else the
 * projects they are on (another project's BOQ is not found, not forbidden).
 */
export async function exportedBoq(
  db: Queryable,
  schema: string,
  id: string,
  projects: string[] | null,
): Promise<ExportedBoq | null> {
  const res = await db.query<{
    id: string;
    boq_number: string;
    revision: number;
    name: string;
    status: BoqStatus;
    project_name: string;
    project_code: string;
  }>(
    `SELECT b.id, b.boq_number, b.revision, b.name, b.status, p.name AS project_name, p.project_code
       FROM ${schema}.boqs b JOIN ${schema}.projects p ON p.id = b.project_id
      WHERE b.id = $1 AND ($2::uuid[] IS NULL OR b.project_id = ANY($2::uuid[]))`,
    [id, projects],
  );
  const b = res.rows[0];
  if (!b) return null;
  return {
    id: b.id,
    boqNumber: b.boq_number,
    revision: b.revision,
    name: b.name,
    status: b.status,
    projectName: b.project_name,
    projectCode: b.project_code,
  };
}

/** The revision's lines in order, with the item's current name and what goods receipts consumed under its number. */
export async function exportedLines(
  db: Queryable,
  schema: string,
  boq: ExportedBoq,
): Promise<ExportedLine[]> {
  const res = await db.query<{
    name: string;
    unit: string;
    planned: string;
    rate: string;
    remark: string;
    consumed: string;
  }>(
    `SELECT coalesce(s.name, l.item_id::text) AS name, l.unit, l.planned_hundredths::text AS planned, l.rate_paise::text AS rate, l.remark,
            coalesce(c.consumed_hundredths, 0)::text AS consumed
       FROM ${schema}.boq_lines l
       LEFT JOIN ${schema}.item_snapshots s ON s.item_id = l.item_id
       LEFT JOIN ${schema}.boq_consumption c ON c.boq_number = $2 AND c.item_id = l.item_id
      WHERE l.boq_id = $1 ORDER BY l.line_no`,
    [boq.id, boq.boqNumber],
  );
  return res.rows.map((r) => ({
    name: r.name,
    unit: r.unit,
    plannedHundredths: Number(r.planned),
    ratePaise: Number(r.rate),
    remark: r.remark,
    consumedHundredths: Number(r.consumed),
  }));
}

/** `BOQ-0001 Tower A.xlsx`: letters, digits, spaces and . _ - only, at most 120 characters. */
export function exportFileName(boq: Pick<ExportedBoq, 'boqNumber' | 'name'>): string {
  const base = `${boq.boqNumber} ${boq.name}`
    .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || 'BOQ'}.xlsx`;
}

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
        fromHundredths(l.plannedHundredths - l.consumedHundredths),
      ]),
    ).commit();
  }
  ws.commit();
  await wb.commit();
}
