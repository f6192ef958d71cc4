/**
 * Starting a process while PostgreSQL or NATS is away (distributed mode: a server restarting, a
 * container started before its database). The process does not exit: it listens at once, answers
 * `/health/live` 200 and `/health/ready` 503 with what it waits for, and tries to connect again
 * after 0.5 s, 1 s, 2 s … at most CONNECT_RETRY_MAX_MS (5 s) between tries, logging each wait with
 * its reason. Once both answer it migrates, starts its consumers and turns ready (runStandalone).
 * The gateway keeps an instance that answers 503 out of rotation (gateway/src/upstreams.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export interface ConnectRetry {
  /** Wait after the first failed try; default 500 ms. */
  initialMs?: number;
  /** Longest wait between two tries; default 5000 ms. */
  maxMs?: number;
}

/** The wait after the n-th failed try (n ≥ 1): initialMs, doubled each time, at most maxMs. */
export function connectRetryDelayMs(failures: number, o: ConnectRetry = {}): number {
  const initial = o.initialMs ?? 500;
  const max = o.maxMs ?? 5000;
  const n = Math.max(1, Math.floor(failures));
  // 2 ** 30 and more: the cap anyway (and no Infinity).
  return Math.min(max, initial * 2 ** Math.min(n - 1, 30));
}

/** What a failed try said, in one line. */
export function reasonOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; errors?: unknown } | null;
  let message = typeof e?.message === 'string' && e.message.trim() !== '' ? e.message : '';
  // Node's AggregateError (a connection refused on 127.0.0.1 and ::1) has no message of its own.
  if (!message && Array.isArray(e?.errors)) message = (e.errors as unknown[]).map(reasonOf).join('; ');
  if (!message) message = typeof e?.code === 'string' ? e.code : String(err);
  return message.replace(/\s*\n\s*/g, ' ').slice(0, 300);
}

export class StartAborted extends Error {
  override readonly name = 'StartAborted';
  constructor() {
    super('The start was given up (the process is stopping)');
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new StartAborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StartAborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface ConnectOptions extends ConnectRetry {
  logger: Logger;
  /** Aborted: stop trying (throws StartAborted). */
  signal?: AbortSignal;
  /** Told before each wait, with the reason and the wait (the starting server's readiness message). */
  onWaiting?: (reason: string, retryInMs: number) => void;
  /** Default: setTimeout (tests pass their own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * `connect()` until it succeeds: after each failure the reason is logged (warn) with the wait
 * before the next try, which doubles from `initialMs` up to `maxMs`. The first success is logged
 * when there were failures before it.
 */
export async function connectWithRetry<T>(
  what: string,
  connect: () => Promise<T>,
  o: ConnectOptions,
): Promise<T> {
  const wait = o.sleep ?? sleep;
  const since = Date.now();
  for (let failures = 1; ; failures++) {
    if (o.signal?.aborted) throw new StartAborted();
    try {
      const connected = await connect();
      if (failures > 1)
        o.logger.info({ what, tries: failures, waitedMs: Date.now() - since }, `connected to ${what}`);
      return connected;
    } catch (err) {
      if (o.signal?.aborted) throw new StartAborted();
      const retryInMs = connectRetryDelayMs(failures, o);
      const reason = reasonOf(err);
      o.logger.warn(
        { what, reason, tries: failures, retryInMs },
        `cannot reach ${what} (${reason}); trying again in ${retryInMs / 1000} s`,
      );
      o.onWaiting?.(reason, retryInMs);
      await wait(retryInMs, o.signal);
    }
  }
}

export interface StartingServer {
  readonly port: number;
  /** What /health/ready says while the process starts. */
  waitingFor(message: string): void;
  /** Stop listening and drop its connections (the service's own server takes the port next). */
  close(): Promise<void>;
}

/**
 * Marks an answer given by a process that has not started: the request was not handled, so the
 * gateway may send it, whatever its method, to another instance (gateway/src/upstreams.ts).
 */
export const NOT_HANDLED_HEADER = 'x-erp-not-handled';

/**
 * A bare HTTP server on the service's port while it starts: /health/live 200, /health/ready 503
 * {status: 'starting', message}, everything else 503 {message} with retry-after. Every answer
 * closes its connection, so nothing is held when the service's own server takes the port over.
 */
export async function listenWhileStarting(o: {
  port: number;
  host: string;
  name: string;
}): Promise<StartingServer> {
  let message = 'Starting';
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    // The body of a request is not read: the connection closes after the answer.
    if (req.method === 'GET' && path === '/health/live') return send(res, 200, { status: 'live' });
    if (req.method === 'GET' && path === '/health/ready')
      return send(res, 503, { status: 'starting', message });
    return send(
      res,
      503,
      { message: `The ${o.name} service is starting. Please try again in a few seconds.` },
      { 'retry-after': '5', [NOT_HANDLED_HEADER]: 'starting' },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: o.port, host: o.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  return {
    port,
    waitingFor(m) {
      message = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
