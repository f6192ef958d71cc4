/**
 * The demo business for the gateway's tests, made as `npm start` makes it: through the public API
 * (scripts/demo-seed), here over Fastify's inject instead of a socket. The system under test starts
 * its auth service with DEMO_ADMIN_ENV, so its first Admin is the demo Admin.
 */
import type { FastifyInstance } from 'fastify';
import type { SmsSender } from '@erp/auth-service';
import { apiClient } from '../../scripts/demo-seed/api.mjs';
import { DEMO_PHONES, seedDemo, seedTeam } from '../../scripts/demo-seed/seed.mjs';
import { demoAdminEnv } from '../../scripts/demo-seed/start.mjs';

export { DEMO_PHONES };
export const DEMO_ADMIN_ENV = demoAdminEnv({});

/** The auth service's settings for a test that signs the demo members in many times: no waits or limits on codes. */
export const DEMO_AUTH_ENV = {
  OTP_RESEND_SECONDS: '0',
  OTP_SECRET: 'p'.repeat(40),
  OTP_MAX_PER_NUMBER_PER_HOUR: '1000',
  OTP_MAX_PER_IP_PER_HOUR: '1000',
  ...DEMO_ADMIN_ENV,
};

/**
 * fetch over `app.inject`, from loopback addresses (the dev SMS outbox answers only there) other
 * than 127.0.0.1, the one inject uses by default, and a new one for each call: the seed's calls
 * count against none of the per-address limits a test then measures (some allow only four calls a
 * minute).
 */
export function injectFetch(app: FastifyInstance) {
  let calls = 0;
  return async (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) => {
    const u = new URL(url);
    calls++;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { payload: init.body as string }),
      remoteAddress: `127.0.${1 + Math.floor(calls / 250)}.${2 + (calls % 250)}`,
    });
    return { ok: res.statusCode < 400, status: res.statusCode, text: async () => res.body };
  };
}

/**
 * An SMS sender for tests that keeps what it sends: `codes`, the last code sent to each number, and
 * the development outbox (`sent`, newest first) that the demo seed signs in with, as under `npm start`.
 */
export function keptSms(): { sms: SmsSender; codes: Map<string, string> } {
  const codes = new Map<string, string>();
  const outbox = new Map<
    string,
    Array<{ phoneNumber: string; code: string; text: string; sentAt: string }>
  >();
  const sms: SmsSender = {
    async send(phoneNumber, text, code) {
      codes.set(phoneNumber, code);
      const earlier = outbox.get(phoneNumber) ?? [];
      outbox.set(
        phoneNumber,
        [{ phoneNumber, code, text, sentAt: new Date().toISOString() }, ...earlier].slice(0, 20),
      );
    },
    sent: (phoneNumber) => [...(outbox.get(phoneNumber) ?? [])],
  };
  return { sms, codes };
}

/**
 * Sign in through the real calls (send a code, verify it) with the code `codes` kept; the headers
 * that carry the session. An error unless it is signed in.
 */
export async function signInWithCode(
  app: FastifyInstance,
  codes: Map<string, string>,
  phoneNumber: string,
): Promise<{ authorization: string }> {
  await app.inject({ method: 'POST', url: '/auth/sendOtp', payload: { phoneNumber } });
  const res = await app.inject({
    method: 'POST',
    url: '/auth/verifyOtp',
    payload: { phoneNumber, otp: codes.get(phoneNumber) },
  });
  if (res.statusCode !== 200) throw new Error(`verifyOtp ${phoneNumber}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

const BASE = 'http://127.0.0.1';

/** The demo team only: the four members of the four roles, signed in (`prefix`: where the app serves the API). */
export async function seedDemoTeam(app: FastifyInstance, prefix = '/api/v1') {
  const api = apiClient(BASE, { fetchFn: injectFetch(app), prefix });
  return seedTeam(api, await api.signIn(DEMO_PHONES.Admin));
}

/** The whole demo business, as `npm start` seeds it (`prefix`: where the app serves the API). */
export async function seedDemoBusiness(app: FastifyInstance, prefix = '/api/v1') {
  return seedDemo(BASE, { fetchFn: injectFetch(app), prefix });
}
