import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServiceDefinition } from '@erp/service-kit';
import { requireAccess } from '@erp/service-kit';
import { createTestHarness, grantAccess, revokeSession, type TestHarness } from '@erp/service-kit/testing';
import { authService } from '../src/app.js';
import { ADMIN, EMPLOYEE } from './helpers.js';

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
  return (await h.app.inject({ method: 'POST', url: '/auth/verifyOtp', payload: { phoneNumber, otp } })).json().token;
}

describe('services other than auth authorise from a replica of auth’s events', () => {
  it('a new service gets every member through a snapshot and then follows changes', async () => {
    h = await createTestHarness([authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'r'.repeat(40) } }), probe], { seedDemo: true });
    await h.settle();
    const admin = await tokenFromAuth(ADMIN);
    const res = await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Demo Admin', role: 'Admin' });

    // The Employee has no items access until the Admin grants it; the probe sees the change.
    const emp = await tokenFromAuth(EMPLOYEE);
    const me = (await h.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${emp}` } })).json().user;
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: { authorization: `Bearer ${emp}` } })).statusCode).toBe(200);
    await h.app.inject({
      method: 'PATCH',
      url: `/auth/${me._id}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { permissions: { modules: { items: { read: false } } } },
    });
    await h.settle();
    const refused = await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: { authorization: `Bearer ${emp}` } });
    expect(refused.statusCode).toBe(403);

    // Logging out in auth ends the session in the probe too.
    await h.app.inject({ method: 'POST', url: '/auth/logout', headers: { authorization: `Bearer ${admin}` } });
    await h.settle();
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(401);
  });

  it('test members granted through events are refused once deactivated or signed out', async () => {
    h = await createTestHarness([probe]);
    const p = await grantAccess(h, { role: 'Purchaser', name: 'Priya' });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: p.headers })).json()).toEqual({ name: 'Priya', role: 'Purchaser' });
    const acc = await grantAccess(h, { role: 'Accountant', modules: {} });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: acc.headers })).statusCode).toBe(403);
    await revokeSession(h, p);
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: p.headers })).statusCode).toBe(401);
    const e = await grantAccess(h, { role: 'Employee', modules: { items: { read: true } } });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: e.headers })).statusCode).toBe(200);
    await grantAccess(h, { role: 'Employee', memberId: e.memberId, status: 'inactive', version: 2 });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: e.headers })).statusCode).toBe(401);
  });

  it('an unknown member is refused', async () => {
    h = await createTestHarness([probe]);
    const { createTokenService } = await import('@erp/service-kit');
    const token = await createTokenService(h.config.jwtSecret).sign({ memberId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', sessionId: '7c9e6679-7425-40de-944b-e07fc1f90ae8', expiresAt: new Date(Date.now() + 60_000) });
    expect((await h.app.inject({ method: 'GET', url: '/probe/whoami', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });
});
