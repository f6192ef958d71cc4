import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenSigner, generateSigningKey } from '@erp/service-kit';
import { mintToken } from '@erp/service-kit/testing';
import { ADMIN, EMPLOYEE, startAuth, type AuthHarness } from './helpers.js';

let h: AuthHarness;
afterEach(async () => h?.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers,
  });

describe('sending a one-time code', () => {
  beforeEach(async () => {
    h = await startAuth();
  });

  it('answers the same for a member and a stranger, and texts only the member', async () => {
    const member = await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const stranger = await post('/auth/sendOtp', { phoneNumber: '9876543210' });
    expect(member.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(member.json()).toEqual({ message: 'OTP sent successfully' });
    expect(stranger.json()).toEqual(member.json());
    expect(h.sent.map((s) => s.phoneNumber)).toEqual([ADMIN]);
    expect(h.sent[0]!.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(h.sent[0]!.text).toContain(h.sent[0]!.code);
  });

  it('answers a member as fast as a stranger, without waiting for a slow or failing SMS provider', async () => {
    await h.close();
    h = await startAuth({}, {}, { delayMs: 3000, fails: true });
    const started = Date.now();
    const member = await post('/auth/sendOtp', { phoneNumber: ADMIN });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toEqual({ message: 'OTP sent successfully' });
    expect(h.sent.map((s) => s.phoneNumber)).toEqual([ADMIN]);
  });

  it('stores the code only as a hash', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const rows = await h.db.query<{ code_hash: string }>('SELECT code_hash FROM auth.otp_codes');
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.code_hash).not.toContain(h.sent[0]!.code);
  });

  it.each([
    [{ phoneNumber: '90000' }, 'Enter a valid 10-digit mobile number'],
    [{ phoneNumber: '90000000011' }, 'Enter a valid 10-digit mobile number'],
    [{ phoneNumber: '900000000a' }, 'Enter a valid 10-digit mobile number'],
    [{ phoneNumber: 9000000001 }, 'Enter a valid 10-digit mobile number'],
    [{}, 'phoneNumber is required'],
    [{ phoneNumber: ADMIN, extra: 1 }, 'Unknown field: extra'],
  ])('refuses %j with 400 and stores nothing', async (payload, message) => {
    const res = await post('/auth/sendOtp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    const n = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.otp_requests');
    expect(n.rows[0]!.n).toBe(0);
    expect(h.sent).toHaveLength(0);
  });

  it('refuses a body that is not JSON or is too large', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/auth/sendOtp',
      payload: '{"phoneNumber":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Request body is not valid JSON');
    const big = await h.app.inject({
      method: 'POST',
      url: '/auth/sendOtp',
      payload: JSON.stringify({ phoneNumber: ADMIN, pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request is too large' });
  });
});

describe('code request limits', () => {
  it('asks to wait before a second code for the same number, member or not', async () => {
    h = await startAuth({ OTP_RESEND_SECONDS: '30' });
    for (const phoneNumber of [ADMIN, '9876543210']) {
      expect((await post('/auth/sendOtp', { phoneNumber })).statusCode).toBe(200);
      const again = await post('/auth/sendOtp', { phoneNumber });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting another OTP$/);
      expect(again.headers['retry-after']).toBeDefined();
    }
  });

  it('caps codes per number per hour', async () => {
    h = await startAuth({ OTP_MAX_PER_NUMBER_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++)
      expect((await post('/auth/sendOtp', { phoneNumber: ADMIN })).statusCode).toBe(200);
    const res = await post('/auth/sendOtp', { phoneNumber: ADMIN });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many OTP requests for this number. Please try again in an hour.');
  });

  it('caps codes per address per hour', async () => {
    h = await startAuth({ OTP_MAX_PER_IP_PER_HOUR: '2' });
    expect((await post('/auth/sendOtp', { phoneNumber: '9111111111' })).statusCode).toBe(200);
    expect((await post('/auth/sendOtp', { phoneNumber: '9222222222' })).statusCode).toBe(200);
    const res = await post('/auth/sendOtp', { phoneNumber: '9333333333' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many OTP requests. Please try again later.');
  });
});

describe('verifying the code', () => {
  beforeEach(async () => {
    h = await startAuth();
  });

  it('signs in with the right code and returns the token and the member', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const res = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: h.lastCode(ADMIN)!.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      name: 'Demo Admin',
      phoneNumber: ADMIN,
      role: 'Admin',
      isAdmin: true,
      status: 'active',
    });
    expect(body.user.lastLoginAt).not.toBeNull();
  });

  it("refuses a wrong code with 'Invalid or expired OTP'", async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const wrong = h.lastCode(ADMIN) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const res = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid or expired OTP' });
  });

  it('refuses a code used once already', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const otp = h.lastCode(ADMIN)!;
    expect((await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp })).statusCode).toBe(200);
    const again = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Invalid or expired OTP');
  });

  it('refuses an expired code', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    await h.db.query(`UPDATE auth.otp_codes SET expires_at = now() - interval '1 second'`);
    const res = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: h.lastCode(ADMIN)! });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or expired OTP');
  });

  it('only the newest code works', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const first = h.lastCode(ADMIN)!;
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const res = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: first });
    if (first !== h.lastCode(ADMIN)) expect(res.statusCode).toBe(401);
  });

  it('allows 5 tries; after that the code is dead even when right', async () => {
    await post('/auth/sendOtp', { phoneNumber: ADMIN });
    const otp = h.lastCode(ADMIN)!;
    const wrong = otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 4; i++)
      expect((await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: wrong })).statusCode).toBe(401);
    const fifth = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await post('/auth/verifyOtp', { phoneNumber: ADMIN, otp });
    expect(right.statusCode).toBe(401);
  });

  it.each([
    [{ phoneNumber: ADMIN, otp: '12345' }, 'OTP must be 6 letters or digits'],
    [{ phoneNumber: ADMIN, otp: '12345!' }, 'OTP must be 6 letters or digits'],
    [{ phoneNumber: ADMIN, otp: 123456 }, 'OTP must be 6 letters or digits'],
    [{ phoneNumber: '123', otp: 'ABCDEF' }, 'Enter a valid 10-digit mobile number'],
    [{ phoneNumber: ADMIN }, 'otp is required'],
  ])('refuses malformed %j with 400', async (payload, message) => {
    const res = await post('/auth/verifyOtp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('a stranger never gets a session', async () => {
    await post('/auth/sendOtp', { phoneNumber: '9876543210' });
    const res = await post('/auth/verifyOtp', { phoneNumber: '9876543210', otp: 'ABCDEF' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  beforeEach(async () => {
    h = await startAuth();
  });

  it('GET /auth/me answers with the signed-in member and permissions', async () => {
    const token = await h.signIn(EMPLOYEE);
    const res = await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Sandeep Patil', role: 'Employee', isAdmin: false });
    expect(res.json().user.permissions.modules.indent.subModules.create).toEqual({ read: true, write: true });
  });

  it('refuses the token right after logout', async () => {
    const token = await h.signIn(ADMIN);
    const out = await post('/auth/logout', undefined, h.as(token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    const me = await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await post('/auth/logout', undefined, h.as(token))).statusCode).toBe(401);
    expect((await post('/auth/logout')).statusCode).toBe(401);
  });

  it('announces the ended session to other services', async () => {
    const seen: unknown[] = [];
    await h.bus.subscribe({
      durable: 'test-sessions',
      subjects: ['erp.auth.session_revoked.v1'],
      handler: async (e) => void seen.push(e.data),
    });
    const token = await h.signIn(ADMIN);
    await post('/auth/logout', undefined, h.as(token));
    await h.settle();
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ reason: 'logout' });
  });

  it('refuses a missing, malformed, forged or expired token', async () => {
    const me = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/auth/me', headers });
    expect((await me({})).json()).toEqual({ message: 'Please sign in to continue' });
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    const token = await h.signIn(ADMIN);
    const [head, body] = token.split('.');
    const forged = await createTokenSigner(generateSigningKey()).sign({
      memberId: JSON.parse(Buffer.from(body!, 'base64url').toString()).sub,
      sessionId: JSON.parse(Buffer.from(body!, 'base64url').toString()).sid,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(head).toBeDefined();
    expect((await me(h.as(forged))).statusCode).toBe(401);
    const expired = await mintToken(h, {
      memberId: JSON.parse(Buffer.from(body!, 'base64url').toString()).sub,
      sessionId: JSON.parse(Buffer.from(body!, 'base64url').toString()).sid,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await me(h.as(expired))).statusCode).toBe(401);
  });

  it('an inactive member gets no code and cannot sign in', async () => {
    await post('/auth/sendOtp', { phoneNumber: EMPLOYEE });
    const codeFromBefore = h.lastCode(EMPLOYEE)!;
    await h.db.query(`UPDATE auth.members SET status = 'inactive' WHERE phone_number = $1`, [EMPLOYEE]);
    // A code sent while the member was still active does not open a session.
    const verify = await post('/auth/verifyOtp', { phoneNumber: EMPLOYEE, otp: codeFromBefore });
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toEqual({
      message: 'Your account is inactive. Please contact your administrator.',
    });
    // Asking again answers as for anyone, and texts nothing.
    const res = await post('/auth/sendOtp', { phoneNumber: EMPLOYEE });
    expect(res.statusCode).toBe(200);
    expect(h.sent).toHaveLength(1);
    const sessions = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.sessions');
    expect(sessions.rows[0]!.n).toBe(0);
  });
});

describe('dev SMS outbox', () => {
  it('is not there with a test SMS adapter that keeps nothing', async () => {
    h = await startAuth();
    const res = await h.app.inject({ method: 'GET', url: '/dev/sms?phoneNumber=9000000001' });
    expect(res.statusCode).toBe(404);
  });
});
