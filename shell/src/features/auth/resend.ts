/**
 * Asking for another sign-in code. The auth service refuses a second code for a number within its
 * resend wait (OTP_RESEND_SECONDS, 30 by default) with 429 'Please wait N seconds before requesting
 * another OTP'; the screen counts down from what it answers and keeps the code entry as it is.
 */
import { ApiError } from '@erp/sdk';

/** The service's default resend wait: the countdown after a code is sent. */
export const RESEND_SECONDS = 30;

/** The seconds the service asks to wait before another code (a 429 in its words), or null for any other answer. */
export function resendWaitFrom(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const match = /Please wait (\d+) seconds? before requesting another OTP/i.exec(error.message);
  return match ? Math.max(1, Number(match[1])) : null;
}

/** Seconds left until `resendAt` (ms since the epoch), whole and rounded up; 0 once it is due. */
export function secondsLeft(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/** The resend button's text: 'Resend OTP in 27s' while waiting, then 'Resend OTP'. */
export function resendLabel(seconds: number): string {
  return seconds > 0 ? `Resend OTP in ${seconds}s` : 'Resend OTP';
}
