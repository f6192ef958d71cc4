/** Indian mobile numbers: exactly 10 digits on the wire, shown with the +91 prefix. */
export const PHONE_PATTERN = '^[0-9]{10}$';
export const OTP_PATTERN = '^[A-Za-z0-9]{6}$';
export const OTP_LENGTH = 6;

/** A vendor's alternate phone as stored: a 10-digit mobile, or a landline with its STD code (0 then 9 or 10 digits). */
export const ALT_PHONE_PATTERN = '^([0-9]{10}|0[0-9]{9,10})?$';

/** What the vendor form and the vendors service say about an alternate phone that is neither a mobile nor a landline. */
export const ALT_PHONE_MESSAGE =
  'Enter a valid 10-digit mobile number or a landline number with its STD code.';

/** Characters a phone number may be typed or pasted with: digits, a leading +, spaces, dashes, dots, brackets. */
const PHONE_TEXT = /^\(?\+?[0-9\s\-.()]*$/;
/** Written with a country code: a leading + (perhaps in brackets, "(+91)"). */
const WITH_PLUS = /^\(?\+/;
/** How long a typed phone number may be (room for "+91 (98765) 43210" and the like). */
export const PHONE_INPUT_MAX = 20;

/**
 * Keep what a phone field may hold while typing (digits, +, spaces, dashes, dots, brackets) and
 * nothing is cut to fit: a pasted "+91-98765 43210" stays whole until it is normalised.
 */
export function sanitizePhoneInput(raw: string): string {
  return raw.replace(/[^0-9+\s\-.()]+/g, '').slice(0, PHONE_INPUT_MAX);
}

/** The national digits of a typed number (country code +91 taken off), or null when it holds anything else. */
function nationalDigits(raw: string): { digits: string; country: boolean } | null {
  const text = raw.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const digits = text.replace(/\D+/g, '');
  if (WITH_PLUS.test(text))
    return digits.startsWith('91') ? { digits: digits.slice(2), country: true } : null;
  if (digits.length === 12 && digits.startsWith('91')) return { digits: digits.slice(2), country: true };
  return { digits, country: false };
}

/**
 * The 10-digit mobile number in a typed or pasted one, or null when it is not one. Spaces, dashes,
 * dots and brackets go; a leading +91 (or 91 before 10 digits) and a leading 0 (before 10 digits)
 * are taken off. Nothing else is changed: a number that is not 10 digits after that is refused,
 * never cut. "+91-98765 43210", "+91 98765 43210", "098765 43210", "91 9876543210" -> "9876543210".
 */
export function normalizeMobile(raw: string): string | null {
  const n = nationalDigits(raw);
  if (!n) return null;
  let digits = n.digits;
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[0-9]{10}$/.test(digits) ? digits : null;
}

export type AltPhone = { kind: 'mobile' | 'landline'; value: string };

/**
 * A vendor's alternate phone: a mobile (as normalizeMobile) or a landline with its STD code
 * ("020-2567 8901", "022 2345 6789", "+91 20 2567 8901"), stored as its digits with the leading 0
 * ("02025678901"). '' stays '' (none); null when it is neither.
 */
export function normalizeAltPhone(raw: string): AltPhone | null {
  if (raw.trim() === '') return { kind: 'mobile', value: '' };
  const n = nationalDigits(raw);
  if (!n) return null;
  const d = n.digits;
  // 0 followed by a mobile's first digit (6-9) and 10 digits in all: a mobile dialled with a trunk 0.
  if (/^0[6-9][0-9]{9}$/.test(d)) return { kind: 'mobile', value: d.slice(1) };
  if (/^0[1-9][0-9]{8,9}$/.test(d)) return { kind: 'landline', value: d };
  if (/^[0-9]{10}$/.test(d)) {
    // After +91, a number not starting like a mobile is a landline written without its trunk 0.
    if (n.country && !/^[6-9]/.test(d)) return { kind: 'landline', value: `0${d}` };
    return { kind: 'mobile', value: d };
  }
  if (n.country && /^[1-9][0-9]{9}$/.test(d)) return { kind: 'landline', value: `0${d}` };
  return null;
}

/** How many digits a mobile field takes as written: 10, or 12 after a leading + (+91), 11 after a leading 0. */
function digitLimit(text: string): number {
  const t = text.trimStart();
  if (WITH_PLUS.test(t)) return 12;
  if (/^\(?0/.test(t)) return 11;
  return 10;
}

/** `text` up to its `limit`-th digit: digits past it (and anything after them) are not kept. */
function keepDigits(text: string, limit: number): string {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (!/[0-9]/.test(text[i]!)) continue;
    seen += 1;
    if (seen > limit) return text.slice(0, i).trimEnd();
  }
  return text;
}

/**
 * A mobile number field while typing: what it may hold, and as soon as that is a mobile number in
 * any accepted form (a paste of "+91-98765 43210"), its 10 digits. Ten digits at most: a digit typed
 * past the tenth is not kept (past the twelfth after +91, the eleventh after a leading 0), but only
 * after a paste has had its chance to become a mobile, so "+91 98765 43210" and "098765 43210" still
 * become "9876543210" and are never cut to their first ten digits (decisions 0010, 0039).
 */
export function typedMobile(raw: string): string {
  const kept = sanitizePhoneInput(raw);
  const whole = normalizeMobile(kept);
  if (whole) return whole;
  const cut = keepDigits(kept, digitLimit(kept));
  return normalizeMobile(cut) ?? cut;
}

/**
 * What a mobile field still lacks, in a few words for under the field (Send OTP and Save stay
 * refused until it is complete), or null when it holds a mobile number. "Enter 3 more digits".
 */
export function mobileHint(value: string): string | null {
  if (normalizeMobile(value)) return null;
  const n = nationalDigits(value);
  if (!n) return 'Enter a valid 10-digit mobile number';
  const digits = n.digits;
  if (digits.length === 0) return 'Enter your 10-digit mobile number';
  if (digits.length >= 10) return 'Enter a valid 10-digit mobile number';
  const missing = 10 - digits.length;
  return `Enter ${missing} more ${missing === 1 ? 'digit' : 'digits'}`;
}

export function isValidPhone(value: string): boolean {
  return /^[0-9]{10}$/.test(value);
}

/** A stored mobile as "+91 9876543210"; a landline (leading 0) as stored, without a country code. */
export function formatPhone(phoneNumber: string): string {
  if (!phoneNumber) return '';
  return phoneNumber.startsWith('0') ? phoneNumber : `+91 ${phoneNumber}`;
}

/**
 * The digits to look for when a search keyword is a phone number typed the way lists show it
 * ("+91 98765 43210", "98765 43210", "+919876543210"), or null when the keyword is not one.
 */
export function phoneSearchDigits(keyword: string): string | null {
  const text = keyword.trim();
  if (!/[0-9]/.test(text) || !PHONE_TEXT.test(text)) return null;
  let digits = text.replace(/\D+/g, '');
  if (/^\(?\+91/.test(text) || (digits.length === 12 && digits.startsWith('91'))) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits === '' ? null : digits;
}

/** Keep letters and digits only and at most 6 of them, as the code entry does. */
export function sanitizeOtpInput(raw: string): string {
  return raw
    .replace(/[^A-Za-z0-9]+/g, '')
    .slice(0, OTP_LENGTH)
    .toUpperCase();
}
