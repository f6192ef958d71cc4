/**
 * The whole system in this process, as `npm start` builds it (gateway/src/main.ts): the gateway
 * with every service of MODULES embedded, on one test database and bus (PGlite and the in-process
 * bus, or PostgreSQL and NATS when TEST_DATABASE_URL / TEST_NATS_URL are set), with the demo business
 * seeded through the API and signed in through the real sign-in calls.
 */
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import type { Member } from '@erp/contracts';
import {
  createLogger,
  createServiceRuntime,
  type Bus,
  type Database,
  type ServiceRuntime,
} from '@erp/service-kit';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '@erp/service-kit/testing';
import { buildGateway } from '../../src/app.js';
import { loadGatewayConfig } from '../../src/config.js';
import { MODULES } from '../../src/modules.js';
import { DEMO_ADMIN_ENV, keptSms, seedDemoBusiness } from '../demo.js';

export const DEMO_PHONES = {
  Admin: '9000000001',
  Purchaser: '9000000002',
  Accountant: '9000000003',
  Employee: '9000000004',
} as const;
export type DemoRole = keyof typeof DEMO_PHONES;
export const DEMO_ROLES = Object.keys(DEMO_PHONES) as DemoRole[];

/** A route as a service registered it (seen by an onRoute hook, hidden from the docs or not). */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: RouteOptions['config'];
  schema: RouteOptions['schema'];
}

export interface SignedIn {
  token: string;
  user: Member;
  headers: { authorization: string };
}

export interface System {
  app: FastifyInstance;
  db: Database;
  bus: Bus;
  runtimes: Record<string, ServiceRuntime>;
  /** Routes the embedded services registered, with their config (access) and schemas. */
  serviceRoutes: RegisteredRoute[];
  /** Every route of the router as "METHOD /path" (HEAD left out), from Fastify's own route table. */
  routerRoutes(): Array<{ method: string; url: string }>;
  /** The last one-time code sent to a number. */
  lastCode(phoneNumber: string): string | undefined;
  signIn(phoneNumber: string): Promise<SignedIn>;
  roles: Record<DemoRole, SignedIn>;
  /** Until every outbox is published and every consumer has handled what was published. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Parse Fastify's `printRoutes({ commonPrefix: false })`: a tree in which a route whose path
 * extends another's is printed under it, four characters deeper, with the rest of its path:
 * `├── api/v1/items (POST)` then `│   ├── /all (GET, HEAD)`.
 */
export function parseRouteTable(printed: string): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([\s│├└─]*?)(?:[├└]── )(\S+) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]!].length / 4;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack.push(path);
    for (const method of m[3]!.split(',').map((x) => x.trim())) {
      if (method !== 'HEAD') out.push({ method, url: path });
    }
  }
  return out;
}

export async function startSystem(): Promise<System> {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const kit = testConfig();
  const logger = createLogger(kit.logLevel, 'security');

  // With the dev outbox, so the dev SMS route is registered as it is under `npm start` and is covered too.
  const { sms, codes } = keptSms();
  const authEnv = {
    OTP_SECRET: 'o'.repeat(40),
    OTP_RESEND_SECONDS: '0',
    OTP_MAX_PER_NUMBER_PER_HOUR: '1000000',
    OTP_MAX_PER_IP_PER_HOUR: '1000000',
    ...DEMO_ADMIN_ENV,
  };

  const runtimes: Record<string, ServiceRuntime> = {};
  for (const [name, m] of Object.entries(MODULES)) {
    runtimes[name] = await createServiceRuntime(
      m.service({ auth: { env: authEnv, sms }, catalog: { nameIndex: { quietMs: 20, maxStaleMs: 200 } } }),
      {
        db,
        bus,
        config: kit,
        logger,
      },
    );
  }

  // Each service's plugin wrapped in one that watches its routes being added: the route config
  // (`access`) and schemas of every route, whether the API document shows it or not.
  const serviceRoutes: RegisteredRoute[] = [];
  const embedded: Record<string, FastifyPluginAsync> = {};
  for (const [name, r] of Object.entries(runtimes)) {
    embedded[name] = async (instance) => {
      instance.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD')
            serviceRoutes.push({ method, url: route.url, config: route.config, schema: route.schema });
        }
      });
      await instance.register(r.plugin);
    };
  }

  const config = loadGatewayConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildGateway({ config, kit, bus, embedded, db, logger: false });
  await app.ready();
  for (const r of Object.values(runtimes)) await r.subscribe();
  for (const r of Object.values(runtimes)) await r.startPublishing();

  async function settle() {
    for (let round = 0; round < 200; round++) {
      let pending = 0;
      for (const r of Object.values(runtimes)) {
        await r.ctx.relay.drain();
        const res = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${r.ctx.schema}.outbox WHERE published_at IS NULL`,
        );
        pending += res.rows[0]!.n;
      }
      if (pending === 0) pending += await bus.pending();
      if (pending === 0) return;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error('the outboxes did not drain');
  }

  async function signIn(phoneNumber: string): Promise<SignedIn> {
    const sentRes = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sendOtp',
      payload: { phoneNumber },
    });
    if (sentRes.statusCode !== 200)
      throw new Error(`sendOtp ${phoneNumber}: ${sentRes.statusCode} ${sentRes.body}`);
    const otp = codes.get(phoneNumber);
    if (!otp) throw new Error(`no code was sent to ${phoneNumber}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyOtp',
      payload: { phoneNumber, otp },
    });
    if (res.statusCode !== 200) throw new Error(`verifyOtp ${phoneNumber}: ${res.statusCode} ${res.body}`);
    const { token, user } = res.json() as { token: string; user: Member };
    return { token, user, headers: { authorization: `Bearer ${token}` } };
  }

  // The demo business, made through the API as `npm start` makes it; then every service has
  // learned what the others' events say before anyone calls them.
  await seedDemoBusiness(app);
  await settle();
  const roles = {} as Record<DemoRole, SignedIn>;
  for (const role of DEMO_ROLES) {
    roles[role] = await signIn(DEMO_PHONES[role]);
    if (roles[role].user.role !== role)
      throw new Error(`${DEMO_PHONES[role]} signed in as ${roles[role].user.role}, not ${role}`);
  }

  return {
    app,
    db,
    bus,
    runtimes,
    serviceRoutes,
    routerRoutes: () => parseRouteTable(app.printRoutes({ commonPrefix: false })),
    lastCode: (phoneNumber) => codes.get(phoneNumber),
    signIn,
    roles,
    settle,
    async close() {
      await app.close();
      for (const r of Object.values(runtimes)) await r.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    },
  };
}
