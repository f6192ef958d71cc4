/**
 * Dates as people here write them, dd-mm-yyyy, whatever the browser's locale (decision 0038). The
 * forms and the API keep ISO dates (yyyy-mm-dd); these turn one into the other and shape what is
 * typed: digits only, the dashes put in, a day or month typed with one digit and a separator padded.
 */

const LIMITS = [2, 2, 4] as const;

/**
 * What a date field shows while typing: "01122026" -> "01-12-2026", "1/12/2026" -> "01-12-2026",
 * "2026-12-01" (ISO, pasted or filled) -> "01-12-2026". No dash is added after the last part typed,
 * so Backspace goes back through the text.
 */
export function maskDateText(raw: string): string {
  const iso = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(raw);
  if (iso) return `${iso[3]!.padStart(2, '0')}-${iso[2]!.padStart(2, '0')}-${iso[1]}`;
  const parts = ['', '', ''];
  let part = 0;
  for (const ch of raw) {
    if (/[0-9]/.test(ch)) {
      if (parts[part]!.length === LIMITS[part]) {
        if (part === 2) break;
        part += 1;
      }
      parts[part] += ch;
    } else if (/[-/.\s]/.test(ch) && part < 2 && parts[part] !== '') {
      // A separator closes the day or month: one digit becomes two ("1-" -> "01").
      parts[part] = parts[part]!.padStart(2, '0');
      part += 1;
    }
  }
  return parts.filter((p) => p !== '').join('-');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO date (yyyy-mm-dd) of a dd-mm-yyyy text (or an ISO one), or null when it is not a real date. */
export function parseDateText(text: string): string | null {
  const masked = maskDateText(text);
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(masked);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** dd-mm-yyyy of an ISO date (yyyy-mm-dd, a time after it is ignored); '' for '' and null for anything else. */
export function isoToDateText(iso: string): string | null {
  if (iso === '') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  if (!m) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}
