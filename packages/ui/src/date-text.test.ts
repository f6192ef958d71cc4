import { describe, expect, it } from 'vitest';
import { isoToDateText, maskDateText, parseDateText } from './date-text';

describe('a date typed as dd-mm-yyyy', () => {
  it('gets its dashes while the digits are typed, one key at a time', () => {
    let field = '';
    const seen: string[] = [];
    for (const key of '01122026') {
      field = maskDateText(field + key);
      seen.push(field);
    }
    expect(seen).toEqual(['0', '01', '01-1', '01-12', '01-12-2', '01-12-20', '01-12-202', '01-12-2026']);
    expect(maskDateText('01-12-20261')).toBe('01-12-2026');
  });

  it('pads a one-digit day or month closed by a separator, and takes / or . for -', () => {
    expect(maskDateText('1/2/2026')).toBe('01-02-2026');
    expect(maskDateText('1.12.2026')).toBe('01-12-2026');
    expect(maskDateText('1-')).toBe('01');
  });

  it('lets Backspace remove the dash (no dash is added after the last part)', () => {
    expect(maskDateText('01-1')).toBe('01-1');
    expect(maskDateText('01-')).toBe('01');
  });

  it('reads an ISO date (pasted, or filled by a test) as the same day', () => {
    expect(maskDateText('2026-12-01')).toBe('01-12-2026');
    expect(parseDateText('2026-12-01')).toBe('2026-12-01');
  });

  it('becomes the ISO date the API takes, day first', () => {
    expect(parseDateText('01-12-2026')).toBe('2026-12-01');
    expect(parseDateText('31-01-2026')).toBe('2026-01-31');
    expect(parseDateText('29-02-2028')).toBe('2028-02-29');
  });

  it('is not a date when incomplete or not on the calendar', () => {
    for (const bad of [
      '',
      '01-12-20',
      '31-02-2026',
      '29-02-2027',
      '00-01-2026',
      '01-13-2026',
      '12/31/2026',
      'tomorrow',
    ])
      expect(parseDateText(bad), bad).toBeNull();
  });

  it('shows an ISO date as dd-mm-yyyy', () => {
    expect(isoToDateText('2026-12-01')).toBe('01-12-2026');
    expect(isoToDateText('2026-12-01T10:00:00.000Z')).toBe('01-12-2026');
    expect(isoToDateText('')).toBe('');
    expect(isoToDateText('01-12-20')).toBeNull();
  });
});
