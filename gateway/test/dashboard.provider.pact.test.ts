/** Provider side of the pact the shell has with the gateway (what the gateway answers itself). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Verifier } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { authService } from '@erp/auth-service';
import { createLogger, createServiceRuntime, type ServiceRuntime } from '@erp/service-kit';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '@erp/service-kit/testing';
import { buildGateway } from '../src/app.js';
import { DEMO_ADMIN_ENV, seedDemoTeam } from './demo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let gw: FastifyInstance;
let runtime: ServiceRuntime;
let token = '';
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const kit = testConfig();
  runtime = await createServiceRuntime(
    authService({ env: { OTP_SECRET: 'g'.repeat(40), OTP_RESEND_SECONDS: '0', ...DEMO_ADMIN_ENV } }),
    {
      db,
      bus,
      config: kit,
      logger: createLogger('silent', 'pact'),
    },
  );
  gw = await buildGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      serviceUrls: {},
      shellDir: path.join(here, 'no-shell'),
      remoteDirs: {},
      remoteOverrides: {},
      rateLimitPerMinute: 1000,
      signInRateLimitPerMinute: 1000,
      trustProxy: false,
    },
    kit,
    bus,
    embedded: { auth: runtime.plugin },
    logger: false,
  });
  await gw.listen({ port: 0, host: '127.0.0.1' });
  await runtime.start();
  await seedDemoTeam(gw);
  await gw.inject({ method: 'POST', url: '/api/v1/auth/sendOtp', payload: { phoneNumber: '9000000001' } });
  const [sms] = (await gw.inject({ method: 'GET', url: '/api/v1/dev/sms?phoneNumber=9000000001' })).json();
  token = (
    await gw.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyOtp',
      payload: { phoneNumber: '9000000001', otp: sms.code },
    })
  ).json().token;
  cleanup = async () => {
    await gw.close();
    await runtime.stop();
    await bus.close();
    await deleteTestStream(namespace);
    await drop();
  };
});
afterAll(async () => cleanup?.());

describe('gateway as an HTTP provider', () => {
  it('honours the shell’s dashboard pact', async () => {
    await new Verifier({
      provider: 'gateway',
      providerBaseUrl: `http://127.0.0.1:${(gw.server.address() as { port: number }).port}`,
      pactUrls: [path.resolve(here, '../../pacts/shell-gateway.json')],
      logLevel: 'warn',
      requestFilter: (req, _res, next) => {
        if (req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
        next();
      },
      stateHandlers: { 'the demo team exists': async () => undefined },
    }).verifyProvider();
  });
});
