import { createTestHarness, type TestHarness } from '@erp/service-kit/testing';
import type { KitConfig } from '@erp/service-kit';
import { expect } from 'vitest';
import { authService, type SmsSender } from '../src/app.js';

export interface AuthHarness extends TestHarness {
  sent: Array<{ phoneNumber: string; text: string; code: string }>;
  lastCode(phoneNumber: string): string | undefined;
  signIn(phoneNumber: string): Promise<string>;
  as(token: string): { authorization: string };
}

export const ADMIN = '9000000001';
export const PURCHASER = '9000000002';
export const ACCOUNTANT = '9000000003';
export const EMPLOYEE = '9000000004';

/** The auth service on a fresh database with the demo team, an SMS sender that keeps what it sent. */
export async function startAuth(
  env: Record<string, string> = {},
  kit: Partial<KitConfig> = {},
  /** An SMS provider that takes this long to answer, and then fails if asked to. */
  provider: { delayMs?: number; fails?: boolean } = {},
): Promise<AuthHarness> {
  const sent: AuthHarness['sent'] = [];
  const sms: SmsSender = {
    async send(phoneNumber, text, code) {
      sent.push({ phoneNumber, text, code });
      if (provider.delayMs) await new Promise((resolve) => setTimeout(resolve, provider.delayMs));
      if (provider.fails) throw new Error('SMS provider answered 503');
    },
  };
  const h = await createTestHarness(
    [
      authService({
        env: {
          OTP_RESEND_SECONDS: '0',
          OTP_MAX_PER_IP_PER_HOUR: '1000',
          OTP_MAX_PER_NUMBER_PER_HOUR: '1000',
          OTP_SECRET: 'x'.repeat(40),
          ...env,
        },
        sms,
      }),
    ],
    { seedDemo: true, ...kit },
  );
  const lastCode = (phone: string) => [...sent].reverse().find((s) => s.phoneNumber === phone)?.code;
  return {
    ...h,
    sent,
    lastCode,
    as: (token) => ({ authorization: `Bearer ${token}` }),
    async signIn(phoneNumber) {
      const send = await h.app.inject({ method: 'POST', url: '/auth/sendOtp', payload: { phoneNumber } });
      expect(send.statusCode).toBe(200);
      const otp = lastCode(phoneNumber);
      expect(otp, `a code was sent to ${phoneNumber}`).toBeDefined();
      const res = await h.app.inject({
        method: 'POST',
        url: '/auth/verifyOtp',
        payload: { phoneNumber, otp },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().token as string;
    },
  };
}
