/** What a spreadsheet import takes: a .csv or .xlsx file up to the service's limit. */
export interface SpreadsheetLimits {
  /** The largest file the service reads, in bytes. */
  maxBytes: number;
  /** The message (SPEC wording of each screen) for a file of another type. */
  typeMessage: string;
}

/** Shown when the file is over the limit (the limit of both imports is 10 MB). */
export const TOO_LARGE = 'The file is larger than 10 MB';

/**
 * Why a chosen file cannot be sent, or null when it can: checked in the browser so that a wrong file
 * is refused before an upload of up to 10 MB. No file chosen is no problem (the button stays off).
 */
export function spreadsheetProblem(file: Pick<File, 'name' | 'size'> | null, limits: SpreadsheetLimits) {
  if (!file) return null;
  if (!/\.(csv|xlsx)$/i.test(file.name)) return limits.typeMessage;
  if (file.size > limits.maxBytes) return TOO_LARGE;
  return null;
}
