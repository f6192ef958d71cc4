import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installErrorHandling,
  installNotFound,
  installObservability,
  serverOptions,
  type ServiceDefinition,
} from '../src/index.js';
import { testConfig } from '../src/testing/index.js';
import {
  createThing,
  effects,
  envelopeOf,
  kitTestService,
  ThingCreated,
  type KitTestOptions,
} from './fixtures/kittest.js';
import { rows } from './fixtures/helpers.js';
import { sample, standalone, type Standalone } from './fixtures/standalone.js';

let s: Standalone | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await s?.close();
  s = undefined;
});

/** The kit's test service with two routes, one with a path parameter. */
function service(o: KitTestOptions = {}): ServiceDefinition {
  return {
    ...kitTestService(o),
    routes: async (app) => {
      app.get('/things/:id', { config: { access: 'public' } }, async (request) => ({
        id: (request.params as { id: string }).id,
      }));
      app.post('/things', { config: { access: 'public' } }, async (_request, reply) =>
        reply.status(201).send({ ok: true }),
      );
    },
  };
}

async function scrape(): Promise<string> {
  const res = await s!.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

describe('GET /metrics of a service', () => {
  it('counts requests under their route pattern, never the raw URL; unknown paths share one label; scrapes and health polls are not counted', async () => {
    s = await standalone(service());
    for (const id of ['a', 'b', randomUUID()])
      expect((await s.app.inject({ method: 'GET', url: `/things/${id}` })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: '/things', payload: {} })).statusCode).toBe(201);
    expect((await s.app.inject({ method: 'GET', url: '/no/such/path/1' })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/no/such/path/2' })).statusCode).toBe(404);
    for (const url of ['/health', '/health/live', '/health/ready'])
      await s.app.inject({ method: 'GET', url });
    await scrape();

    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/things/:id', status: '200' })).toBe(
      3,
    );
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/things', status: '201' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '<unmatched>', status: '404' })).toBe(
      2,
    );
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/things/:id' })).toBe(
      3,
    );
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/things/:id',
        le: '0.001',
      }),
    ).toBeDefined();
    expect(text).not.toMatch(/route="\/things\/a"/);
    expect(text).not.toMatch(/route="\/(metrics|health)/);
    // Node's process metrics come along.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('reports the outbox, consumer lag, waiting retries and dead letters, and counts published and handled events by outcome', async () => {
    s = await standalone(service({ fails: (e) => (e.data as { name: string }).name === 'bad' }), {
      eventRetryBaseMs: 600_000,
    });
    const ctx = s.runtime.ctx;
    const good = await createThing(ctx, 'good');
    await createThing(ctx, 'bad');
    await s.bus.publish(envelopeOf(ThingCreated.subject, { id: 'x', name: 42 }));
    await expect
      .poll(async () => (await rows(s!.db, 'SELECT 1 FROM kittest.dead_letters')).length, { timeout: 15_000 })
      .toBe(1);
    await expect
      .poll(async () => (await rows(s!.db, 'SELECT 1 FROM kittest.consumer_failures')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await expect.poll(async () => (await effects(s!.db)).length, { timeout: 15_000 }).toBe(1);
    // An event committed while the relay is stopped stays pending.
    await ctx.relay.stop();
    await createThing(ctx, 'later');

    const svc = { service: 'kittest' };
    const consumer = { service: 'kittest', consumer: 'kittest-effects' };
    let text = await scrape();
    expect(sample(text, 'erp_outbox_pending', svc)).toBe(1);
    expect(sample(text, 'erp_outbox_oldest_pending_seconds', svc)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'erp_dead_letters', svc)).toBe(1);
    expect(sample(text, 'erp_consumer_failures', svc)).toBe(1);
    expect(sample(text, 'erp_events_published_total', svc)).toBe(2);
    expect(sample(text, 'erp_outbox_publish_lag_seconds_count', svc)).toBe(2);
    expect(sample(text, 'erp_events_handled_total', { ...consumer, outcome: 'handled' })).toBe(1);
    expect(sample(text, 'erp_events_handled_total', { ...consumer, outcome: 'failed' })).toBe(1);
    expect(sample(text, 'erp_events_handled_total', { ...consumer, outcome: 'dead_lettered' })).toBe(1);
    expect(sample(text, 'erp_event_handle_duration_seconds_count', consumer)).toBe(3);
    // Every delivery was acknowledged: nothing waits for this durable (always 0 on the in-process bus).
    await expect
      .poll(async () => sample(await scrape(), 'erp_consumer_lag', consumer), { timeout: 10_000 })
      .toBe(0);

    // The same event delivered again is skipped as a duplicate (JetStream would drop the copy itself).
    if (s.bus.kind === 'in-process') {
      await s.bus.publish(good);
      text = await scrape();
      expect(sample(text, 'erp_events_handled_total', { ...consumer, outcome: 'duplicate' })).toBe(1);
    }

    text = await scrape();
    if (s.db.kind === 'postgres') {
      expect(sample(text, 'erp_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'erp_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'erp_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'erp_db_pool_max')).toBe(5);
    } else {
      expect(text).not.toMatch(/^erp_db_pool/m);
    }
  });

  it('answers when a gauge cannot be read, keeping its last value', async () => {
    s = await standalone(service());
    await s.runtime.ctx.relay.stop();
    await createThing(s.runtime.ctx, 'pending');
    expect(sample(await scrape(), 'erp_outbox_pending', { service: 'kittest' })).toBe(1);

    vi.spyOn(s.db, 'query').mockRejectedValue(new Error('the database went away'));
    vi.spyOn(s.bus, 'consumerPending').mockReturnValue(new Promise(() => undefined)); // never answers: the scrape's timeout
    const started = Date.now();
    const text = await scrape();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(sample(text, 'erp_outbox_pending', { service: 'kittest' })).toBe(1);
    expect(sample(text, 'erp_consumer_lag', { service: 'kittest', consumer: 'kittest-effects' })).toBe(0);
  });
});

describe('GET /metrics of the gateway', () => {
  async function gatewayLike(publicMetrics: boolean) {
    const app = Fastify({ ...serverOptions(testConfig(), 'gateway'), logger: false });
    installErrorHandling(app);
    installNotFound(app);
    installObservability(app, { publicMetrics });
    app.get('/api/v1/po/:id', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('answers only callers on this machine unless METRICS_PUBLIC, and counts the gateway own requests', async () => {
    const app = await gatewayLike(false);
    try {
      await app.inject({ method: 'GET', url: '/api/v1/po/123' });
      const local = await app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(200);
      expect(
        sample(local.body, 'http_requests_total', { method: 'GET', route: '/api/v1/po/:id', status: '200' }),
      ).toBe(1);
      const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toEqual({ message: expect.stringMatching(/METRICS_PUBLIC/) });
      // A proxy on this machine passing on an outside caller does not make it local.
      const proxied = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(403);
    } finally {
      await app.close();
    }
    const open = await gatewayLike(true);
    try {
      expect(
        (await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode,
      ).toBe(200);
    } finally {
      await open.close();
    }
  });
});
