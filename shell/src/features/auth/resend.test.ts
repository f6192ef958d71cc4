import { ApiError } from '@erp/sdk';
import { describe, expect, it } from 'vitest';
import { resendLabel, resendWaitFrom, secondsLeft } from './resend';

describe('asking for a second code inside the cool-down', () => {
  it('counts down from the wait the service answers with its 429', () => {
    expect(resendWaitFrom(new ApiError(429, 'Please wait 27 seconds before requesting another OTP'))).toBe(
      27,
    );
    expect(resendWaitFrom(new ApiError(429, 'Please wait 1 seconds before requesting another OTP'))).toBe(1);
  });

  it('has no countdown for other refusals (they are shown as they are)', () => {
    expect(
      resendWaitFrom(
        new ApiError(429, 'Too many OTP requests for this number. Please try again in an hour.'),
      ),
    ).toBeNull();
    expect(resendWaitFrom(new ApiError(400, 'Enter a valid 10-digit mobile number'))).toBeNull();
    expect(resendWaitFrom(new Error('Please wait 27 seconds before requesting another OTP'))).toBeNull();
  });

  it('says how long is left on the button, then offers the resend', () => {
    const now = 1_000_000;
    expect(resendLabel(secondsLeft(now + 27_000, now))).toBe('Resend OTP in 27s');
    expect(resendLabel(secondsLeft(now + 26_100, now))).toBe('Resend OTP in 27s');
    expect(resendLabel(secondsLeft(now, now))).toBe('Resend OTP');
    expect(resendLabel(secondsLeft(now - 5_000, now))).toBe('Resend OTP');
  });
});
