/**
 * Starting while PostgreSQL or NATS is away (startup.ts): the waits between tries, their log lines,
 * the server that answers /health/live and /health/ready meanwhile, and the one-line refusal of a
 * missing setting (config.ts, exitOnConfigError).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, exitOnConfigError, loadKitConfig, missingSetting } from '../src/config.js';
import {
  connectRetryDelayMs,
  connectWithRetry,
  listenWhileStarting,
  reasonOf,
  StartAborted,
  type StartingServer,
} from '../src/startup.js';

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n'))
        if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, out), lines };
}

describe('the wait between tries to connect', () => {
  it('starts at 0.5 s, doubles, and stays at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => connectRetryDelayMs(n))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000, 5000, 5000,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((n) => connectRetryDelayMs(n, { initialMs: 1000, maxMs: 30_000 }))).toEqual(
      [1000, 2000, 4000, 8000, 16_000, 30_000],
    );
    expect(connectRetryDelayMs(10_000, { maxMs: 7000 })).toBe(7000);
  });

  it('names the reason of a refused connection, also when Node gives an AggregateError without a message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(reasonOf(refused)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(reasonOf(new AggregateError([refused, new Error('connect ECONNREFUSED ::1:5432')], ''))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432; connect ECONNREFUSED ::1:5432',
    );
    expect(reasonOf({ code: 'CONNECTION_REFUSED' })).toBe('CONNECTION_REFUSED');
  });
});

describe('connecting with retries', () => {
  it('tries again after each failure, logging the reason and the wait, until it connects', async () => {
    const { logger, lines } = capturedLogger();
    const waits: number[] = [];
    const told: string[] = [];
    let tries = 0;
    const connected = await connectWithRetry(
      'PostgreSQL',
      async () => {
        tries++;
        if (tries < 4) throw new Error(`connect ECONNREFUSED 127.0.0.1:5432 (try ${tries})`);
        return 'the pool';
      },
      {
        logger,
        sleep: async (ms) => void waits.push(ms),
        onWaiting: (reason, ms) => told.push(`${reason} / ${ms}`),
      },
    );
    expect(connected).toBe('the pool');
    expect(waits).toEqual([500, 1000, 2000]);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings.map((l) => l.msg)).toEqual([
      'cannot reach PostgreSQL (connect ECONNREFUSED 127.0.0.1:5432 (try 1)); trying again in 0.5 s',
      'cannot reach PostgreSQL (connect ECONNREFUSED 127.0.0.1:5432 (try 2)); trying again in 1 s',
      'cannot reach PostgreSQL (connect ECONNREFUSED 127.0.0.1:5432 (try 3)); trying again in 2 s',
    ]);
    expect(warnings[0]).toMatchObject({
      what: 'PostgreSQL',
      tries: 1,
      retryInMs: 500,
      reason: 'connect ECONNREFUSED 127.0.0.1:5432 (try 1)',
    });
    expect(told).toEqual([
      'connect ECONNREFUSED 127.0.0.1:5432 (try 1) / 500',
      'connect ECONNREFUSED 127.0.0.1:5432 (try 2) / 1000',
      'connect ECONNREFUSED 127.0.0.1:5432 (try 3) / 2000',
    ]);
    expect(lines.at(-1)).toMatchObject({ msg: 'connected to PostgreSQL', tries: 4 });
  });

  it('gives up when the process is told to stop while it waits', async () => {
    const { logger } = capturedLogger();
    const abort = new AbortController();
    const trying = connectWithRetry(
      'NATS',
      async () => {
        throw new Error('CONNECTION_REFUSED');
      },
      { logger, signal: abort.signal, initialMs: 60_000 },
    );
    setTimeout(() => abort.abort(), 20);
    await expect(trying).rejects.toBeInstanceOf(StartAborted);
  });
});

describe('the server of a starting process', () => {
  let server: StartingServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers live 200 and ready 503 with what it waits for, everything else 503 with a message, and frees its port on close', async () => {
    server = await listenWhileStarting({ port: 0, host: '127.0.0.1', name: 'po' });
    const base = `http://127.0.0.1:${server.port}`;
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    server.waitingFor('Starting: waiting for NATS (CONNECTION_REFUSED); next try in 2 s');
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'starting',
      message: 'Starting: waiting for NATS (CONNECTION_REFUSED); next try in 2 s',
    });
    const api = await fetch(`${base}/po?limit=5`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({
      message: 'The po service is starting. Please try again in a few seconds.',
    });

    const port = server.port;
    await server.close();
    server = undefined;
    // The service's own server takes the port next.
    server = await listenWhileStarting({ port, host: '127.0.0.1', name: 'po' });
    expect(server.port).toBe(port);
  });
});

describe('a missing setting', () => {
  it('is one line on stderr naming it, and exit code 1', async () => {
    const written: string[] = [];
    const exit = (code: number): never => {
      throw Object.assign(new Error('exited'), { code });
    };
    const refused = exitOnConfigError(
      () => loadKitConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent-erp' }, 'auth'),
      { write: (l: string) => written.push(l) },
      exit,
    );
    await expect(refused).rejects.toMatchObject({ code: 1 });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^Cannot start: JWT_PRIVATE_KEY is not set \(required with NODE_ENV=production\)[^\n]*\n$/,
    );

    written.length = 0;
    await expect(
      exitOnConfigError(
        () => loadKitConfig({ OUTBOX_POLL_MS: 'often' }),
        { write: (l: string) => written.push(l) },
        exit,
      ),
    ).rejects.toMatchObject({ code: 1 });
    expect(written).toEqual([
      'Cannot start: OUTBOX_POLL_MS must be a whole number of at least 10 (got "often")\n',
    ]);
  });

  it('is told apart from other errors, which go on with their stack', async () => {
    expect(missingSetting('OTP_SECRET', 'NODE_ENV=production')).toBeInstanceOf(ConfigError);
    const bug = new TypeError('x is undefined');
    await expect(
      exitOnConfigError(
        () => {
          throw bug;
        },
        { write: () => undefined },
        () => {
          throw new Error('must not exit');
        },
      ),
    ).rejects.toBe(bug);
  });
});
