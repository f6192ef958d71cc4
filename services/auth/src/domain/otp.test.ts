import { describe, expect, it } from 'vitest';
import { checkCode, generateCode, hashCode, OTP_ALPHABET, smsText } from './otp.js';

const secret = 'unit-test-secret';
const phone = '9000000001';

describe('one-time codes', () => {
  it('are 6 characters of letters and digits without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      expect(code).not.toMatch(/[01OI]/);
    }
    expect(OTP_ALPHABET).toHaveLength(32);
  });

  it('use every position of the alphabet (random source is used per character)', () => {
    let i = 0;
    expect(generateCode(6, () => i++)).toBe('ABCDEF');
  });

  it('are stored as an HMAC that depends on secret, number and code, not the code itself', () => {
    const h = hashCode(secret, phone, 'AB12CD');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('AB12CD');
    expect(hashCode('other-secret', phone, 'AB12CD')).not.toBe(h);
    expect(hashCode(secret, '9000000002', 'AB12CD')).not.toBe(h);
    expect(hashCode(secret, phone, 'ab12cd')).toBe(h);
  });

  const record = (over: Partial<Parameters<typeof checkCode>[3]> = {}) => ({
    codeHash: hashCode(secret, phone, 'XY34ZW'),
    expiresAt: new Date('2026-01-01T10:05:00Z'),
    attempts: 1,
    consumedAt: null,
    ...over,
  });
  const now = new Date('2026-01-01T10:00:00Z');

  it('accept the right code within 5 minutes, case-insensitively', () => {
    expect(checkCode(secret, phone, 'XY34ZW', record(), now, 5)).toBe('ok');
    expect(checkCode(secret, phone, 'xy34zw', record(), now, 5)).toBe('ok');
  });

  it('refuse a wrong, expired or used code', () => {
    expect(checkCode(secret, phone, 'XY34ZX', record(), now, 5)).toBe('mismatch');
    expect(checkCode(secret, phone, 'XY34ZW', record(), new Date('2026-01-01T10:05:00Z'), 5)).toBe('expired');
    expect(checkCode(secret, phone, 'XY34ZW', record({ consumedAt: now }), now, 5)).toBe('used');
  });

  it('allow 5 tries and refuse the sixth even with the right code', () => {
    expect(checkCode(secret, phone, 'XY34ZW', record({ attempts: 5 }), now, 5)).toBe('ok');
    expect(checkCode(secret, phone, 'XY34ZW', record({ attempts: 6 }), now, 5)).toBe('too-many-attempts');
  });

  it('are sent in a message that says how long they last', () => {
    expect(smsText('XY34ZW', 5)).toBe(
      'XY34ZW is your ERP sign-in code. It is valid for 5 minutes. Do not share it with anyone.',
    );
  });
});
