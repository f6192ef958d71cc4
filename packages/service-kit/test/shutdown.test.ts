import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutdownGracefully, type ServiceDefinition, type ShutdownPlan } from '../src/index.js';
import { createTestBus } from '../src/testing/index.js';
import { effects, kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, rows } from './fixtures/helpers.js';
import { standalone, type Standalone } from './fixtures/standalone.js';

let s: Standalone | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const c of cleanups.splice(0).reverse()) await c();
  await s?.close();
  s = undefined;
});

/** A request the test holds open until it says so. */
function gate() {
  let open!: () => void;
  let arrived!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const came = new Promise<void>((r) => (arrived = r));
  return { open, opened, arrived, came };
}

/** The kit's test service with /slow, which answers once the test opens the gate. */
function slowService(g: ReturnType<typeof gate>): ServiceDefinition {
  return {
    ...kitTestService(),
    routes: async (app) => {
      app.get('/slow', { config: { access: 'public' } }, async () => {
        g.arrived();
        await g.opened;
        return { done: true };
      });
    },
  };
}

async function listen(app: Standalone['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function plan(
  o: Standalone,
  overrides: Partial<ShutdownPlan> = {},
): ShutdownPlan & { exit: ReturnType<typeof vi.fn> } {
  const exit = vi.fn();
  // The test database stays open (db left out) so the test can look at it after the shutdown.
  return {
    app: o.app,
    runtimes: [o.runtime],
    bus: o.bus,
    config: { shutdownDrainMs: 0, shutdownTimeoutMs: 20_000 },
    logger: capturingLogger('silent').logger,
    exit,
    ...overrides,
  };
}

describe('readiness', () => {
  it('/health/live answers while the process runs; /health/ready is 503 until the service runs, then 200, and 503 when the database does not answer', async () => {
    s = await standalone(kitTestService(), {}, undefined, false);
    expect((await s.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'live' });
    const starting = await s.app.inject({ method: 'GET', url: '/health/ready' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting', message: expect.any(String) });

    await s.runtime.start();
    const ready = await s.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    vi.spyOn(s.db, 'query').mockRejectedValue(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    // On PostgreSQL, as the check's time after the server went away: no query answered since.
    if (s.db.answeredWithin) vi.spyOn(s.db, 'answeredWithin').mockReturnValue(false);
    const down = await s.app.inject({ method: 'GET', url: '/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', message: 'The database cannot be reached' });
    expect((await s.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('turns readiness 503 at once while a slow request in flight still completes with 200, then stops, logging each step', async () => {
    const g = gate();
    s = await standalone(slowService(g));
    const base = await listen(s.app);
    const { logger, lines } = capturingLogger('info');
    const p = plan(s, { logger, config: { shutdownDrainMs: 300, shutdownTimeoutMs: 20_000 } });
    // A keep-alive socket left idle must not hold the close up (forceCloseConnections: 'idle').
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);

    const slow = fetch(`${base}/slow`);
    await g.came;
    const t0 = Date.now();
    const shutdown = shutdownGracefully(p, 'SIGTERM');
    const during = await fetch(`${base}/health/ready`);
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ status: 'stopping', message: expect.any(String) });
    // Past the drain wait the server is closing, and still waits for the request in hand.
    await new Promise((r) => setTimeout(r, 600));
    expect(p.exit).not.toHaveBeenCalled();
    g.open();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });

    expect(await shutdown).toBe(0);
    expect(p.exit).toHaveBeenCalledWith(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    await expect(fetch(`${base}/health/live`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow(
      /fetch failed/,
    );
    const steps = lines.filter((l) => String(l.msg).startsWith('shutdown: ')).map((l) => l.msg);
    expect(steps).toEqual([
      'shutdown: drain wait over',
      'shutdown: server closed; requests in flight answered',
      'shutdown: consumers stopped',
      'shutdown: outbox flushed',
      'shutdown: services stopped',
      'shutdown: bus closed',
    ]);
    for (const l of lines.filter((l) => String(l.msg).startsWith('shutdown: ')))
      expect(l.ms).toEqual(expect.any(Number));
    expect(lines.find((l) => l.msg === 'shutting down: /health/ready answers 503')).toMatchObject({
      reason: 'SIGTERM',
      drainMs: 300,
    });
    expect(s.runtime.state).toBe('stopped');
  });

  it('publishes the events committed but not yet published, in its last flush of the outbox', async () => {
    s = await standalone(kitTestService());
    const ctx = s.runtime.ctx;
    // The relay has not got to the event below yet (its timer is off): it waits for the shutdown's flush.
    await ctx.relay.stop();
    const envelope = await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO kittest.things (id, name) VALUES ($1, $2)', [
        crypto.randomUUID(),
        'last words',
      ]);
      return ctx.emit(tx, ThingCreated, { id: crypto.randomUUID(), name: 'last words' });
    });
    expect(await rows(s.db, 'SELECT id FROM kittest.outbox WHERE published_at IS NULL')).toHaveLength(1);
    const { logger, lines } = capturingLogger('info');

    expect(await shutdownGracefully(plan(s, { logger }), 'SIGTERM')).toBe(0);
    expect(await rows(s.db, 'SELECT id FROM kittest.outbox WHERE published_at IS NULL')).toEqual([]);
    expect(lines.find((l) => l.msg === 'shutdown: outbox flushed')).toMatchObject({ published: 1 });
    if (s.bus.kind === 'in-process') {
      // In one process the consumers stay subscribed until the flush is over: the event is handled.
      expect(await effects(s.db)).toEqual([{ event_id: envelope.id, name: 'last words' }]);
    } else {
      // On NATS the consumers stopped first; the event waits in the stream for the next instance.
      const next = await createTestBus(s.namespace);
      cleanups.push(() => next.bus.close());
      const got: string[] = [];
      const sub = await next.bus.subscribe({
        durable: 'kittest-effects',
        subjects: [ThingCreated.subject],
        handler: async (e) => void got.push(e.id),
      });
      cleanups.push(() => sub.stop());
      await expect.poll(() => got, { timeout: 15_000 }).toContain(envelope.id);
    }
  });

  it('exits with 1 once SHUTDOWN_TIMEOUT_MS has passed, whatever is still running', async () => {
    const g = gate();
    s = await standalone(slowService(g));
    const base = await listen(s.app);
    const { logger, lines } = capturingLogger('info');
    const p = plan(s, { logger, config: { shutdownDrainMs: 0, shutdownTimeoutMs: 300 } });
    const slow = fetch(`${base}/slow`);
    await g.came;
    const shutdown = shutdownGracefully(p, 'SIGTERM');
    await expect.poll(() => p.exit.mock.calls, { timeout: 5000 }).toEqual([[1]]);
    expect(lines.find((l) => String(l.msg).includes('SHUTDOWN_TIMEOUT_MS'))).toMatchObject({
      level: 50,
      limitMs: 300,
    });
    g.open();
    await slow;
    await shutdown;
    expect(p.exit).toHaveBeenCalledTimes(1);
  });
});
