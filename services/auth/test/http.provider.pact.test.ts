/** Provider side of the HTTP pacts naming auth-service: mounted under /api/v1 as the gateway does. */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Verifier } from '@pact-foundation/pact';
import { defaultModulesForRole } from '@erp/contracts';
import {
  createLogger,
  createServiceRuntime,
  installErrorHandling,
  installNotFound,
  type ServiceRuntime,
} from '@erp/service-kit';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '@erp/service-kit/testing';
import { authService, type SmsSender } from '../src/app.js';
import { hashCode } from '../src/domain/otp.js';
import { addTeam, TEAM_ADMIN_ENV } from './team-fixture.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
const OTP_SECRET = 'p'.repeat(40);

let app: FastifyInstance;
let runtime: ServiceRuntime;
let cleanup: () => Promise<void>;
const tokens: { admin: string; forLogout: string[] } = { admin: '', forLogout: [] };

async function signIn(phoneNumber: string, codes: string[]): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/v1/auth/sendOtp', payload: { phoneNumber } });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verifyOtp',
    payload: { phoneNumber, otp: codes.at(-1) },
  });
  return res.json().token as string;
}

beforeAll(async () => {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const codes: string[] = [];
  const sms: SmsSender = { send: async (_p, _t, code) => void codes.push(code) };
  runtime = await createServiceRuntime(
    authService({
      env: { OTP_SECRET, OTP_RESEND_SECONDS: '0', OTP_MAX_PER_NUMBER_PER_HOUR: '1000', ...TEAM_ADMIN_ENV },
      sms,
    }),
    {
      db,
      bus,
      config: testConfig(),
      logger: createLogger('silent', 'pact'),
    },
  );
  app = Fastify({ logger: false });
  installErrorHandling(app);
  installNotFound(app);
  await app.register(runtime.plugin, { prefix: '/api/v1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await runtime.start();
  await addTeam({ app, db, config: runtime.ctx.config, prefix: '/api/v1' });
  tokens.admin = await signIn('9000000001', codes);
  for (let i = 0; i < 3; i++) tokens.forLogout.push(await signIn('9000000001', codes));
  cleanup = async () => {
    await app.close();
    await runtime.stop();
    await bus.close();
    await deleteTestStream(namespace);
    await drop();
  };
});
afterAll(async () => cleanup?.());

describe('auth service as an HTTP provider', () => {
  it('honours the pacts of mfe-team and the shell', async () => {
    const db = runtime.ctx.db;
    const port = (app.server.address() as { port: number }).port;
    await new Verifier({
      provider: 'auth-service',
      providerBaseUrl: `http://127.0.0.1:${port}`,
      pactUrls: [
        path.join(pactDir, 'mfe-team-auth-service.json'),
        path.join(pactDir, 'shell-auth-service.json'),
      ],
      logLevel: 'warn',
      // The consumers send some token; the provider swaps in a real session of the Admin.
      requestFilter: (req, _res, next) => {
        if (req.headers.authorization) {
          const token = req.url.endsWith('/auth/logout')
            ? (tokens.forLogout.shift() ?? tokens.admin)
            : tokens.admin;
          req.headers.authorization = `Bearer ${token}`;
        }
        next();
      },
      stateHandlers: {
        'the demo team exists': async () => {
          await db.query(`DELETE FROM auth.members WHERE phone_number = '9812345670'`);
        },
        'member 3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c exists': async () => {
          const admin = await db.query<{ id: string }>(
            `SELECT id FROM auth.members WHERE phone_number = '9000000001'`,
          );
          await db.query(
            `INSERT INTO auth.members (id, name, email, phone_number, status, role, modules, created_by)
             VALUES ($1, 'Sandeep Kale', 'sandeep.kale@example.com', '9811111111', 'active', 'Employee', $2::jsonb, $3)
             ON CONFLICT (id) DO UPDATE SET version = 1, notes = ''`,
            [
              '3f0c5e9a-6b1d-4c2e-9f7a-2b8d4e6f1a3c',
              JSON.stringify(defaultModulesForRole('Employee')),
              admin.rows[0]!.id,
            ],
          );
        },
        'the code ABC234 was sent to 9000000001': async () => {
          await db.query(
            `UPDATE auth.otp_codes SET consumed_at = now() WHERE phone_number = '9000000001' AND consumed_at IS NULL`,
          );
          await db.query(
            `INSERT INTO auth.otp_codes (id, phone_number, code_hash, expires_at) VALUES ($1, '9000000001', $2, now() + interval '5 minutes')`,
            [randomUUID(), hashCode(OTP_SECRET, '9000000001', 'ABC234')],
          );
        },
      },
    }).verifyProvider();
  });
});
