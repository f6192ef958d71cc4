/**
 * Days as the ledger counts them: calendar days in India (IST, UTC+05:30, no daylight saving), as
 * YYYY-MM-DD text. A payment dated "today" by an accountant in Pune at 00:30 is that Indian day,
 * whatever the server's clock zone.
 */
import type { LedgerRange } from '@erp/contracts';

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian day of an instant (now by default). */
export function indiaDay(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not), from year 2000 to 9999. */
export function isRealDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text && text >= '2000-01-01';
}

/** `day` moved back `months` calendar months, the day of month kept or, past the month's end, its last day (31 Mar - 1 = 28/29 Feb). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The first day a range shows, or null for all (SPEC §9 "all, last month, 3 months, 6 months,
 * year"): since the same day one, three, six or twelve months before today, today included
 * (decision 0025). On 15 Jun: lastMonth from 15 May, 3months from 15 Mar, year from 15 Jun last year.
 */
export function rangeStart(range: LedgerRange | undefined, today: string = indiaDay()): string | null {
  switch (range) {
    case 'lastMonth':
      return monthsBefore(today, 1);
    case '3months':
      return monthsBefore(today, 3);
    case '6months':
      return monthsBefore(today, 6);
    case 'year':
      return monthsBefore(today, 12);
    default:
      return null;
  }
}
