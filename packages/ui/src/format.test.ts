import { describe, expect, it } from 'vitest';
import { formatDate, formatINR, formatRelative } from './format';

describe('formatINR', () => {
  it('groups rupees the Indian way with two decimals', () => {
    expect(formatINR(1234567)).toBe('₹12,34,567.00');
  });
  it('drops decimals when asked (ledgers)', () => {
    expect(formatINR(1234567.89, 0)).toBe('₹12,34,568');
  });
});

describe('formatDate', () => {
  it('writes day-month-year with dashes', () => {
    expect(formatDate(new Date(2025, 10, 3))).toBe('03-11-2025');
  });
  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatRelative', () => {
  it('says how long ago', () => {
    const now = Date.UTC(2025, 0, 10, 12);
    expect(formatRelative(new Date(now - 3 * 24 * 3600 * 1000), now)).toBe('3 days ago');
    expect(formatRelative(new Date(now - 2 * 3600 * 1000), now)).toBe('2 hours ago');
  });
});
