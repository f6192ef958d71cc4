import { describe, expect, it } from 'vitest';
import { indiaDay, isRealDay, monthsBefore, rangeStart } from './dates.js';

describe('days as the ledger counts them (India)', () => {
  it('names the Indian day of an instant, whatever the server zone: 18:30 UTC is already the next day', () => {
    expect(indiaDay(Date.parse('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(indiaDay(Date.parse('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(indiaDay(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });

  it('takes only real calendar days written YYYY-MM-DD from the year 2000', () => {
    expect(isRealDay('2026-02-28')).toBe(true);
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-02-30')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
    expect(isRealDay('2026-4-01')).toBe(false);
    expect(isRealDay('01-04-2026')).toBe(false);
    expect(isRealDay('1999-12-31')).toBe(false);
    expect(isRealDay('2000-01-01')).toBe(true);
  });

  it('moves back whole months, to the month’s last day when the day is past its end', () => {
    expect(monthsBefore('2026-06-15', 1)).toBe('2026-05-15');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2026-01-31', 3)).toBe('2025-10-31');
    expect(monthsBefore('2026-02-15', 12)).toBe('2025-02-15');
  });

  it('starts each range the same day one, three, six or twelve months before today; all has no start', () => {
    const today = '2026-06-15';
    expect(rangeStart('lastMonth', today)).toBe('2026-05-15');
    expect(rangeStart('3months', today)).toBe('2026-03-15');
    expect(rangeStart('6months', today)).toBe('2025-12-15');
    expect(rangeStart('year', today)).toBe('2025-06-15');
    expect(rangeStart(undefined, today)).toBeNull();
  });
});
