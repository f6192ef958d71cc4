/**
 * @erp/ui/spreadsheet-import: the pieces of an import from a spreadsheet (the catalog's items with
 * vendor prices, the BOQ form's lines). Not a shared singleton on purpose: a remote bundles it into
 * the chunk that opens the dialog, so neither the remote kit nor the form kit grows for every screen.
 */
export { spreadsheetProblem, TOO_LARGE, type SpreadsheetLimits } from './file-check';
export {
  ImportCounts,
  ImportNote,
  ImportProblem,
  ImportProgress,
  ImportRows,
  SpreadsheetField,
  SpreadsheetImportDialog,
  useSpreadsheetFile,
  type ImportProgressProps,
  type SpreadsheetFieldProps,
  type SpreadsheetImportDialogProps,
} from './spreadsheet-import';
