/**
 * Reading uploaded spreadsheets (the first worksheet of an XLSX workbook, or a CSV file) into rows
 * of text cells with bounded memory, for every import of the services (items, BOQs).
 *
 * An XLSX file is a zip archive; a few KB can unpack to gigabytes (a "zip bomb"). So the archive
 * is not handed to a zip library that unpacks it whole: its central directory is read here, the
 * sizes it declares are checked against the limit before anything is unpacked, and the parts
 * needed (workbook, relationships, shared strings, the first sheet) are inflated as streams that
 * count what they really produce and stop at the limit, whatever the directory claims. exceljs's
 * streaming reader parses those parts; rows are read one by one and reading stops at the row limit.
 *
 * What the cells mean is the caller's business; text cells of an exported file may carry the
 * apostrophe of neutraliseFormula (spreadsheet.ts), which restoreFormula takes off.
 */
import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { parse as parseCsvSync } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './lazy-modules.js';
import { envInt } from './config.js';
import { badRequest, HttpError } from './errors.js';

/**
 * Bounds of an upload, so that a file cannot take the service's memory: its size as uploaded,
 * what an XLSX workbook unpacks to, and its rows. A refusal is 413 with a sentence an import
 * dialog shows as it is.
 */
export interface SpreadsheetLimits {
  /** The uploaded file (CSV or XLSX). */
  maxFileBytes: number;
  /** An XLSX workbook's content once unpacked (the parts read: sheet, shared strings, workbook). */
  maxExpandedBytes: number;
  /** Rows after the header, blank ones included. */
  maxRows: number;
}

const MB = 1024 * 1024;

/** Limits from IMPORT_MAX_FILE_MB (10), IMPORT_MAX_EXPANDED_MB (50) and IMPORT_MAX_ROWS (20,000). */
export function loadSpreadsheetLimits(env: Record<string, string | undefined>): SpreadsheetLimits {
  return {
    maxFileBytes: envInt(env, 'IMPORT_MAX_FILE_MB', 10, 1) * MB,
    maxExpandedBytes: envInt(env, 'IMPORT_MAX_EXPANDED_MB', 50, 1) * MB,
    maxRows: envInt(env, 'IMPORT_MAX_ROWS', 20_000, 1),
  };
}

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = loadSpreadsheetLimits({});

const size = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const fileTooLarge = (l: SpreadsheetLimits) =>
  new HttpError(413, `The file is larger than ${size(l.maxFileBytes)}`);
export const unpackedTooLarge = (l: SpreadsheetLimits) =>
  new HttpError(
    413,
    `The workbook unpacks to more than ${size(l.maxExpandedBytes)} of data; remove other sheets or split it into smaller files`,
  );
export const tooManyRows = (l: SpreadsheetLimits) =>
  new HttpError(
    413,
    `The file has more than ${l.maxRows.toLocaleString('en-US')} rows; split it into smaller files`,
  );

export const NOT_A_WORKBOOK = 'The file could not be read as an Excel workbook (.xlsx)';
export const NO_WORKSHEET = 'The workbook has no worksheet';
/** Cells read per row: the columns an import uses, with room for a few others around them. */
export const MAX_COLUMNS = 64;

export type FileKind = 'csv' | 'xlsx';

/** The kind of an uploaded file by its name; anything else is refused (400). */
export function fileKind(fileName: string): FileKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  throw badRequest('Upload a .csv or .xlsx file');
}

/**
 * The bytes of a multipart file part (@fastify/multipart's `toBuffer`): past the plugin's
 * fileSize limit 413 with the limit in words, another failure 400.
 */
export async function uploadedBytes(
  file: { toBuffer(): Promise<Buffer> },
  limits: SpreadsheetLimits,
): Promise<Buffer> {
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limits);
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
}

/**
 * Rows of text cells from a CSV file (row index + 1 = row number). Parsing stops one row past the
 * limit (blank lines count: ten million newlines are ten million rows), and a row keeps at most
 * MAX_COLUMNS cells.
 */
export function readCsv(buf: Buffer, limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS): string[][] {
  let rows: string[][];
  try {
    rows = parseCsvSync(buf, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
      to: limits.maxRows + 2,
      on_record: (record: string[]) => (record.length > MAX_COLUMNS ? record.slice(0, MAX_COLUMNS) : record),
    }) as string[][];
  } catch (err) {
    throw badRequest(`The file could not be read as CSV: ${(err as Error).message}`);
  }
  if (rows.length > limits.maxRows + 1) throw tooManyRows(limits);
  return rows;
}

/** The rows of an uploaded CSV or XLSX file (see readCsv and readXlsx). */
export async function readSpreadsheet(
  buf: Buffer,
  kind: FileKind,
  limits: SpreadsheetLimits,
  opts: { minColumns?: number } = {},
): Promise<string[][]> {
  return kind === 'csv' ? readCsv(buf, limits) : readXlsx(buf, limits, opts);
}

class Unreadable extends Error {}

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  /** As the central directory declares it (not trusted: the inflated bytes are counted too). */
  size: number;
  localOffset: number;
}

/** The entries of a zip archive, from its central directory. Zip64 and multi-disk archives are refused. */
export function zipEntries(buf: Buffer): ZipEntry[] {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Unreadable('no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (
    buf.readUInt16LE(eocd + 4) !== 0 ||
    count === 0xffff ||
    cdSize === 0xffffffff ||
    cdOffset === 0xffffffff
  )
    throw new Unreadable('zip64 or multi-disk');
  if (cdOffset + cdSize > eocd) throw new Unreadable('central directory out of bounds');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) throw new Unreadable('bad central directory entry');
    const nameLength = buf.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new Unreadable('zip64 entry');
    entries.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Bytes inflated so far for one workbook, against the limit. */
class Budget {
  private used = 0;
  constructor(
    private readonly max: number,
    private readonly refusal: () => Error,
  ) {}
  take(n: number): Error | null {
    this.used += n;
    return this.used > this.max ? this.refusal() : null;
  }
}

/** One entry's content as a stream; it fails with the refusal once the workbook's budget is spent. */
function openEntry(buf: Buffer, e: ZipEntry, budget: Budget): Readable {
  if (e.flags & 0x1) throw new Unreadable('encrypted entry');
  if (e.method !== 0 && e.method !== 8) throw new Unreadable(`compression method ${e.method}`);
  const h = e.localOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) throw new Unreadable('bad local header');
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  if (start + e.compressedSize > buf.length) throw new Unreadable('entry out of bounds');
  const data = buf.subarray(start, start + e.compressedSize);
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(budget.take(chunk.length), chunk);
    },
  });
  const source = Readable.from([data], { objectMode: false });
  // pipeline destroys every stream on an error, so a refusal stops the inflater at once.
  return e.method === 8
    ? pipeline(source, createInflateRaw(), counter, () => undefined)
    : pipeline(source, counter, () => undefined);
}

interface Rel {
  Id: string;
  Target: string;
}
/** The parts of exceljs's streaming WorkbookReader used here (it reads an unbounded zip stream itself otherwise). */
interface ReaderParts {
  workbookRels?: Rel[];
  model?: { sheets?: Array<{ rId: string }> };
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/**
 * Rows of text cells from the first worksheet (row index + 1 = row number), within the limits. A
 * row has at least `minColumns` cells (empty ones added) and at most MAX_COLUMNS.
 */
export async function readXlsx(
  buf: Buffer,
  limits: SpreadsheetLimits,
  opts: { minColumns?: number } = {},
): Promise<string[][]> {
  let byName: Map<string, ZipEntry>;
  try {
    byName = new Map(zipEntries(buf).map((e) => [e.name, e]));
  } catch {
    throw badRequest(NOT_A_WORKBOOK);
  }
  // An honest bomb is refused on what it declares, without unpacking a byte of it.
  let declared = 0;
  for (const e of byName.values()) declared += e.size;
  if (declared > limits.maxExpandedBytes) throw unpackedTooLarge(limits);

  const budget = new Budget(limits.maxExpandedBytes, () => unpackedTooLarge(limits));
  const opened: Readable[] = [];
  const open = (name: string): Readable | null => {
    const e = byName.get(name);
    if (!e) return null;
    const s = openEntry(buf, e, budget);
    opened.push(s);
    return s;
  };
  const Excel = await loadExcelJs();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as ReaderParts;
  try {
    const rels = open('xl/_rels/workbook.xml.rels');
    const workbook = open('xl/workbook.xml');
    if (!rels || !workbook) throw new Unreadable('no workbook');
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    const strings = open('xl/sharedStrings.xml');
    if (strings) for await (const _ of reader._parseSharedStrings(strings));
    reader.sharedStrings ??= [];

    const first = reader.model?.sheets?.[0];
    const rel = first && reader.workbookRels?.find((r) => r.Id === first.rId);
    if (!rel) throw badRequest(NO_WORKSHEET);
    const path = rel.Target.startsWith('/') ? rel.Target.slice(1) : `xl/${rel.Target.replace(/^\.\//, '')}`;
    const sheet = open(path);
    if (!sheet) throw badRequest(NO_WORKSHEET);
    const [emitted] = [...reader._parseWorksheet(sheet, /(\d+)\.xml$/.exec(path)?.[1] ?? '1')];
    if (!emitted) throw badRequest(NO_WORKSHEET);

    const out: string[][] = [];
    // Cells can repeat one long shared string thousands of times (a few bytes each in the sheet):
    // the text taken out of the workbook counts against the same limit as the unpacked data.
    let chars = 0;
    for await (const row of emitted.value) {
      // Row numbers, not a count: a sheet may jump to row 1,000,000, which would be that many rows here.
      if (row.number > limits.maxRows + 1) throw tooManyRows(limits);
      const cells: string[] = [];
      const width = Math.min(Math.max(row.cellCount, opts.minColumns ?? 0), MAX_COLUMNS);
      for (let c = 1; c <= width; c++) {
        const text = row.getCell(c).text ?? '';
        chars += text.length;
        if (chars > limits.maxExpandedBytes) throw unpackedTooLarge(limits);
        cells.push(text);
      }
      out[row.number - 1] = cells;
    }
    for (let i = 0; i < out.length; i++) out[i] ??= [];
    return out;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(NOT_A_WORKBOOK);
  } finally {
    for (const s of opened) s.destroy();
  }
}
