/** Contract: the shell's sign-in, session and dashboard calls against their providers. */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { MODULE_KEYS, subModuleKeys } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { getDashboard } from './features/dashboard/api/get-dashboard';
import { logout } from './features/layout/api/logout';
import { getMe } from './features/auth/api/get-me';
import { sendOtp } from './features/auth/api/send-otp';
import { verifyOtp } from './features/auth/api/verify-otp';

const { like, uuid, regex, integer, boolean, string } = MatchersV3;
const auth = consumerContract('shell', 'auth-service');
const gateway = consumerContract('shell', 'gateway');

const access = { read: boolean(true), write: boolean(true) };
/** Every module with its real sub-module keys (the navigation reads each of them). */
const modulesLike = Object.fromEntries(
  MODULE_KEYS.map((m) => [
    m,
    like({
      read: boolean(true),
      write: boolean(true),
      subModules: Object.fromEntries(subModuleKeys(m).map((k) => [k, access])),
    }),
  ]),
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

describe('shell sign-in calls', () => {
  it('asks for a code without a token', async () => {
    await auth
      .interaction('the demo team exists', 'a request for a sign-in code', { signedIn: false })
      .withRequest('POST', '/api/v1/auth/sendOtp', (b) => b.jsonBody({ phoneNumber: '9000000001' }))
      .willRespondWith(200, (b) => b.jsonBody({ message: 'OTP sent successfully' }))
      .executeTest(async () => {
        expect((await sendOtp({ phoneNumber: '9000000001' })).message).toBe('OTP sent successfully');
      });
  });

  it('signs in with the code and receives a token and the member', async () => {
    await auth
      .interaction('the code ABC234 was sent to 9000000001', 'a sign-in with the right code', {
        signedIn: false,
      })
      .withRequest('POST', '/api/v1/auth/verifyOtp', (b) =>
        b.jsonBody({ phoneNumber: '9000000001', otp: 'ABC234' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ token: regex('^[\\w-]+\\.[\\w-]+\\.[\\w-]+$', 'h.p.s'), user }),
      )
      .executeTest(async () => {
        const res = await verifyOtp({ phoneNumber: '9000000001', otp: 'ABC234' });
        expect(res.user.name).toBe('Demo Admin');
        expect(res.token).toContain('.');
      });
  });

  it('is told a wrong code is invalid', async () => {
    await auth
      .interaction('the code ABC234 was sent to 9000000001', 'a sign-in with a wrong code', {
        signedIn: false,
      })
      .withRequest('POST', '/api/v1/auth/verifyOtp', (b) =>
        b.jsonBody({ phoneNumber: '9000000001', otp: 'ZZZ999' }),
      )
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Invalid or expired OTP' }))
      .executeTest(async () => {
        const err = (await verifyOtp({ phoneNumber: '9000000001', otp: 'ZZZ999' }).catch(
          (e: unknown) => e,
        )) as ApiError;
        expect(err.status).toBe(401);
        expect(err.message).toBe('Invalid or expired OTP');
      });
  });

  it('reads the signed-in member', async () => {
    await auth
      .interaction('the demo team exists', 'a request for the signed-in member')
      .withRequest('GET', '/api/v1/auth/me')
      .willRespondWith(200, (b) => b.jsonBody({ user }))
      .executeTest(async () => {
        expect((await getMe()).user.isAdmin).toBe(true);
      });
  });

  it('signs out', async () => {
    await auth
      .interaction('the demo team exists', 'a request to sign out')
      .withRequest('POST', '/api/v1/auth/logout')
      .willRespondWith(200, (b) => b.jsonBody({ message: 'Logged out successfully' }))
      .executeTest(async () => {
        expect((await logout()).message).toBe('Logged out successfully');
      });
  });
});

describe('shell dashboard call', () => {
  it('reads the five counts from the gateway', async () => {
    await gateway
      .interaction('the demo team exists', 'a request for the dashboard counts')
      .withRequest('GET', '/api/v1/dashboard')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          activeBoq: integer(0),
          activePo: integer(0),
          totalItems: integer(0),
          totalVendor: integer(0),
          totalTeam: integer(4),
        }),
      )
      .executeTest(async () => {
        const d = await getDashboard();
        expect(d.totalTeam).toBe(4);
      });
  });
});
