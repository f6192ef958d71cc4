/** Contract: the shell's sign-in, session and dashboard calls against their providers. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { MODULE_KEYS, subModuleKeys } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { connectToMockServer } from '@erp/sdk/testing';
import { getDashboard } from '../../dashboard/api/get-dashboard';
import { logout } from '../../layout/api/logout';
import { getMe } from './get-me';
import { sendOtp } from './send-otp';
import { verifyOtp } from './verify-otp';

const { like, uuid, regex, integer, boolean, string } = MatchersV3;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../pacts');
const auth = new PactV4({ consumer: 'shell', provider: 'auth-service', dir, logLevel: 'warn' });
const gateway = new PactV4({ consumer: 'shell', provider: 'gateway', dir, logLevel: 'warn' });

const AUTH = { Authorization: regex('^Bearer .+$', 'Bearer a-session-token') };
const access = { read: boolean(true), write: boolean(true) };
/** Every module with its real sub-module keys (the navigation reads each of them). */
const modulesLike = Object.fromEntries(
  MODULE_KEYS.map((m) => [m, like({ read: boolean(true), write: boolean(true), subModules: Object.fromEntries(subModuleKeys(m).map((k) => [k, access])) })]),
);
const user = like({
  _id: uuid(),
  name: string('Demo Admin'),
  email: string('admin@demo.example'),
  phoneNumber: string('9000000001'),
  status: string('active'),
  role: regex('^(Admin|Purchaser|Accountant|Employee)$', 'Admin'),
  isAdmin: boolean(true),
  notes: string(''),
  permissions: like({ allProjects: boolean(true), projects: [], modules: modulesLike }),
  createdAt: string('2026-11-21T10:00:00.000Z'),
  updatedAt: string('2026-11-21T10:00:00.000Z'),
  version: integer(1),
});

const useMock = connectToMockServer;

describe('shell sign-in calls', () => {
  it('asks for a code without a token', async () => {
    await auth
      .addInteraction()
      .given('the demo team exists')
      .uponReceiving('a request for a sign-in code')
      .withRequest('POST', '/api/v1/auth/sendOtp', (b) => b.jsonBody({ phoneNumber: '9000000001' }))
      .willRespondWith(200, (b) => b.jsonBody({ message: 'OTP sent successfully' }))
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await sendOtp({ phoneNumber: '9000000001' })).message).toBe('OTP sent successfully');
      });
  });

  it('signs in with the code and receives a token and the member', async () => {
    await auth
      .addInteraction()
      .given('the code ABC234 was sent to 9000000001')
      .uponReceiving('a sign-in with the right code')
      .withRequest('POST', '/api/v1/auth/verifyOtp', (b) => b.jsonBody({ phoneNumber: '9000000001', otp: 'ABC234' }))
      .willRespondWith(200, (b) => b.jsonBody({ token: regex('^[\\w-]+\\.[\\w-]+\\.[\\w-]+$', 'h.p.s'), user }))
      .executeTest(async (mock) => {
        useMock(mock.url, null);
        const res = await verifyOtp({ phoneNumber: '9000000001', otp: 'ABC234' });
        expect(res.user.name).toBe('Demo Admin');
        expect(res.token).toContain('.');
      });
  });

  it('is told a wrong code is invalid', async () => {
    await auth
      .addInteraction()
      .given('the code ABC234 was sent to 9000000001')
      .uponReceiving('a sign-in with a wrong code')
      .withRequest('POST', '/api/v1/auth/verifyOtp', (b) => b.jsonBody({ phoneNumber: '9000000001', otp: 'ZZZ999' }))
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Invalid or expired OTP' }))
      .executeTest(async (mock) => {
        useMock(mock.url, null);
        const err = (await verifyOtp({ phoneNumber: '9000000001', otp: 'ZZZ999' }).catch((e: unknown) => e)) as ApiError;
        expect(err.status).toBe(401);
        expect(err.message).toBe('Invalid or expired OTP');
      });
  });

  it('reads the signed-in member', async () => {
    await auth
      .addInteraction()
      .given('the demo team exists')
      .uponReceiving('a request for the signed-in member')
      .withRequest('GET', '/api/v1/auth/me', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ user }))
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await getMe()).user.isAdmin).toBe(true);
      });
  });

  it('signs out', async () => {
    await auth
      .addInteraction()
      .given('the demo team exists')
      .uponReceiving('a request to sign out')
      .withRequest('POST', '/api/v1/auth/logout', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ message: 'Logged out successfully' }))
      .executeTest(async (mock) => {
        useMock(mock.url);
        expect((await logout()).message).toBe('Logged out successfully');
      });
  });
});

describe('shell dashboard call', () => {
  it('reads the five counts from the gateway', async () => {
    await gateway
      .addInteraction()
      .given('the demo team exists')
      .uponReceiving('a request for the dashboard counts')
      .withRequest('GET', '/api/v1/dashboard', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({ activeBoq: integer(0), activePo: integer(0), totalItems: integer(0), totalVendor: integer(0), totalTeam: integer(4) }),
      )
      .executeTest(async (mock) => {
        useMock(mock.url);
        const d = await getDashboard();
        expect(d.totalTeam).toBe(4);
      });
  });
});
