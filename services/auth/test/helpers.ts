import { createTestHarness, type TestHarness } from '@erp/service-kit/testing';
import type { KitConfig } from '@erp/service-kit';
import { expect } from 'vitest';
import { authService, type SmsSender } from '../src/app.js';
import { addTeam, TEAM_ADMIN_ENV } from './team-fixture.js';

export { ACCOUNTANT, ADMIN, EMPLOYEE, PURCHASER } from './team-fixture.js';

export interface AuthHarness extends TestHarness {
  sent: Array<{ phoneNumber: string; text: string; code: string }>;
  lastCode(phoneNumber: string): string | undefined;
  signIn(phoneNumber: string): Promise<string>;
  as(token: string): { authorization: string };
}

/**
 * The auth service on a fresh database with the test team (team-fixture.ts), an SMS sender that
 * keeps what it sent.
 */
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
          ...TEAM_ADMIN_ENV,
          ...env,
        },
        sms,
      }),
    ],
    kit,
  );
  await addTeam(h);
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
