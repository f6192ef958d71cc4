import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authService } from '@erp/auth-service';
import {
  buildStandaloneApp,
  createLogger,
  createServiceRuntime,
  type Bus,
  type Database,
  type ServiceRuntime,
} from '@erp/service-kit';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '@erp/service-kit/testing';
import { buildGateway } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { DEMO_ADMIN_ENV, seedDemoTeam } from './demo.js';

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'gw-web-'));
mkdirSync(path.join(webRoot, 'shell'));
writeFileSync(
  path.join(webRoot, 'shell', 'index.html'),
  '<!doctype html><title>ERP</title><div id="root"></div>',
);
writeFileSync(path.join(webRoot, 'shell', 'main.0123abcd.js'), 'console.log(1)');
mkdirSync(path.join(webRoot, 'team'));
writeFileSync(path.join(webRoot, 'team', 'mf-manifest.json'), '{"name":"mfe_team"}');
const TEAM_MODULE = {
  name: 'mfe_team',
  version: '1.0.0',
  routes: ['/team'],
  navGroups: [{ id: 'team', label: 'Team and Project', shortLabel: 'Team', icon: 'users', order: 50 }],
  nav: [
    { group: 'team', label: 'Team List', path: '/team/list', module: 'team', sub: 'teamList', order: 10 },
  ],
  dashboard: {
    cards: [{ stat: 'totalTeam', label: 'Team Members', icon: 'users', order: 50 }],
    quickActions: [],
  },
};
writeFileSync(path.join(webRoot, 'team', 'module.json'), JSON.stringify(TEAM_MODULE));

function gatewayConfig(over: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    serviceUrls: {},
    shellDir: path.join(webRoot, 'shell'),
    remoteDirs: { team: path.join(webRoot, 'team'), gone: path.join(webRoot, 'not-built') },
    remoteOverrides: {},
    rateLimitPerMinute: 1000,
    signInRateLimitPerMinute: 1000,
    trustProxy: false,
    ...over,
  };
}

interface Setup {
  gw: FastifyInstance;
  runtime: ServiceRuntime;
  db: Database;
  bus: Bus;
  close(): Promise<void>;
}

/** Gateway with the auth service embedded, on a fresh database; codes come from the dev SMS route. */
async function setup(over: Partial<GatewayConfig> = {}, env: Record<string, string> = {}): Promise<Setup> {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const kit = testConfig();
  const runtime = await createServiceRuntime(
    authService({ env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'y'.repeat(40), ...DEMO_ADMIN_ENV, ...env } }),
    { db, bus, config: kit, logger: createLogger('silent', 'test') },
  );
  const gw = await buildGateway({
    config: gatewayConfig(over),
    kit,
    bus,
    embedded: { auth: runtime.plugin },
    db,
    logger: false,
  });
  await gw.ready();
  await runtime.start();
  await seedDemoTeam(gw);
  return {
    gw,
    runtime,
    db,
    bus,
    async close() {
      await gw.close();
      await runtime.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    },
  };
}

async function signIn(gw: FastifyInstance, phoneNumber = '9000000001'): Promise<string> {
  const sent = await gw.inject({ method: 'POST', url: '/api/v1/auth/sendOtp', payload: { phoneNumber } });
  expect(sent.statusCode).toBe(200);
  const sms = await gw.inject({ method: 'GET', url: `/api/v1/dev/sms?phoneNumber=${phoneNumber}` });
  expect(sms.statusCode).toBe(200);
  const otp = sms.json()[0].code as string;
  const res = await gw.inject({
    method: 'POST',
    url: '/api/v1/auth/verifyOtp',
    payload: { phoneNumber, otp },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('gateway in embedded mode', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => s.close());

  it('routes /api/v1 to the auth service and signs in with the code from the dev SMS outbox', async () => {
    const token = await signIn(s.gw);
    const me = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.name).toBe('Demo Admin');
  });

  it('lists the dev SMS outbox newest first with number, code, text and time', async () => {
    const before = (
      await s.gw.inject({ method: 'GET', url: '/api/v1/dev/sms?phoneNumber=9000000002' })
    ).json();
    await s.gw.inject({
      method: 'POST',
      url: '/api/v1/auth/sendOtp',
      payload: { phoneNumber: '9000000002' },
    });
    await s.gw.inject({
      method: 'POST',
      url: '/api/v1/auth/sendOtp',
      payload: { phoneNumber: '9000000002' },
    });
    const list = (await s.gw.inject({ method: 'GET', url: '/api/v1/dev/sms?phoneNumber=9000000002' })).json();
    expect(list).toHaveLength(before.length + 2);
    expect(Object.keys(list[0]).sort()).toEqual(['code', 'phoneNumber', 'sentAt', 'text']);
    expect(Date.parse(list[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(list[1].sentAt));
    expect(list[0].text).toContain(list[0].code);
  });

  it('refuses calls without a valid token before they reach a service', async () => {
    const none = await s.gw.inject({ method: 'GET', url: '/api/v1/auth/teamList' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Please sign in to continue' });
    const forged = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/auth/teamList',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a token right after logout', async () => {
    const token = await signIn(s.gw);
    const headers = { authorization: `Bearer ${token}` };
    expect((await s.gw.inject({ method: 'GET', url: '/api/v1/dashboard', headers })).statusCode).toBe(200);
    expect((await s.gw.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(200);
    const after = await s.gw.inject({ method: 'GET', url: '/api/v1/dashboard', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });

  it('adds up the dashboard counts; modules not deployed count 0', async () => {
    const token = await signIn(s.gw, '9000000004');
    const res = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      activeBoq: 0,
      activePo: 0,
      totalItems: 0,
      totalVendor: 0,
      totalTeam: 4,
      draftIndents: 0,
      indentsToCompare: 0,
      indentsToApprove: 0,
    });
  });

  it('carries the caller’s request id and answers with it', async () => {
    const res = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('serves the shell for page paths and never HTML for missing files', async () => {
    for (const url of ['/', '/dashboard', '/team/list', '/team/edit?id=1&mode=view', '/no/such/page']) {
      const res = await s.gw.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of [
      '/mfe/team/missing.js',
      '/mfe/gone/mf-manifest.json',
      '/config/other.json',
      '/missing.js',
      '/api/v1/nothing',
    ]) {
      const res = await s.gw.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.startsWith('/api/') ? 401 : 404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
    const asset = await s.gw.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('a name too long for the file system is a page path or an API path, never a 403 from the file server', async () => {
    const long = 'a'.repeat(5_000);
    const page = await s.gw.inject({ method: 'GET', url: `/team/${long}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const file = await s.gw.inject({ method: 'GET', url: `/${long}.js` });
    expect(file.statusCode).toBe(404);
    const api = await s.gw.inject({
      method: 'GET',
      url: `/api/v1/auth/details/${long}`,
      headers: { authorization: `Bearer ${await signIn(s.gw, '9000000001')}` },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/^No such endpoint/);
  });

  it('publishes the remotes manifest and a CSP that allows only this origin', async () => {
    const remotes = await s.gw.inject({ method: 'GET', url: '/config/remotes.json' });
    expect(remotes.json()).toEqual({
      mfe_team: { entry: '/mfe/team/mf-manifest.json', module: TEAM_MODULE },
    });
    const page = await s.gw.inject({ method: 'GET', url: '/' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await s.gw.inject({ method: 'GET', url: '/mfe/team/mf-manifest.json' })).json()).toEqual({
      name: 'mfe_team',
    });
  });

  it('publishes the OpenAPI document with the service routes under /api/v1', async () => {
    const doc = (await s.gw.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/sendOtp',
        '/api/v1/auth/verifyOtp',
        '/api/v1/auth/teamList',
        '/api/v1/auth/createTeam',
        '/api/v1/auth/{id}',
        '/api/v1/dashboard',
      ]),
    );
  });

  it('tells browsers and proxies not to keep any API answer, signed in or not', async () => {
    const token = await signIn(s.gw, '9000000002');
    const me = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.headers['cache-control']).toBe('no-store');
    const dash = await s.gw.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dash.headers['cache-control']).toBe('no-store');
    const refused = await s.gw.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('reports health', async () => {
    const res = await s.gw.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toMatchObject({ status: 'ok', embedded: ['auth'], checks: { database: 'ok' } });
  });
});

describe('gateway limits', () => {
  it('rate-limits sign-in calls per address more strictly than the rest', async () => {
    const s = await setup({ signInRateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await s.gw.inject({
              method: 'POST',
              url: '/api/v1/auth/sendOtp',
              payload: { phoneNumber: '9111111111' },
            })
          ).statusCode,
        ).toBe(200);
      }
      const res = await s.gw.inject({
        method: 'POST',
        url: '/api/v1/auth/sendOtp',
        payload: { phoneNumber: '9111111111' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in/);
      expect((await s.gw.inject({ method: 'GET', url: '/config/remotes.json' })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("counts a flood of forged tokens against the caller's address, and throttles it", async () => {
    const s = await setup({ rateLimitPerMinute: 5 });
    try {
      const forged = () =>
        `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), sid: crypto.randomUUID() })).toString('base64url')}.${crypto.randomUUID()}`;
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await s.gw.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: forged() } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // The same address without any token is in the same bucket.
      expect((await s.gw.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(429);
      // Another address is not.
      expect(
        (await s.gw.inject({ method: 'GET', url: '/api/v1/auth/me', remoteAddress: '10.9.8.7' })).statusCode,
      ).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('counts signed-in calls per verified session, so a colleague on the same address is not throttled', async () => {
    const s = await setup({ rateLimitPerMinute: 4 });
    try {
      const admin = await signIn(s.gw, '9000000001');
      const purchaser = await signIn(s.gw, '9000000002');
      const me = (token: string) =>
        s.gw.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
      const adminCalls: number[] = [];
      for (let i = 0; i < 5; i++) adminCalls.push((await me(admin)).statusCode);
      expect(adminCalls).toEqual([200, 200, 200, 200, 429]);
      expect((await me(purchaser)).statusCode).toBe(200);
      // Forged tokens from the same address do not eat into a session's allowance, nor it into theirs.
      expect(
        (
          await s.gw.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: 'Bearer a.b.c' },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('does not offer the dev SMS outbox in production', async () => {
    const { db, drop } = await createTestDatabase();
    const { bus, namespace } = await createTestBus();
    const kit = testConfig({ production: true, nodeEnv: 'production' });
    const env = { OTP_SECRET: 'z'.repeat(40), SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms' };
    const runtime = await createServiceRuntime(authService({ env }), {
      db,
      bus,
      config: kit,
      logger: createLogger('silent', 't'),
    });
    const gw = await buildGateway({
      config: gatewayConfig(),
      kit,
      bus,
      embedded: { auth: runtime.plugin },
      logger: false,
    });
    try {
      const res = await gw.inject({ method: 'GET', url: '/api/v1/dev/sms?phoneNumber=9000000001' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^No such endpoint/);
    } finally {
      await gw.close();
      await runtime.stop();
      await bus.close();
      await deleteTestStream(namespace);
      await drop();
    }
  });
});

describe('gateway in distributed mode', () => {
  it('proxies to a service running on its own, with the same answers', async () => {
    const { db, drop } = await createTestDatabase();
    const { bus, namespace } = await createTestBus();
    const kit = testConfig();
    const def = authService({
      env: { OTP_RESEND_SECONDS: '0', OTP_SECRET: 'w'.repeat(40), ...DEMO_ADMIN_ENV },
    });
    const runtime = await createServiceRuntime(def, {
      db,
      bus,
      config: kit,
      logger: createLogger('silent', 't'),
    });
    const seenIds: string[] = [];
    const service = await buildStandaloneApp(def, runtime, kit, { logger: false });
    service.addHook('onRequest', async (req) => void seenIds.push(req.id));
    await service.listen({ port: 0, host: '127.0.0.1' });
    // Ready (its /health/ready answers 200) once it runs: until then the gateway sends it nothing.
    await runtime.start();
    const address = service.server.address() as { port: number };
    const gw = await buildGateway({
      config: gatewayConfig({ serviceUrls: { auth: `http://127.0.0.1:${address.port}` } }),
      kit,
      bus,
      embedded: {},
      logger: false,
    });
    await gw.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(gw.server.address() as { port: number }).port}`;
    await seedDemoTeam(gw);
    try {
      const token = await signIn(gw);
      const list = await fetch(`${base}/api/v1/auth/teamList?limit=2`, {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'dist-42' },
      });
      expect(list.status).toBe(200);
      expect((await list.json()).totalItems).toBe(4);
      expect(seenIds).toContain('dist-42');
      const bad = await fetch(`${base}/api/v1/auth/createTeam`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'X' }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: 'email is required' });
      const dash = await fetch(`${base}/api/v1/dashboard`, { headers: { authorization: `Bearer ${token}` } });
      expect((await dash.json()).totalTeam).toBe(4);
      // The API document lists the service's routes although they run in another process.
      await expect
        .poll(async () => Object.keys((await (await fetch(`${base}/api/docs/json`)).json()).paths))
        .toEqual(
          expect.arrayContaining(['/api/v1/auth/teamList', '/api/v1/auth/createTeam', '/api/v1/dashboard']),
        );
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
