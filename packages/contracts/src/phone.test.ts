import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  mobileHint,
  normalizeAltPhone,
  normalizeMobile,
  phoneSearchDigits,
  sanitizePhoneInput,
  typedMobile,
} from './phone.js';

describe('a mobile number typed or pasted with a country code or spaces', () => {
  it('keeps the 10-digit mobile, never the first ten digits typed', () => {
    for (const pasted of [
      '+91-98765 43210',
      '+91 98765 43210',
      '098765 43210',
      '91 9876543210',
      '+919876543210',
      '(+91) 98765-43210',
      ' 98765 43210 ',
      '9876543210',
    ])
      expect(normalizeMobile(pasted), pasted).toBe('9876543210');
  });

  it('refuses what is not a mobile instead of changing it', () => {
    for (const bad of [
      '',
      '98765',
      '98765432101',
      '+1 415 555 0100',
      '+92 98765 43210',
      '0098765432100',
      '98765x43210',
      '919876543',
      '12 9876543210',
    ])
      expect(normalizeMobile(bad), bad).toBeNull();
  });

  it('lets the field hold the pasted text whole while typing (no digits cut)', () => {
    expect(sanitizePhoneInput('+91-98765 43210')).toBe('+91-98765 43210');
    expect(sanitizePhoneInput('tel: 98765 43210')).toBe(' 98765 43210');
  });
});

describe("a vendor's alternate phone", () => {
  it('accepts a landline with its STD code, whole, stored as its digits', () => {
    expect(normalizeAltPhone('020-2567 8901')).toEqual({ kind: 'landline', value: '02025678901' });
    expect(normalizeAltPhone('022 2345 6789')).toEqual({ kind: 'landline', value: '02223456789' });
    expect(normalizeAltPhone('0231 265 4321')).toEqual({ kind: 'landline', value: '02312654321' });
    expect(normalizeAltPhone('+91 20 2567 8901')).toEqual({ kind: 'landline', value: '02025678901' });
    expect(normalizeAltPhone('+91 22 2345 6789')).toEqual({ kind: 'landline', value: '02223456789' });
  });

  it('accepts a mobile as the primary number does, and none', () => {
    expect(normalizeAltPhone('+91-98765 43210')).toEqual({ kind: 'mobile', value: '9876543210' });
    expect(normalizeAltPhone('098765 43210')).toEqual({ kind: 'mobile', value: '9876543210' });
    expect(normalizeAltPhone('9822098220')).toEqual({ kind: 'mobile', value: '9822098220' });
    expect(normalizeAltPhone('  ')).toEqual({ kind: 'mobile', value: '' });
  });

  it('refuses anything else', () => {
    for (const bad of ['020-2567', '00 2025678901', '+44 20 7946 0958', 'call 020 2567 8901', '020256789012'])
      expect(normalizeAltPhone(bad), bad).toBeNull();
  });

  it('shows a landline as stored and a mobile with +91', () => {
    expect(formatPhone('02025678901')).toBe('02025678901');
    expect(formatPhone('9876543210')).toBe('+91 9876543210');
    expect(formatPhone('')).toBe('');
  });
});

describe('a search keyword typed the way a list shows a phone number', () => {
  it('becomes the digits of the stored number', () => {
    expect(phoneSearchDigits('+91 98765 43210')).toBe('9876543210');
    expect(phoneSearchDigits('98765 43210')).toBe('9876543210');
    expect(phoneSearchDigits('+919876543210')).toBe('9876543210');
    expect(phoneSearchDigits('+91 98765')).toBe('98765');
    expect(phoneSearchDigits('098765 43210')).toBe('9876543210');
  });

  it('is not a phone search when the keyword has letters or no digits', () => {
    expect(phoneSearchDigits('Rahul')).toBeNull();
    expect(phoneSearchDigits('Site 12')).toBeNull();
    expect(phoneSearchDigits(' - ')).toBeNull();
  });
});

describe('a mobile number field while typing', () => {
  it('turns a pasted number into its 10 digits and leaves a partial one as typed', () => {
    expect(typedMobile('+91-98765 43210')).toBe('9876543210');
    expect(typedMobile('91 9876543210')).toBe('9876543210');
    expect(typedMobile('+91 98765')).toBe('+91 98765');
    expect(typedMobile('9876543210')).toBe('9876543210');
  });

  it('keeps ten digits at most when more are typed', () => {
    expect(typedMobile('98765432101')).toBe('9876543210');
    expect(typedMobile('987654321012')).toBe('9876543210');
    expect(typedMobile('98765 432101')).toBe('9876543210');
    // Typed one key at a time, the field never holds an eleventh digit.
    let field = '';
    for (const key of '987654321012') field = typedMobile(field + key);
    expect(field).toBe('9876543210');
  });

  it('still turns a pasted +91 or trunk-0 number into its ten digits, typed or pasted', () => {
    for (const pasted of [
      '+91 98765 43210',
      '+91-98765-43210',
      '+919876543210',
      '098765 43210',
      '91 9876543210',
      '+91 98765 43210 ext',
    ])
      expect(typedMobile(pasted), pasted).toBe('9876543210');
    for (const written of ['+91 98765 43210', '09876543210']) {
      let field = '';
      for (const key of written) field = typedMobile(field + key);
      expect(field, written).toBe('9876543210');
    }
    // Past the twelfth digit after +91 nothing more is kept.
    expect(typedMobile('+91 98765 4321099')).toBe('9876543210');
  });
});

describe('the hint under a mobile number field', () => {
  it('says how many digits are missing', () => {
    expect(mobileHint('')).toBe('Enter your 10-digit mobile number');
    expect(mobileHint('98765')).toBe('Enter 5 more digits');
    expect(mobileHint('987654321')).toBe('Enter 1 more digit');
    expect(mobileHint('+91 98765 432')).toBe('Enter 2 more digits');
  });

  it('says nothing once the number is complete, and asks for a valid one otherwise', () => {
    expect(mobileHint('9876543210')).toBeNull();
    expect(mobileHint('+1 415 555 0100')).toBe('Enter a valid 10-digit mobile number');
  });
});
