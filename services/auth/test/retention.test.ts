import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, startAuth, type AuthHarness } from './helpers.js';

// Sign-in tables do not grow forever (issue 8, point 6): used codes, code requests and ended
// sessions go after their retention; live ones stay.

let h: AuthHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const count = async (table: string) =>
  (await h!.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.${table}`)).rows[0]!.n;

describe('pruning sign-in data', () => {
  it('removes codes, requests and sessions past their retention, and keeps live ones working', async () => {
    h = await startAuth({ SIGN_IN_RETENTION_DAYS: '7', SESSION_RETENTION_DAYS: '30' });
    // Old history: a used code and its request, a signed-out session and an expired one.
    const old = await h.signIn(ADMIN);
    await h.app.inject({ method: 'POST', url: '/auth/logout', headers: h.as(old) });
    await h.signIn('9000000002');
    await h.db.query(
      `UPDATE auth.otp_codes SET created_at = now() - interval '9 days', consumed_at = now() - interval '9 days', expires_at = now() - interval '9 days'`,
    );
    await h.db.query(`UPDATE auth.otp_requests SET requested_at = now() - interval '9 days'`);
    await h.db.query(
      `UPDATE auth.sessions SET revoked_at = now() - interval '31 days' WHERE revoked_at IS NOT NULL`,
    );
    await h.db.query(
      `UPDATE auth.sessions SET expires_at = now() - interval '31 days' WHERE revoked_at IS NULL`,
    );
    // Recent ones: a signed-in member, a pending code, an ended session still inside its retention.
    const live = await h.signIn('9000000003');
    await h.app.inject({ method: 'POST', url: '/auth/sendOtp', payload: { phoneNumber: ADMIN } });
    const recentlyEnded = await h.signIn('9000000004');
    await h.app.inject({ method: 'POST', url: '/auth/logout', headers: h.as(recentlyEnded) });
    expect(await count('sessions')).toBe(4);
    expect(await count('otp_codes')).toBe(5);

    for (const r of h.runtimes) await r.prune();

    expect(await count('sessions')).toBe(2);
    expect(await count('otp_codes')).toBe(3);
    expect(await count('otp_requests')).toBe(3);
    expect((await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(live) })).statusCode).toBe(
      200,
    );
    // The pending code still signs in.
    const otp = h.lastCode(ADMIN)!;
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/verifyOtp', payload: { phoneNumber: ADMIN, otp } }))
        .statusCode,
    ).toBe(200);
  });
});
