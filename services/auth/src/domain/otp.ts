import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits without the look-alikes 0/O and 1/I, so a code read off an SMS is typed right. */
export const OTP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateCode(length = 6, pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < length; i++) code += OTP_ALPHABET[pick(OTP_ALPHABET.length)];
  return code;
}

/** Codes are stored only as this HMAC; codes compare case-insensitively. */
export function hashCode(secret: string, phoneNumber: string, code: string): string {
  return createHmac('sha256', secret).update(`${phoneNumber}:${code.toUpperCase()}`).digest('hex');
}

export function codeMatches(secret: string, phoneNumber: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(secret, phoneNumber, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface OtpRecord {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

export type CheckResult = 'ok' | 'expired' | 'used' | 'too-many-attempts' | 'mismatch';

/**
 * Judge one try. `attempts` already counts this try (it is incremented atomically before checking),
 * so the fifth wrong try is still a mismatch and the sixth is refused whatever the code.
 */
export function checkCode(
  secret: string,
  phoneNumber: string,
  code: string,
  record: OtpRecord,
  now: Date,
  maxAttempts: number,
): CheckResult {
  if (record.consumedAt) return 'used';
  if (record.attempts > maxAttempts) return 'too-many-attempts';
  if (record.expiresAt.getTime() <= now.getTime()) return 'expired';
  return codeMatches(secret, phoneNumber, code, record.codeHash) ? 'ok' : 'mismatch';
}

export function smsText(code: string, ttlMinutes: number): string {
  return `${code} is your ERP sign-in code. It is valid for ${ttlMinutes} minutes. Do not share it with anyone.`;
}
