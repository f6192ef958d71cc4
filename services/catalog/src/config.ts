/**
 * Bounds of an item import (its size as uploaded, what an XLSX workbook unpacks to, its rows): the
 * service kit's spreadsheet limits, each an environment variable (README "Configuration").
 */
import { DEFAULT_SPREADSHEET_LIMITS, loadSpreadsheetLimits, type SpreadsheetLimits } from '@erp/service-kit';

export { fileTooLarge, tooManyRows, unpackedTooLarge } from '@erp/service-kit';

export type ImportLimits = SpreadsheetLimits;

export const loadImportLimits = loadSpreadsheetLimits;

export const DEFAULT_IMPORT_LIMITS: ImportLimits = DEFAULT_SPREADSHEET_LIMITS;
