import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServiceDefinition } from '@erp/service-kit';
import { accessSnapshotRequested } from '@erp/contracts';
import {
  buildEnvelope,
  createLogger,
  createServiceRuntime,
  createTokenSigner,
  generateSigningKey,
  requireAccess,
  SESSION_ENDED,
  SESSION_WAIT_MS,
} from '@erp/service-kit';
import {
  createTestHarness,
  forgedTokens,
  grantAccess,
  mintToken,
  revokeSession,
  startSession,
  type TestHarness,
} from '@erp/service-kit/testing';
import { authService } from '../src/app.js';
import { addTeam, ADMIN, EMPLOYEE, TEAM_ADMIN_ENV } from './team-fixture.js';

/** A service that authorises from the replica: one route that needs items list read. */
const probe: ServiceDefinition = {
  name: 'probe',
  schema: 'probe',
  migrationsDir: fileURLToPath(new URL('./fixtures/no-migrations', import.meta.url)),
  routes: async (app: FastifyInstance) => {
    app.get('/probe/whoami', async (request) => {
      const a = requireAccess(request, 'items', 'list', 'read');
      return { name: a.name, role: a.role };
    });
  },
};

let h: TestHarness;
afterEach(async () => h?.close());

async function tokenFromAuth(phoneNumber: string): Promise<string> {
  await h.app.inject({ method: 'POST', url: '/auth/sendOtp', payload: { phoneNumber } });
  const sms = await h.app.inject({ method: 'GET', url: `/dev/sms?phoneNumber=${phoneNumber}` });
  const otp = sms.json()[0].code;
  return (
    await h.app.inject({ method: 'POST', url: '/auth/verifyOtp', payload: { phoneNumber, otp } })
  ).json().token;
}

describe('services other than auth authorise from a replica of auth’s events', () => {
  it('a new service gets every member through a snapshot and then follows changes', async () => {
    h = await createTestHarness([
      authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'r'.repeat(40), ...TEAM_ADMIN_ENV } }),
      probe,
    ]);
    await addTeam(h);
    await h.settle();
    const admin = await tokenFromAuth(ADMIN);
    const res = await h.app.inject({
      method: 'GET',
      url: '/probe/whoami',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Demo Admin', role: 'Admin' });

    // The Employee has no items access until the Admin grants it; the probe sees the change.
    const emp = await tokenFromAuth(EMPLOYEE);
    const me = (
      await h.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${emp}` } })
    ).json().user;
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/probe/whoami',
          headers: { authorization: `Bearer ${emp}` },
        })
      ).statusCode,
    ).toBe(200);
    await h.app.inject({
      method: 'PATCH',
      url: `/auth/${me._id}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { permissions: { modules: { items: { read: false } } } },
    });
    await h.settle();
    const refused = await h.app.inject({
      method: 'GET',
      url: '/probe/whoami',
      headers: { authorization: `Bearer ${emp}` },
    });
    expect(refused.statusCode).toBe(403);

    // Logging out in auth ends the session in the probe too.
    await h.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${admin}` },
    });
    await h.settle();
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/probe/whoami',
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('test members granted through events are refused once deactivated or signed out', async () => {
    h = await createTestHarness([probe]);
    const p = await grantAccess(h, { role: 'Purchaser', name: 'Priya' });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: p.headers })).json()).toEqual({
      name: 'Priya',
      role: 'Purchaser',
    });
    const acc = await grantAccess(h, { role: 'Accountant', modules: {} });
    expect(
      (await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: acc.headers })).statusCode,
    ).toBe(403);
    await revokeSession(h, p);
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: p.headers })).statusCode).toBe(
      401,
    );
    const e = await grantAccess(h, { role: 'Employee', modules: { items: { read: true } } });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: e.headers })).statusCode).toBe(
      200,
    );
    await grantAccess(h, { role: 'Employee', memberId: e.memberId, status: 'inactive', version: 2 });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: e.headers })).statusCode).toBe(
      401,
    );
  });

  it('an unknown member is refused', async () => {
    h = await createTestHarness([probe]);
    const token = await mintToken(h, {
      memberId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      sessionId: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/probe/whoami',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});

const whoami = (headers: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: '/probe/whoami', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
    exp: number;
  };
const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };

describe('a service other than auth honours only tokens auth signed, for sessions auth started', () => {
  it('refuses with 401 a token signed with the old HS256 secret, a random key under auth’s kid, alg none, or HS256 keyed with the public key', async () => {
    h = await createTestHarness([probe]);
    const p = await grantAccess(h, { role: 'Purchaser', name: 'Priya' });
    expect((await whoami(p.headers)).statusCode).toBe(200);
    const forged = await forgedTokens(h, p);
    expect(Object.keys(forged).length).toBeGreaterThanOrEqual(4);
    for (const [how, token] of Object.entries(forged)) {
      const res = await whoami(bearer(token));
      expect(res.statusCode, how).toBe(401);
      expect(res.json(), how).toEqual({ message: SESSION_ENDED });
    }
  });

  it('refuses a valid token whose session belongs to another member', async () => {
    h = await createTestHarness([probe]);
    const a = await grantAccess(h, { role: 'Purchaser' });
    const b = await grantAccess(h, { role: 'Admin' });
    expect((await whoami(a.headers)).statusCode).toBe(200);
    const swapped = await mintToken(h, { memberId: b.memberId, sessionId: a.sessionId });
    expect((await whoami(bearer(swapped))).statusCode).toBe(401);
    // The real holder is not affected.
    expect((await whoami(a.headers)).statusCode).toBe(200);
  });

  it('refuses a session auth never started (forged claims) after waiting briefly for it', async () => {
    h = await createTestHarness([probe]);
    const ghost = await grantAccess(h, { role: 'Admin', sessionUnknown: true });
    const started = Date.now();
    expect((await whoami(ghost.headers)).statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION_WAIT_MS - 100);
  });

  it('answers a call made right after sign-in once the session_started event arrives, instead of 401', async () => {
    h = await createTestHarness([probe]);
    const fresh = await grantAccess(h, { role: 'Purchaser', name: 'Priya', sessionUnknown: true });
    const call = whoami(fresh.headers);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await startSession(h, fresh);
    const res = await call;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Priya', role: 'Purchaser' });
  });

  it('learns of a sign-in through erp.auth.session_started.v1, written with the session in one transaction', async () => {
    h = await createTestHarness([
      authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'r'.repeat(40), ...TEAM_ADMIN_ENV } }),
      probe,
    ]);
    await addTeam(h);
    await h.settle();
    const token = await tokenFromAuth(ADMIN);
    const { sid, sub } = claimsOf(token);
    const events = await h.db.query<{ data: { sessionId: string; memberId: string; expiresAt: string } }>(
      `SELECT envelope->'data' AS data FROM auth.outbox WHERE subject = 'erp.auth.session_started.v1'`,
    );
    expect(events.rows.map((r) => r.data)).toEqual([
      { sessionId: sid, memberId: sub, expiresAt: expect.any(String) },
    ]);
    const session = await h.db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM auth.sessions WHERE id = $1',
      [sid],
    );
    expect(Date.parse(events.rows[0]!.data.expiresAt)).toBe(session.rows[0]!.expires_at.getTime());
    expect((await whoami(bearer(token))).statusCode).toBe(200);
    // A wrong code opens no session and announces none.
    await h.app.inject({ method: 'POST', url: '/auth/sendOtp', payload: { phoneNumber: EMPLOYEE } });
    await h.app.inject({
      method: 'POST',
      url: '/auth/verifyOtp',
      payload: { phoneNumber: EMPLOYEE, otp: 'ZZZZZ9' },
    });
    const after = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.outbox WHERE subject = 'erp.auth.session_started.v1'`,
    );
    expect(after.rows[0]!.n).toBe(1);
  });

  it('a service that starts after members signed in learns their live sessions from auth’s snapshot', async () => {
    h = await createTestHarness([
      authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'r'.repeat(40), ...TEAM_ADMIN_ENV } }),
    ]);
    await addTeam(h);
    await h.settle();
    const admin = await tokenFromAuth(ADMIN);
    const employee = await tokenFromAuth(EMPLOYEE);
    await h.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(employee) });
    await h.settle();
    // Forget the events of those sign-ins: the late service can only learn them from the snapshot.
    const runtime = await createServiceRuntime(probe, {
      db: h.db,
      bus: h.bus,
      config: h.config,
      logger: createLogger('silent', 'test'),
    });
    h.runtimes.push(runtime);
    const app = Fastify({ logger: false });
    await app.register(runtime.plugin);
    await runtime.start();
    // An empty replica asks by itself; on NATS the stream's history may have filled it first, so ask anyway.
    await h.bus.publish(buildEnvelope('probe', accessSnapshotRequested('probe'), { service: 'probe' }));
    await h.settle();
    try {
      const snapshot = await h.db.query<{ data: { sessions?: Array<{ sessionId: string }> } }>(
        `SELECT envelope->'data' AS data FROM auth.outbox WHERE subject = 'erp.auth.members_snapshot.v1' ORDER BY seq DESC LIMIT 1`,
      );
      const shared = snapshot.rows.flatMap((r) => r.data.sessions ?? []).map((s) => s.sessionId);
      expect(shared).toEqual([claimsOf(admin).sid]);
      const asAdmin = await app.inject({ method: 'GET', url: '/probe/whoami', headers: bearer(admin) });
      expect(asAdmin.statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/probe/whoami', headers: bearer(employee) })).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('accepts a token signed by auth’s previous key after a rotation, while new tokens carry the new key', async () => {
    const previous = generateSigningKey();
    const current = generateSigningKey();
    h = await createTestHarness(
      [
        authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'r'.repeat(40), ...TEAM_ADMIN_ENV } }),
        probe,
      ],
      { sessionKeys: { signingKey: current, publicKeys: [previous.publicJwk] } },
    );
    await addTeam(h);
    await h.settle();
    const token = await tokenFromAuth(ADMIN);
    expect(headerOf(token)).toMatchObject({ alg: 'EdDSA', kid: current.kid });
    const { sub, sid, exp } = claimsOf(token);
    // The same session as a token from before the rotation would carry it.
    const old = await createTokenSigner(previous).sign({
      memberId: sub,
      sessionId: sid,
      expiresAt: new Date(exp * 1000),
    });
    expect(headerOf(old).kid).toBe(previous.kid);
    expect((await h.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(old) })).statusCode).toBe(
      200,
    );
    expect((await whoami(bearer(old))).statusCode).toBe(200);
    const stranger = await createTokenSigner(generateSigningKey()).sign({
      memberId: sub,
      sessionId: sid,
      expiresAt: new Date(exp * 1000),
    });
    expect(
      (await h.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(stranger) })).statusCode,
    ).toBe(401);
    expect((await whoami(bearer(stranger))).statusCode).toBe(401);
  });
});
