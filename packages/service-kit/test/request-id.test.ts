import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@erp/contracts';
import { buildStandaloneApp, type ServiceDefinition } from '../src/index.js';
import { kitTestService, ThingCreated } from './fixtures/kittest.js';
import { capturingLogger, rows } from './fixtures/helpers.js';
import { standalone, type Standalone } from './fixtures/standalone.js';

let s: Standalone | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await s?.close();
  s = undefined;
});

const nameOf = (e: EventEnvelope) => (e.data as { name: string }).name;

/** POST /things writes a thing and its event; the `chain` consumer answers a thing named "chain" with one named "chained". */
function service(): ServiceDefinition {
  const base = kitTestService({ fails: (e) => nameOf(e) === 'poison' });
  return {
    ...base,
    consumers: [
      ...base.consumers!,
      {
        name: 'chain',
        events: [ThingCreated],
        async handle(tx, envelope, ctx) {
          if (nameOf(envelope) !== 'chain') return;
          ctx.log.info('answering a chain');
          await ctx.emit(tx, ThingCreated, { id: randomUUID(), name: 'chained' });
        },
      },
    ],
    routes: async (app, ctx) => {
      app.post('/things', { config: { access: 'public' } }, async (request, reply) => {
        const { name } = request.body as { name: string };
        request.log.info({ name }, 'writing a thing');
        await ctx.tx((tx) =>
          ctx.emit(tx, ThingCreated, { id: randomUUID(), name }, { requestId: request.id }),
        );
        return reply.status(201).send({ ok: true });
      });
    },
  };
}

describe('the request id in log lines', () => {
  it("is on the request's own lines, the relay's and the consumers' lines for its events, and on the events its consumers write", async () => {
    const { logger, lines } = capturingLogger('debug');
    s = await standalone(service(), { eventRetryBaseMs: 600_000 }, logger);
    // The app logs to the same capturing logger as the runtime.
    await s.app.close();
    s.app = await buildStandaloneApp(service(), s.runtime, s.config, {
      logger: undefined,
      loggerInstance: logger,
    });

    const post = (name: string, id: string) =>
      s!.app.inject({ method: 'POST', url: '/things', headers: { 'x-request-id': id }, payload: { name } });
    expect((await post('chain', 'trace-chain')).statusCode).toBe(201);
    await expect
      .poll(async () => rows(s!.db, "SELECT 1 FROM kittest.effects WHERE name = 'chained'"), {
        timeout: 15_000,
      })
      .toHaveLength(1);

    const withId = (id: string) => lines.filter((l) => l.requestId === id).map((l) => l.msg);
    expect(withId('trace-chain')).toEqual(
      expect.arrayContaining([
        'writing a thing',
        'request',
        'event published',
        'event handled',
        'answering a chain',
      ]),
    );
    expect(lines.find((l) => l.msg === 'request' && l.url === '/things' && l.status)).toMatchObject({
      requestId: 'trace-chain',
      status: 201,
    });
    // The event the consumer wrote carries the request id on, and so do the lines about it.
    const [chained] = await rows<{ envelope: EventEnvelope }>(
      s.db,
      "SELECT envelope FROM kittest.outbox WHERE envelope->'data'->>'name' = 'chained'",
    );
    expect(chained!.envelope.requestId).toBe('trace-chain');
    expect(
      lines.filter(
        (l) =>
          l.msg === 'event handled' && l.requestId === 'trace-chain' && l.eventId === chained!.envelope.id,
      ),
    ).not.toHaveLength(0);

    // A failed publish and a failed handler say which request they came from too.
    await s.runtime.ctx.relay.stop();
    expect((await post('poison', 'trace-poison')).statusCode).toBe(201);
    vi.spyOn(s.bus, 'publish').mockRejectedValueOnce(new Error('the bus is away'));
    await s.runtime.ctx.relay.drain();
    expect(lines.find((l) => String(l.msg).startsWith('publishing an event failed'))).toMatchObject({
      requestId: 'trace-poison',
      level: 40,
    });
    await s.runtime.ctx.db.query('UPDATE kittest.outbox SET next_attempt_at = now()');
    await s.runtime.ctx.relay.drain();
    await expect
      .poll(() => lines.find((l) => String(l.msg).includes('will be tried again')), { timeout: 15_000 })
      .toMatchObject({ requestId: 'trace-poison', level: 40 });
  }, 60_000);
});
