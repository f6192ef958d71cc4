/** Session tokens at the gateway: auth's public keys only, in embedded and distributed mode (decision 0008). */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authService } from '@erp/auth-service';
import { vendorsService } from '@erp/vendors-service';
import {
  buildStandaloneApp,
  createLogger,
  createServiceRuntime,
  type ServiceRuntime,
} from '@erp/service-kit';
import {
  createTestBus,
  createTestDatabase,
  deleteTestStream,
  forgedTokens,
  mintToken,
  testConfig,
} from '@erp/service-kit/testing';
import { buildGateway } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { DEMO_ADMIN_ENV, seedDemoTeam } from './demo.js';

const gatewayConfig = (over: Partial<GatewayConfig> = {}): GatewayConfig => ({
  port: 0,
  host: '127.0.0.1',
  serviceUrls: {},
  shellDir: path.join(os.tmpdir(), 'no-shell'),
  remoteDirs: {},
  remoteOverrides: {},
  rateLimitPerMinute: 10_000,
  signInRateLimitPerMinute: 10_000,
  trustProxy: false,
  ...over,
});
const authEnv = {
  OTP_RESEND_SECONDS: '0',
  OTP_SECRET: 'k'.repeat(40),
  OTP_MAX_PER_NUMBER_PER_HOUR: '1000',
  ...DEMO_ADMIN_ENV,
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };

async function signIn(gw: FastifyInstance, phoneNumber: string): Promise<string> {
  expect(
    (await gw.inject({ method: 'POST', url: '/api/v1/auth/sendOtp', payload: { phoneNumber } })).statusCode,
  ).toBe(200);
  const otp = (
    await gw.inject({ method: 'GET', url: `/api/v1/dev/sms?phoneNumber=${phoneNumber}` })
  ).json()[0].code as string;
  const res = await gw.inject({
    method: 'POST',
    url: '/api/v1/auth/verifyOtp',
    payload: { phoneNumber, otp },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

describe('gateway with auth and vendors embedded', () => {
  const kit = testConfig();
  let gw: FastifyInstance;
  let runtimes: ServiceRuntime[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { db, drop } = await createTestDatabase();
    const { bus, namespace } = await createTestBus();
    const logger = createLogger('silent', 'test');
    runtimes = [
      await createServiceRuntime(authService({ env: authEnv }), { db, bus, config: kit, logger }),
      await createServiceRuntime(vendorsService(), { db, bus, config: kit, logger }),
    ];
    gw = await buildGateway({
      config: gatewayConfig(),
      kit,
      bus,
      embedded: { auth: runtimes[0]!.plugin, vendors: runtimes[1]!.plugin },
      db,
      logger: false,
    });
    await gw.ready();
    for (const r of runtimes) await r.subscribe();
    for (const r of runtimes) await r.startPublishing();
    await seedDemoTeam(gw);
    close = async () => {
      await gw.close();
      for (const r of runtimes) await r.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    };
  });
  afterAll(async () => close?.());

  it('signs in and reaches a service other than auth with auth’s token', async () => {
    const token = await signIn(gw, '9000000001');
    expect(
      (await gw.inject({ method: 'GET', url: '/api/v1/vendors/all', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('refuses with 401 a token signed with the old HS256 secret, a random key under auth’s kid, alg none, or HS256 keyed with the public key', async () => {
    const token = await signIn(gw, '9000000001');
    const { sub, sid } = claimsOf(token);
    for (const [how, forged] of Object.entries(
      await forgedTokens({ config: kit }, { memberId: sub, sessionId: sid }),
    )) {
      for (const url of ['/api/v1/vendors/all', '/api/v1/auth/me', '/api/v1/dashboard']) {
        const res = await gw.inject({ method: 'GET', url, headers: bearer(forged) });
        expect(res.statusCode, `${how} on ${url}`).toBe(401);
      }
    }
  });

  it('a service other than auth, and the dashboard, refuse auth-signed claims for a session never started or belonging to another member', async () => {
    const admin = claimsOf(await signIn(gw, '9000000001'));
    const employee = claimsOf(await signIn(gw, '9000000004'));
    const neverStarted = await mintToken({ config: kit }, { memberId: admin.sub, sessionId: randomUUID() });
    const someoneElses = await mintToken({ config: kit }, { memberId: admin.sub, sessionId: employee.sid });
    const [a, b] = await Promise.all([
      gw.inject({ method: 'GET', url: '/api/v1/vendors/all', headers: bearer(neverStarted) }),
      gw.inject({ method: 'GET', url: '/api/v1/vendors/all', headers: bearer(someoneElses) }),
    ]);
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(
      (await gw.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(someoneElses) })).statusCode,
    ).toBe(401);
    // The dashboard, answered by the gateway from the services' counts, refuses them too.
    for (const token of [neverStarted, someoneElses]) {
      expect(
        (await gw.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
  });

  it('publishes auth’s public keys at /api/v1/auth/jwks without a session', async () => {
    const res = await gw.inject({ method: 'GET', url: '/api/v1/auth/jwks' });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys.map((k: { kid: string }) => k.kid)).toEqual([kit.sessionKeys.signingKey!.kid]);
    expect(res.body).not.toMatch(/"d"/);
  });
});

describe('gateway in distributed mode', () => {
  it('verifies tokens with auth’s JWKS fetched over HTTP, holding no private key, and refuses forged ones', async () => {
    const { db, drop } = await createTestDatabase();
    const { bus, namespace } = await createTestBus();
    const authKit = testConfig();
    const def = authService({ env: authEnv });
    const runtime = await createServiceRuntime(def, {
      db,
      bus,
      config: authKit,
      logger: createLogger('silent', 't'),
    });
    const service = await buildStandaloneApp(def, runtime, authKit, { logger: false });
    const reached: string[] = [];
    service.addHook('onRequest', async (req) => void reached.push(req.url));
    await service.listen({ port: 0, host: '127.0.0.1' });
    const authUrl = `http://127.0.0.1:${(service.server.address() as { port: number }).port}`;
    // What loadKitConfig gives a gateway with AUTH_SERVICE_URL set: public keys from auth, nothing to sign with.
    const gwKit = testConfig({ sessionKeys: { publicKeys: [], jwksUrl: `${authUrl}/auth/jwks` } });
    const gw = await buildGateway({
      config: gatewayConfig({ serviceUrls: { auth: authUrl } }),
      kit: gwKit,
      bus,
      embedded: {},
      logger: false,
    });
    await runtime.start();
    try {
      const token = await signIn(gw, '9000000001');
      expect(
        (await gw.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
      expect(reached).toContain('/auth/jwks');
      const { sub, sid } = claimsOf(token);
      reached.length = 0;
      for (const [how, forged] of Object.entries(
        await forgedTokens({ config: authKit }, { memberId: sub, sessionId: sid }),
      )) {
        expect(
          (await gw.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(forged) })).statusCode,
          how,
        ).toBe(401);
      }
      // Refused at the gateway: none of them reached the service.
      expect(reached.filter((u) => u.startsWith('/auth/me'))).toEqual([]);
    } finally {
      await gw.close();
      await service.close();
      await runtime.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    }
  });
});
