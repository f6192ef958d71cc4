/** The item master exported as CSV or XLSX (the import's columns), streamed as it is read. */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { stringify } from 'csv-stringify';
import { fromHundredths, fromPaise, IMPORT_COLUMNS } from '@erp/contracts';
import { containsPattern, loadExcelJs, safeCells, type Queryable } from '@erp/service-kit';
import { exportPage } from '../repositories/item-lists.js';

export type ExportRow = [string, string, string, number | '', number | '', number | '', string, string];

/**
 * Every item-vendor price (items without prices as one row with no vendor), by item name. Text
 * cells are neutralised (a name such as =HYPERLINK(…) is written as '=HYPERLINK(…), never run as a
 * formula when the file is opened); numbers stay numbers.
 */
export async function* exportRows(db: Queryable, schema: string, keyword: string): AsyncGenerator<ExportRow> {
  let after = '';
  const pattern = keyword ? containsPattern(keyword) : null;
  for (;;) {
    const rows = await exportPage(db, schema, after, pattern);
    if (rows.length === 0) return;
    for (const r of rows) {
      yield safeCells<ExportRow>([
        r.name,
        r.unit,
        r.vendor_name ?? '',
        r.price_paise === null ? '' : fromPaise(r.price_paise),
        r.gst_paise === null ? '' : fromPaise(r.gst_paise),
        r.moq_hundredths === null ? '' : fromHundredths(r.moq_hundredths),
        r.status ?? '',
        r.notes ?? '',
      ]);
    }
    after = rows[rows.length - 1]!.name_key;
  }
}

/** The rows as a CSV stream with the import's header. */
export function csvStream(rows: AsyncIterable<ExportRow>): NodeJS.ReadableStream {
  const csv = stringify({ header: true, columns: [...IMPORT_COLUMNS] });
  Readable.from(rows).pipe(csv);
  return csv;
}

/** The rows as an XLSX workbook stream (one sheet, "Items"); a failure half-way ends the stream with it. */
export async function xlsxStream(
  rows: AsyncIterable<ExportRow>,
  log: FastifyBaseLogger,
): Promise<PassThrough> {
  const out = new PassThrough();
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Items');
  ws.columns = IMPORT_COLUMNS.map((c) => ({
    header: c,
    key: c,
    width: c === 'Item Name' || c === 'Vendor' ? 32 : 12,
  }));
  void (async () => {
    try {
      for await (const row of rows) ws.addRow(row).commit();
      ws.commit();
      await wb.commit();
    } catch (err) {
      log.error({ err }, 'export failed');
      out.destroy(err as Error);
    }
  })();
  return out;
}
