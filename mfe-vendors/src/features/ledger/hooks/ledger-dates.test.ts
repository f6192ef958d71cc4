import { describe, expect, it } from 'vitest';
import {
  financialYearStart,
  indiaToday,
  isDay,
  monthsBefore,
  statementPeriod,
  statementProblem,
} from './ledger-dates';

describe('today in India', () => {
  it('is the Indian date, whatever the clock zone: 20:00 UTC is already tomorrow in Pune', () => {
    expect(indiaToday(new Date('2026-11-24T20:00:00.000Z'))).toBe('2026-11-25');
    expect(indiaToday(new Date('2026-11-24T18:29:59.000Z'))).toBe('2026-11-24');
    expect(indiaToday(new Date('2026-11-24T18:30:00.000Z'))).toBe('2026-11-25');
  });
});

describe('days', () => {
  it.each(['2026-11-24', '2028-02-29'])('%s is a day', (d) => expect(isDay(d)).toBe(true));
  it.each(['2026-02-30', '2026-13-01', '24-11-2026', '', '2026-1-1'])('%s is not', (d) =>
    expect(isDay(d)).toBe(false),
  );
});

describe('the Indian financial year (1 April to 31 March)', () => {
  it.each([
    ['2026-11-24', '2026-04-01'],
    ['2026-04-01', '2026-04-01'],
    ['2026-03-31', '2025-04-01'],
    ['2027-01-15', '2026-04-01'],
  ])('%s is in the year from %s', (day, start) => expect(financialYearStart(day)).toBe(start));
});

describe('months before a day', () => {
  it('keeps the date, or the month’s last day', () => {
    expect(monthsBefore('2026-11-24', 3)).toBe('2026-08-24');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-02-15', 3)).toBe('2025-11-15');
  });
});

describe('the statement period', () => {
  it('is this financial year by default, or the last 3 months, up to today', () => {
    expect(statementPeriod('financialYear', '2026-11-24')).toEqual({ from: '2026-04-01', to: '2026-11-24' });
    expect(statementPeriod('last3Months', '2026-11-24')).toEqual({ from: '2026-08-24', to: '2026-11-24' });
  });

  it('refuses dates that are not days, or From after To', () => {
    expect(statementProblem('2026-04-01', '2026-11-24')).toBeNull();
    expect(statementProblem('2026-11-24', '2026-11-24')).toBeNull();
    expect(statementProblem('', '2026-11-24')).toBe('Please choose a valid date');
    expect(statementProblem('2026-11-25', '2026-11-24')).toBe('The From date cannot be after the To date');
  });
});
