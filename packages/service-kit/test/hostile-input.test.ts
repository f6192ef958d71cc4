import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import {
  buildStandaloneApp,
  createLogger,
  createServiceRuntime,
  findNul,
  installErrorHandling,
  installNotFound,
  jsonNestsDeeperThan,
  serverOptions,
  type ServiceDefinition,
  type ServiceRuntime,
} from '../src/index.js';
import { createTestBus, createTestDatabase, deleteTestStream, testConfig } from '../src/testing/index.js';

/** A service with a public route that walks its body, and a signed-in one. */
const hostile: ServiceDefinition = {
  name: 'hostile',
  schema: 'hostile',
  migrationsDir: fileURLToPath(new URL('./fixtures/migrations', import.meta.url)),
  directory: () => ({ resolve: async () => null }),
  routes: async (app) => {
    app.post(
      '/echo',
      { config: { access: 'public' }, schema: { body: Type.Object({ data: Type.Unknown() }) } },
      async (request) => ({ ok: true, body: request.body }),
    );
    app.get('/id', { config: { access: 'public' } }, async (request) => ({ id: request.id }));
    app.get('/mine', async () => ({ secret: 'personal' }));
  },
};

const nested = (depth: number) => `{"data":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

let runtime: ServiceRuntime;
let embedded: FastifyInstance;
let standalone: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const { db, drop } = await createTestDatabase();
  const { bus, namespace } = await createTestBus();
  const config = testConfig();
  runtime = await createServiceRuntime(hostile, { db, bus, config, logger: createLogger('silent', 'test') });
  // As in the gateway: the service's plugin under /api/v1 of a server with only the kit's error handling.
  embedded = Fastify({ ...serverOptions(config, 'gateway'), logger: false });
  installErrorHandling(embedded);
  installNotFound(embedded);
  await embedded.register(runtime.plugin, { prefix: '/api/v1' });
  await embedded.ready();
  // As in distributed mode (the gateway proxies the body unparsed; the service parses it).
  standalone = await buildStandaloneApp(hostile, runtime, config, { logger: false });
  await standalone.ready();
  cleanup = async () => {
    await embedded.close();
    await standalone.close();
    await runtime.stop();
    await bus.close();
    await deleteTestStream(namespace);
    await drop();
  };
});
afterAll(async () => cleanup?.());

const apps = () => [
  { label: 'embedded', app: embedded, base: '/api/v1' },
  { label: 'standalone', app: standalone, base: '' },
];

describe('hostile JSON bodies', () => {
  it('a deeply nested body is refused with 400 and a clear message before any route runs, without signing in', async () => {
    for (const { label, app, base } of apps()) {
      for (const depth of [33, 1000, 200_000]) {
        const res = await app.inject({
          method: 'POST',
          url: `${base}/echo`,
          headers: { 'content-type': 'application/json' },
          payload: nested(depth),
        });
        expect(res.statusCode, `${label} ${depth}`).toBe(400);
        expect(res.json()).toEqual({
          message: 'The request body is nested too deeply (more than 32 levels)',
        });
      }
      const fine = await app.inject({
        method: 'POST',
        url: `${base}/echo`,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: nested(32),
      });
      expect(fine.statusCode, `${label} 32 levels`).toBe(200);
    }
  });

  it('brackets inside strings do not count as nesting, and a NUL deep inside is still found', async () => {
    const text = JSON.stringify({ data: { note: '[[[[{{{{'.repeat(100), quote: 'say \\"[[[\\"' } });
    expect(jsonNestsDeeperThan(text, 2)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    for (const { app, base } of apps()) {
      const ok = await app.inject({ method: 'POST', url: `${base}/echo`, payload: JSON.parse(text) });
      expect(ok.statusCode).toBe(200);
      const nul = await app.inject({
        method: 'POST',
        url: `${base}/echo`,
        payload: { data: [[{ deep: ['ok', 'bad\u0000'] }]] },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ message: 'data.0.0.deep.1 contains a character that is not allowed' });
    }
  });

  it('finds a NUL in a value of any depth without recursion (no stack overflow)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep)).toBe(`${'0.'.repeat(199_999)}0`);
    expect(findNul({ a: 'fine', b: { c: ['x', 'y'] } })).toBeNull();
    expect(findNul({ a: 'fine', ['k\u0000']: 1, z: 'n\u0000' })).toBe('k\u0000');
  });

  it('a body over the 1 MB limit is answered 413 with a message', async () => {
    for (const { app, base } of apps()) {
      const res = await app.inject({
        method: 'POST',
        url: `${base}/echo`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ data: 'x'.repeat(1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The request is too large' });
    }
  });
});

describe('request ids', () => {
  it('a short, plain X-Request-Id from the caller (the gateway’s UUID) is kept', async () => {
    for (const { app, base } of apps()) {
      for (const id of ['trace-123', '0b7e6a43-5c0e-4a9b-9d55-3c2f0f3d2a11', 'a.b:c_D-9', 'x'.repeat(64)]) {
        const res = await app.inject({ method: 'GET', url: `${base}/id`, headers: { 'x-request-id': id } });
        expect(res.json().id).toBe(id);
      }
    }
  });

  it('a long or malformed X-Request-Id is replaced with a fresh UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const { app, base } of apps()) {
      for (const id of [
        'x'.repeat(65),
        'a b',
        'evil"}{"admin":true',
        '<script>',
        'line\tbreak',
        'ümlaut',
        '',
      ]) {
        const res = await app.inject({ method: 'GET', url: `${base}/id`, headers: { 'x-request-id': id } });
        expect(res.json().id, JSON.stringify(id)).toMatch(uuid);
      }
      const none = await app.inject({ method: 'GET', url: `${base}/id` });
      expect(none.json().id).toMatch(uuid);
    }
  });
});

describe('caching', () => {
  it('every answer of a service says Cache-Control: no-store (public, refused and failed ones too)', async () => {
    for (const { label, app, base } of apps()) {
      const answers = [
        await app.inject({ method: 'GET', url: `${base}/id` }),
        await app.inject({ method: 'GET', url: `${base}/mine` }),
        await app.inject({
          method: 'GET',
          url: `${base}/mine`,
          headers: { authorization: 'Bearer not-a-token' },
        }),
        await app.inject({ method: 'POST', url: `${base}/echo`, payload: { data: 1 } }),
        await app.inject({ method: 'POST', url: `${base}/echo`, payload: { other: 1 } }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 401, 200, 400]);
      for (const a of answers) expect(a.headers['cache-control'], label).toBe('no-store');
    }
    // The service's plugin only: the standalone server's own health check is not its business.
    const health = await standalone.inject({ method: 'GET', url: '/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});
