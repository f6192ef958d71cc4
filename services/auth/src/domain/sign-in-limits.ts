/**
 * The sign-in limits (SPEC §5 "Sign in"): a number waits between code requests and gets only so
 * many an hour, an address only so many an hour, and a code takes only so many wrong tries.
 */
import { tooManyRequests } from '@erp/service-kit';
import type { CheckResult } from './otp.js';

export interface RequestLimits {
  otpResendSeconds: number;
  otpMaxPerNumberPerHour: number;
  otpMaxPerIpPerHour: number;
}

/** Refuses (429, with the seconds to wait) a number's request too soon after its last or past its hourly count. */
export function checkNumberRequests(
  recent: { n: number; last: Date | null },
  now: number,
  limits: RequestLimits,
): void {
  if (recent.last) {
    const wait = limits.otpResendSeconds - (now - recent.last.getTime()) / 1000;
    if (wait > 0)
      throw tooManyRequests(`Please wait ${Math.ceil(wait)} seconds before requesting another OTP`, wait);
  }
  if (recent.n >= limits.otpMaxPerNumberPerHour)
    throw tooManyRequests('Too many OTP requests for this number. Please try again in an hour.', 3600);
}

/** Refuses (429) an address past its hourly count of code requests. */
export function checkAddressRequests(n: number, limits: RequestLimits): void {
  if (n >= limits.otpMaxPerIpPerHour)
    throw tooManyRequests('Too many OTP requests. Please try again later.', 3600);
}

/**
 * What a try at a code leads to: `lock` (the code is used up: too many tries, or this wrong one
 * was the last allowed), `invalid`, or `ok`. `attempts` already counts this try.
 */
export function tryOutcome(
  result: CheckResult,
  attempts: number,
  maxAttempts: number,
): 'ok' | 'invalid' | 'lock' {
  if (result === 'too-many-attempts' || (result === 'mismatch' && attempts >= maxAttempts)) return 'lock';
  return result === 'ok' ? 'ok' : 'invalid';
}
