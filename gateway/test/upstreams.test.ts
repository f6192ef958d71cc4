/**
 * The gateway in front of services running as several instances (upstreams.ts). Each instance is a
 * small Fastify server answering the PO service's paths and /health/ready as the real one would, so
 * the tests can stop, start and break instances at will.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTokenService,
  listenWhileStarting,
  loadSessionKeys,
  sessionJwks,
  type Bus,
} from '@erp/service-kit';
import { createTestBus, deleteTestStream, mintToken, testConfig } from '@erp/service-kit/testing';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig, type GatewayConfig } from '../src/config.js';

const kit = testConfig();
const PO_DOWN = 'The purchase orders service is not available right now. Please try again in a moment.';

/** One instance of a service: its routes say which instance answered; it can be stopped and started again on its port. */
class FakeInstance {
  app: FastifyInstance | null = null;
  port = 0;
  ready = true;
  /** Its /health/ready never answers (an instance too busy to answer in time). */
  healthHangs = false;
  /** How many times /health/ready was asked. */
  readyAsked = 0;
  /** Path -> how many requests of it reached this instance. */
  hits = new Map<string, number>();
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly name: string,
    private readonly opts: {
      readiness?: boolean;
      stats?: Record<string, number>;
      closing?: boolean;
      dieOn?: (method: string, path: string) => boolean;
    } = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  count(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  async start(): Promise<this> {
    const app = Fastify({ logger: false });
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0]!;
      if (!path.startsWith('/health')) this.hits.set(path, this.count(path) + 1);
    });
    app.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    if (this.opts.readiness !== false) {
      app.get('/health/ready', async (_request, reply) => {
        this.readyAsked++;
        if (this.healthHangs) {
          reply.hijack();
          return;
        }
        return reply.code(this.ready ? 200 : 503).send({ status: this.ready ? 'ready' : 'starting' });
      });
    }
    app.get('/health', async () => ({ status: 'ok' }));
    app.get('/openapi.json', async () => ({
      paths: { '/po/list': { get: { summary: `list from ${this.name}` } } },
    }));
    const stats = this.opts.stats;
    for (const prefix of ['/po', '/vendors']) {
      app.route({
        method: ['GET', 'POST', 'PUT', 'DELETE'],
        url: `${prefix}/*`,
        handler: async (request, reply) => {
          const path = request.url.split('?')[0]!;
          if (path.endsWith('/stats') && stats) return stats;
          if (path.endsWith('/hang')) {
            reply.hijack();
            return;
          }
          if (path.endsWith('/busy'))
            return reply.code(503).header('retry-after', '5').send({
              message: 'The service cannot reach its database right now. Please try again in a moment.',
            });
          if (path.endsWith('/closing') && this.opts.closing) {
            // What Fastify answers, before any handler, to a request that arrives while it closes.
            reply.hijack();
            reply.raw.writeHead(503, {
              'Content-Type': 'application/json',
              'Content-Length': '80',
              Connection: 'close',
            });
            reply.raw.end('{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}');
            return;
          }
          if (this.opts.dieOn?.(request.method, path)) {
            // The process dies with the request in hand: no answer, the connection just breaks.
            reply.hijack();
            request.raw.socket.destroy();
            return;
          }
          return {
            instance: this.name,
            method: request.method,
            path,
            query: request.query,
            body: request.body ?? null,
            requestId: request.headers['x-request-id'],
          };
        },
      });
    }
    await app.listen({ port: this.port, host: '127.0.0.1' });
    this.port = (app.server.address() as { port: number }).port;
    this.app = app;
    return this;
  }

  async stop(): Promise<void> {
    const app = this.app;
    this.app = null;
    if (!app) return;
    await app.close();
  }

  /** Gone at once, as a killed process: the listening socket and every connection. */
  async kill(): Promise<void> {
    const app = this.app;
    this.app = null;
    if (!app) return;
    for (const s of this.sockets) s.destroy();
    await app.close();
  }
}

interface Gateway {
  gw: FastifyInstance;
  base: string;
  bus: Bus;
  close(): Promise<void>;
}

async function startGateway(
  serviceUrls: Record<string, string>,
  over: Partial<GatewayConfig> = {},
): Promise<Gateway> {
  const { bus, namespace } = await createTestBus();
  const config: GatewayConfig = {
    port: 0,
    host: '127.0.0.1',
    serviceUrls,
    shellDir: '/nonexistent/shell',
    remoteDirs: {},
    remoteOverrides: {},
    rateLimitPerMinute: 100_000,
    signInRateLimitPerMinute: 100_000,
    trustProxy: false,
    upstreamHealthIntervalMs: 600_000,
    ...over,
  };
  const gw = await buildGateway({ config, kit, bus, embedded: {}, logger: false });
  await gw.listen({ port: 0, host: '127.0.0.1' });
  return {
    gw,
    bus,
    base: `http://127.0.0.1:${(gw.server.address() as { port: number }).port}`,
    async close() {
      await gw.close();
      await bus.close();
      await deleteTestStream(namespace);
    },
  };
}

let token = '';
beforeAll(async () => {
  token = await mintToken({ config: kit }, { memberId: randomUUID(), sessionId: randomUUID() });
});

async function call(
  g: Gateway,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${g.base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

async function health(g: Gateway): Promise<{
  status: number;
  body: { status: string; checks: Record<string, { status: string; instances: Record<string, string> }> };
}> {
  const res = await fetch(`${g.base}/health`);
  return { status: res.status, body: (await res.json()) as never };
}

describe('a service with two instances', () => {
  let a: FakeInstance;
  let b: FakeInstance;
  let vendors: FakeInstance;
  let g: Gateway;
  const opened: Gateway[] = [];

  beforeAll(async () => {
    a = await new FakeInstance('a').start();
    b = await new FakeInstance('b').start();
    vendors = await new FakeInstance('vendors').start();
  });
  afterEach(async () => {
    for (const x of opened.splice(0)) await x.close();
    for (const i of [a, b, vendors]) if (!i.app) await i.start();
    for (const i of [a, b]) i.ready = true;
  });
  afterAll(async () => {
    for (const i of [a, b, vendors]) await i.stop();
  });

  async function gateway(over: Partial<GatewayConfig> = {}): Promise<Gateway> {
    g = await startGateway({ po: `${a.url},${b.url}`, vendors: vendors.url }, over);
    opened.push(g);
    return g;
  }

  it('sends the requests of a service to its instances in turn', async () => {
    await gateway();
    const answered: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(g, i % 2 ? 'POST' : 'GET', '/po/list', i % 2 ? { n: i } : undefined);
      expect(res.status).toBe(200);
      answered.push(res.json.instance);
    }
    expect(answered.filter((x) => x === 'a')).toHaveLength(3);
    expect(answered.filter((x) => x === 'b')).toHaveLength(3);
    for (let i = 1; i < answered.length; i++) expect(answered[i]).not.toBe(answered[i - 1]);
  });

  it('carries the request to the instance unchanged: path, query, body, request id', async () => {
    await gateway();
    const res = await fetch(`${g.base}/api/v1/po/create?x=1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-request-id': 'trace-77',
      },
      body: JSON.stringify({ vendor: 'V1', lines: [1, 2] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'POST',
      path: '/po/create',
      query: { x: '1' },
      body: { vendor: 'V1', lines: [1, 2] },
      requestId: 'trace-77',
    });
  });

  it('sends every request to the other instance once one has stopped, a write sent right after the stop included, and none fails', async () => {
    // The health poll never runs during this test: only the refused connection can tell the gateway.
    await gateway();
    const first = await call(g, 'GET', '/po/list');
    const [answered, stopped] = first.json.instance === 'a' ? [a, b] : [b, a];
    await stopped.stop();
    // The next turn is the stopped instance's: the write is refused there, so it never arrived, and goes to the other.
    const write = await call(g, 'POST', '/po/create', { n: 1 });
    expect(write.status).toBe(200);
    expect(write.json).toMatchObject({ instance: answered.name, body: { n: 1 } });
    const statuses: number[] = [];
    const instances = new Set<unknown>();
    for (let i = 0; i < 8; i++) {
      const res = await call(g, i % 2 ? 'POST' : 'GET', '/po/list', i % 2 ? { i } : undefined);
      statuses.push(res.status);
      instances.add(res.json.instance);
    }
    expect(statuses).toEqual(Array(8).fill(200));
    expect([...instances]).toEqual([answered.name]);
    const h = await health(g);
    expect(h.status).toBe(200);
    expect(h.body.checks.po).toEqual({
      status: 'ok',
      instances: { [a.url]: stopped === a ? 'down' : 'up', [b.url]: stopped === b ? 'down' : 'up' },
    });
    // The gateway's metrics say the same.
    const metrics = await (await fetch(`${g.base}/metrics`)).text();
    expect(metrics).toContain(`gateway_upstream_up{service="po",instance="${stopped.url}"} 0`);
    expect(metrics).toContain(`gateway_upstream_up{service="po",instance="${answered.url}"} 1`);
    expect(metrics).toContain(
      `gateway_upstream_requests_total{service="po",instance="${stopped.url}",outcome="refused"} 1`,
    );
    expect(metrics).toMatch(
      new RegExp(
        `gateway_upstream_requests_total\\{service="po",instance="${answered.url}",outcome="answered"\\} 10\\b`,
      ),
    );
  });

  it('loses no request, read or write, sent while an instance stops', async () => {
    await gateway();
    const sending = Array.from({ length: 60 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 2)).then(() =>
        call(g, i % 3 === 0 ? 'POST' : 'GET', '/po/list', i % 3 === 0 ? { i } : undefined),
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    await a.stop();
    const results = await Promise.all(sending);
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
  });

  it('answers 503 with the service’s own message on its paths when no instance is up, while the other services keep working', async () => {
    await gateway();
    await a.stop();
    await b.stop();
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { n: 1 }],
      ['GET', undefined],
    ] as const) {
      const res = await call(g, method, '/po/list', body);
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ message: PO_DOWN });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const other = await call(g, 'GET', '/vendors/list');
    expect(other.status).toBe(200);
    expect(other.json.instance).toBe('vendors');
    const h = await health(g);
    expect(h.status).toBe(503);
    expect(h.body.checks.po).toEqual({ status: 'down', instances: { [a.url]: 'down', [b.url]: 'down' } });
    expect(h.body.checks.vendors!.status).toBe('ok');
  });

  it('gives an instance traffic again once its health check answers 200', async () => {
    await gateway({ upstreamHealthIntervalMs: 50 });
    await a.stop();
    await b.stop();
    expect((await call(g, 'GET', '/po/list')).status).toBe(503);
    await a.start();
    await expect
      .poll(async () => (await call(g, 'GET', '/po/list')).json.instance, { timeout: 5000, interval: 50 })
      .toBe('a');
    await b.start();
    await expect
      .poll(async () => (await health(g)).body.checks.po!.instances[b.url], { timeout: 5000, interval: 50 })
      .toBe('up');
    const answered = new Set<unknown>();
    for (let i = 0; i < 4; i++) answered.add((await call(g, 'GET', '/po/list')).json.instance);
    expect([...answered].sort()).toEqual(['a', 'b']);
  });

  it('takes out an instance whose /health/ready answers 503 (starting or stopping) and brings it back when it answers 200', async () => {
    await gateway({ upstreamHealthIntervalMs: 50 });
    a.ready = false;
    await expect
      .poll(async () => (await health(g)).body.checks.po!.instances[a.url], { timeout: 5000, interval: 50 })
      .toBe('down');
    for (let i = 0; i < 4; i++) expect((await call(g, 'GET', '/po/list')).json.instance).toBe('b');
    a.ready = true;
    await expect
      .poll(async () => (await health(g)).body.checks.po!.instances[a.url], { timeout: 5000, interval: 50 })
      .toBe('up');
    const answered = new Set<unknown>();
    for (let i = 0; i < 4; i++) answered.add((await call(g, 'GET', '/po/list')).json.instance);
    expect([...answered].sort()).toEqual(['a', 'b']);
  });

  it('keeps an instance whose health check is late once or twice (busy, not gone), and takes it out when its checks go unanswered three times in a row', async () => {
    await gateway({ upstreamHealthIntervalMs: 50 });
    const state = async () => (await health(g)).body.checks.po!.instances[a.url];
    a.healthHangs = true;
    const asked = a.readyAsked;
    // The third check is under way: the two before it went unanswered (one check at a time per instance).
    await expect.poll(() => a.readyAsked - asked, { timeout: 5000, interval: 5 }).toBeGreaterThanOrEqual(3);
    expect(await state()).toBe('up');
    await expect.poll(state, { timeout: 5000, interval: 20 }).toBe('down');
    for (let i = 0; i < 4; i++) expect((await call(g, 'GET', '/po/list')).json.instance).toBe('b');
    a.healthHangs = false;
    await expect.poll(state, { timeout: 5000, interval: 50 }).toBe('up');
  });

  it('asks the instances again at once when none is up, so one that has just become ready takes the request without waiting for the poll', async () => {
    a.ready = false;
    b.ready = false;
    // The poll never runs again during this test.
    await gateway();
    expect((await health(g)).body.checks.po!.status).toBe('down');
    const refused = await call(g, 'GET', '/po/list');
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({ message: PO_DOWN });
    b.ready = true;
    const res = await call(g, 'POST', '/po/create', { n: 1 });
    expect(res.status).toBe(200);
    expect(res.json.instance).toBe('b');
  });

  it('adds up the dashboard from the instances that are up; a service with none up counts 0 and its counts are listed as unavailable', async () => {
    const po1 = await new FakeInstance('po1', { stats: { activePo: 7 } }).start();
    const po2 = await new FakeInstance('po2', { stats: { activePo: 7 } }).start();
    const v = await new FakeInstance('v', { stats: { totalVendor: 3 } }).start();
    const d = await startGateway({ po: `${po1.url},${po2.url}`, vendors: v.url });
    opened.push(d);
    try {
      const dash = async () => (await call(d, 'GET', '/dashboard')).json;
      expect(await dash()).toMatchObject({ activePo: 7, totalVendor: 3 });
      expect(await dash()).not.toHaveProperty('unavailable');
      await po1.stop();
      expect(await dash()).toMatchObject({ activePo: 7, totalVendor: 3 });
      await po2.stop();
      expect(await dash()).toMatchObject({ activePo: 0, totalVendor: 3, unavailable: ['activePo'] });
    } finally {
      await Promise.all([po1.stop(), po2.stop(), v.stop()]);
    }
  });

  it('merges a service’s API document fetched from an instance that is up', async () => {
    await a.stop();
    await gateway();
    await expect
      .poll(
        async () =>
          Object.keys(((await (await fetch(`${g.base}/api/docs/json`)).json()) as { paths: object }).paths),
        { timeout: 5000 },
      )
      .toContain('/api/v1/po/list');
  });
});

describe('a request whose instance fails while handling it', () => {
  const dies = (method: string, path: string) =>
    path === '/po/die' && (method === 'POST' || method === 'DELETE');
  let a: FakeInstance;
  let b: FakeInstance;
  let g: Gateway;

  beforeAll(async () => {
    // Writes to /po/die break the connection on both instances; reads of it only on a.
    a = await new FakeInstance('a', {
      dieOn: (m, p) => dies(m, p) || (m === 'GET' && p === '/po/die'),
    }).start();
    b = await new FakeInstance('b', { dieOn: dies }).start();
    g = await startGateway({ po: `${a.url},${b.url}` }, { upstreamTimeoutMs: 500 });
  });
  afterAll(async () => {
    await g.close();
    await a.kill();
    await b.kill();
  });

  it('is not sent again when it is a write that reached the instance: 502 saying the change may have been saved', async () => {
    for (const method of ['POST', 'DELETE']) {
      const before = a.count('/po/die') + b.count('/po/die');
      const res = await call(g, method, '/po/die', method === 'POST' ? { amount: 100 } : undefined);
      expect(res.status).toBe(502);
      expect(res.json).toEqual({
        message:
          'The purchase orders service stopped before answering. Your change may have been saved: please check before trying again.',
      });
      // One instance received it, and only one.
      expect(a.count('/po/die') + b.count('/po/die') - before).toBe(1);
    }
  });

  it('is sent once more, to another instance, when it is a read', async () => {
    const before = { a: a.count('/po/die'), b: b.count('/po/die') };
    for (let i = 0; i < 2; i++) {
      const res = await call(g, 'GET', '/po/die');
      expect(res.status).toBe(200);
      expect(res.json.instance).toBe('b');
    }
    // a stays up (its health check answers 200), so each read was first sent to a, whose connection
    // broke, then to b.
    expect(a.count('/po/die') - before.a).toBe(2);
    expect(b.count('/po/die') - before.b).toBe(2);
  });

  it('answers 504 when the instance does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const started = Date.now();
    const res = await call(g, 'GET', '/po/hang');
    expect(res.status).toBe(504);
    expect(res.json).toEqual({
      message: 'The purchase orders service took too long to answer. Please try again in a moment.',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const write = await call(g, 'POST', '/po/hang', { n: 1 });
    expect(write.status).toBe(504);
    expect(write.json.message).toMatch(/took too long to answer\. Your change may have been saved/);
  });
});

describe('an instance that is stopping', () => {
  it('sends a request it answered with Fastify’s closing 503 (not handled) to another instance, a write with its body included', async () => {
    const closing = await new FakeInstance('closing', { closing: true }).start();
    const other = await new FakeInstance('other').start();
    const g = await startGateway({ po: `${closing.url},${other.url}` });
    try {
      // The first request goes to the first instance listed.
      const res = await call(g, 'POST', '/po/closing', { amount: 250, note: 'x'.repeat(5000) });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ instance: 'other', body: { amount: 250, note: 'x'.repeat(5000) } });
      expect(closing.count('/po/closing')).toBe(1);
      expect((await health(g)).body.checks.po!.instances[closing.url]).toBe('down');
    } finally {
      await g.close();
      await closing.stop();
      await other.stop();
    }
  });

  it('sends a write that an instance restarted since the last health poll answered with its starting 503 (not handled) to another instance', async () => {
    const restarted = await new FakeInstance('restarted').start();
    const other = await new FakeInstance('other').start();
    const g = await startGateway({ po: `${restarted.url},${other.url}` });
    const port = Number(new URL(restarted.url).port);
    await restarted.stop();
    // The process came back and listens while it connects to its database and bus (startup.ts);
    // the health poll (every 10 minutes here) has not seen it go.
    const starting = await listenWhileStarting({ port, host: '127.0.0.1', name: 'po' });
    try {
      const res = await call(g, 'POST', '/po/create', { amount: 250 });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ instance: 'other', body: { amount: 250 } });
      expect(other.count('/po/create')).toBe(1);
      expect((await health(g)).body.checks.po!.instances[restarted.url]).toBe('down');
    } finally {
      await g.close();
      await starting.close();
      await other.stop();
    }
  });

  it('passes on a 503 the service itself answered, without sending the request again', async () => {
    const a = await new FakeInstance('a').start();
    const b = await new FakeInstance('b').start();
    const g = await startGateway({ po: `${a.url},${b.url}` });
    try {
      for (const method of ['GET', 'POST']) {
        const res = await call(g, method, '/po/busy', method === 'POST' ? {} : undefined);
        expect(res.status).toBe(503);
        expect(res.json).toEqual({
          message: 'The service cannot reach its database right now. Please try again in a moment.',
        });
        expect(res.headers.get('retry-after')).toBe('5');
      }
      expect(a.count('/po/busy') + b.count('/po/busy')).toBe(2);
    } finally {
      await g.close();
      await a.stop();
      await b.stop();
    }
  });
});

describe('instances without readiness', () => {
  it('counts an instance whose /health/ready is missing (404) as up when its /health answers 200', async () => {
    const old = await new FakeInstance('old', { readiness: false }).start();
    const g = await startGateway({ po: old.url }, { upstreamHealthIntervalMs: 50 });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const h = await health(g);
      expect(h.body.checks.po).toEqual({ status: 'ok', instances: { [old.url]: 'up' } });
      expect((await call(g, 'GET', '/po/list')).json.instance).toBe('old');
    } finally {
      await g.close();
      await old.stop();
    }
  });
});

describe('<NAME>_SERVICE_URL', () => {
  it('lists one or several instances, comma-separated; the poll interval and the timeout have defaults', () => {
    const config = loadGatewayConfig({
      PO_SERVICE_URL: ' http://127.0.0.1:3006/ , http://127.0.0.1:3016',
      VENDORS_SERVICE_URL: 'http://vendors:3000',
    });
    expect(config.serviceUrls).toEqual({
      po: 'http://127.0.0.1:3006,http://127.0.0.1:3016',
      vendors: 'http://vendors:3000',
    });
    expect(config.upstreamHealthIntervalMs).toBe(1000);
    expect(config.upstreamTimeoutMs).toBe(30_000);
    expect(
      loadGatewayConfig({ UPSTREAM_HEALTH_INTERVAL_MS: '250', UPSTREAM_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ upstreamHealthIntervalMs: 250, upstreamTimeoutMs: 5000 });
  });

  it('refuses a value that is not a list of http URLs', () => {
    expect(() => loadGatewayConfig({ PO_SERVICE_URL: 'http://a:1,po-2:3000' })).toThrow(
      /PO_SERVICE_URL must be an http\(s\) URL or several separated by commas \(got "po-2:3000"\)/,
    );
    expect(() => loadGatewayConfig({ PO_SERVICE_URL: ' , ' })).toThrow(
      /PO_SERVICE_URL must list at least one URL/,
    );
  });
});

describe('AUTH_SERVICE_URL with several instances of auth', () => {
  it('fetches the session keys from the next instance when the first does not answer', async () => {
    const keys = await loadSessionKeys(
      { AUTH_SERVICE_URL: 'http://127.0.0.1:9/, http://127.0.0.1:91' },
      '/nonexistent',
      true,
      'vendors',
    );
    expect(keys).toEqual({
      publicKeys: [],
      jwksUrl: 'http://127.0.0.1:9/auth/jwks',
      jwksFallbackUrls: ['http://127.0.0.1:91/auth/jwks'],
    });
    const auth = Fastify({ logger: false });
    auth.get('/auth/jwks', async () => sessionJwks(kit.sessionKeys));
    await auth.listen({ port: 0, host: '127.0.0.1' });
    try {
      const live = `http://127.0.0.1:${(auth.server.address() as { port: number }).port}`;
      const gwKeys = await loadSessionKeys(
        { AUTH_SERVICE_URL: `http://127.0.0.1:9,${live}` },
        '/nonexistent',
        true,
      );
      const tokens = createTokenService(gwKeys);
      const memberId = randomUUID();
      expect(
        (await tokens.verify(await mintToken({ config: kit }, { memberId, sessionId: randomUUID() })))
          ?.memberId,
      ).toBe(memberId);
    } finally {
      await auth.close();
    }
  });
});
