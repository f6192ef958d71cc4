/**
 * Bounds of an item import, so that a file cannot take the service's memory: its size as uploaded,
 * what an XLSX workbook unpacks to, and its rows. Each is an environment variable (README
 * "Configuration"); a refusal is 413 with a sentence the import dialog shows as it is.
 */
import { envInt, HttpError } from '@erp/service-kit';

export interface ImportLimits {
  /** The uploaded file (CSV or XLSX). */
  maxFileBytes: number;
  /** An XLSX workbook's content once unpacked (the parts read: sheet, shared strings, workbook). */
  maxExpandedBytes: number;
  /** Rows after the header, blank ones included. */
  maxRows: number;
}

const MB = 1024 * 1024;

export function loadImportLimits(env: Record<string, string | undefined>): ImportLimits {
  return {
    maxFileBytes: envInt(env, 'IMPORT_MAX_FILE_MB', 10, 1) * MB,
    maxExpandedBytes: envInt(env, 'IMPORT_MAX_EXPANDED_MB', 50, 1) * MB,
    maxRows: envInt(env, 'IMPORT_MAX_ROWS', 20_000, 1),
  };
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = loadImportLimits({});

const size = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const fileTooLarge = (l: ImportLimits) => new HttpError(413, `The file is larger than ${size(l.maxFileBytes)}`);
export const unpackedTooLarge = (l: ImportLimits) =>
  new HttpError(413, `The workbook unpacks to more than ${size(l.maxExpandedBytes)} of data; remove other sheets or split it into smaller files`);
export const tooManyRows = (l: ImportLimits) => new HttpError(413, `The file has more than ${l.maxRows.toLocaleString('en-US')} rows; split it into smaller files`);
