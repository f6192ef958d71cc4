/**
 * Days as the ledger forms use them: YYYY-MM-DD in India (a payment made at 1 am in Pune is dated
 * that day, whatever the browser's clock zone), the Indian financial year (1 April to 31 March) and
 * the statement's preset periods. Plain functions over an injectable `now`.
 */

/** India's offset from UTC (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** Today in India as YYYY-MM-DD. */
export function indiaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The first day (1 April) of the Indian financial year holding `day`: '2026-11-24' -> '2026-04-01', '2027-02-10' -> '2026-04-01'. */
export function financialYearStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${m >= 4 ? y : y - 1}-04-01`;
}

/** The day `months` months before `day`, on the same date or the month's last ('2026-05-31' less 3 months -> '2026-02-28'). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export type StatementPeriod = 'financialYear' | 'last3Months' | 'custom';

/** The statement's preset periods, ending today: this financial year (the default) or the last 3 months. */
export function statementPeriod(
  period: Exclude<StatementPeriod, 'custom'>,
  today: string,
): { from: string; to: string } {
  return period === 'financialYear'
    ? { from: financialYearStart(today), to: today }
    : { from: monthsBefore(today, 3), to: today };
}

/** What is wrong with a statement's dates, or null: both real days, From not after To. */
export function statementProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return 'Please choose a valid date';
  if (from > to) return 'The From date cannot be after the To date';
  return null;
}
