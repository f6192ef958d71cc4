import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startAuth, type AuthHarness } from './helpers.js';

// Limits that hold (issue 8, point 3): sign-in limits are atomic, and verifying a code answers a
// stranger's number exactly as a member's, lockout included.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const STRANGER = '9876500001';
let h: AuthHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  h!.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('verifying a code for a stranger', () => {
  it('answers every try exactly as for a member, and locks the number out after the same tries', async () => {
    h = await startAuth();
    const answers = async (phoneNumber: string) => {
      expect((await post('/auth/sendOtp', { phoneNumber })).statusCode).toBe(200);
      const out: Array<[number, string]> = [];
      // 'ZZZZZZ' is the member's real code once in 36^6 runs; then this member answer differs.
      for (let i = 0; i < 6; i++) {
        const res = await post('/auth/verifyOtp', { phoneNumber, otp: 'ZZZZZZ' });
        out.push([res.statusCode, res.json().message]);
      }
      return out;
    };
    const member = await answers(ADMIN);
    const stranger = await answers(STRANGER);
    expect(stranger).toEqual(member);
    expect(stranger.map(([status]) => status)).toEqual([401, 401, 401, 401, 429, 401]);
    expect(stranger[4]![1]).toBe('Too many wrong attempts. Please request a new OTP.');
    expect(h.sent.map((s) => s.phoneNumber)).toEqual([ADMIN]);
  });

  it('answers a number that asked for no code as a member who asked for none', async () => {
    h = await startAuth();
    const member = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: 'ABC123' });
    const stranger = await post('/auth/verifyOtp', { phoneNumber: STRANGER, otp: 'ABC123' });
    expect([stranger.statusCode, stranger.json()]).toEqual([member.statusCode, member.json()]);
    expect(stranger.statusCode).toBe(401);
  });
});

describe('code requests at the same moment (PostgreSQL, parallel connections)', () => {
  it.skipIf(!onPostgres)('let at most the per-number limit through when 20 arrive together', async () => {
    h = await startAuth({ OTP_MAX_PER_NUMBER_PER_HOUR: '5' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/sendOtp', { phoneNumber: ADMIN })),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(5);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(15);
    const stored = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.otp_requests WHERE phone_number = $1`,
      [ADMIN],
    );
    expect(stored.rows[0]!.n).toBe(5);
    expect(h.sent.length).toBe(5);
  });

  it.skipIf(!onPostgres)(
    'let at most the per-address limit through when 20 numbers are asked for together from one address',
    async () => {
      h = await startAuth({ OTP_MAX_PER_IP_PER_HOUR: '5' });
      const numbers = Array.from({ length: 20 }, (_, i) => `98765${String(i).padStart(5, '0')}`);
      const results = await Promise.all(
        numbers.map((phoneNumber) => post('/auth/sendOtp', { phoneNumber }, '203.0.113.9')),
      );
      expect(results.filter((r) => r.statusCode === 200).length).toBe(5);
      const stored = await h.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM auth.otp_requests WHERE ip = '203.0.113.9'`,
      );
      expect(stored.rows[0]!.n).toBe(5);
    },
  );

  it.skipIf(!onPostgres)('send at most one code inside the resend wait when 20 arrive together', async () => {
    h = await startAuth({ OTP_RESEND_SECONDS: '30' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/sendOtp', { phoneNumber: ADMIN })),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBe(1);
    expect(h.sent.length).toBe(1);
  });
});
