import { describe, expect, it } from 'vitest';
import { checkAddressRequests, checkNumberRequests, tryOutcome } from './sign-in-limits.js';

const limits = { otpResendSeconds: 30, otpMaxPerNumberPerHour: 5, otpMaxPerIpPerHour: 20 };
const now = Date.parse('2026-11-29T10:00:00Z');

describe('code requests', () => {
  it('makes a number wait out the resend interval, naming the seconds left (rounded up)', () => {
    const last = new Date(now - 10_500);
    expect(() => checkNumberRequests({ n: 1, last }, now, limits)).toThrow(
      expect.objectContaining({
        statusCode: 429,
        message: 'Please wait 20 seconds before requesting another OTP',
      }),
    );
    expect(() => checkNumberRequests({ n: 1, last: new Date(now - 30_000) }, now, limits)).not.toThrow();
    expect(() => checkNumberRequests({ n: 0, last: null }, now, limits)).not.toThrow();
  });

  it('refuses a number its sixth request in an hour and an address its twenty-first', () => {
    expect(() => checkNumberRequests({ n: 4, last: new Date(now - 60_000) }, now, limits)).not.toThrow();
    expect(() => checkNumberRequests({ n: 5, last: new Date(now - 60_000) }, now, limits)).toThrow(
      'Too many OTP requests for this number. Please try again in an hour.',
    );
    expect(() => checkAddressRequests(19, limits)).not.toThrow();
    expect(() => checkAddressRequests(20, limits)).toThrow('Too many OTP requests. Please try again later.');
  });
});

describe('tryOutcome', () => {
  it('locks the code on the last allowed wrong try and after too many, and tells the rest apart', () => {
    expect(tryOutcome('ok', 5, 5)).toBe('ok');
    expect(tryOutcome('mismatch', 4, 5)).toBe('invalid');
    expect(tryOutcome('mismatch', 5, 5)).toBe('lock');
    expect(tryOutcome('too-many-attempts', 6, 5)).toBe('lock');
    expect(tryOutcome('expired', 1, 5)).toBe('invalid');
    expect(tryOutcome('used', 1, 5)).toBe('invalid');
  });
});
