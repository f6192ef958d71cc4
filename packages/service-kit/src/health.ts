/**
 * Liveness, readiness and metrics routes of every process (each service on its own, the gateway):
 * - GET /health/live: 200 while the process runs.
 * - GET /health/ready: 200 {status:'ready'} once the process has started (a service: migrated,
 *   subscribed and publishing; the gateway: listening) and while its database answers (a query
 *   answered in the last 2 s, or else a SELECT 1 within 2 s); otherwise 503
 *   {status:'starting'|'stopping'|'unavailable', message}. A shutdown turns it 503 at once, before the
 *   server stops taking requests, so load balancers and the gateway's polls move away first.
 * - GET /metrics (metrics.ts).
 * GET /health stays as it was (scripts use it).
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from './db/types.js';
import { installMetrics, Metrics } from './metrics.js';

export type NotReady = { status: 'starting' | 'stopping' | 'unavailable'; message: string };

export interface ReadinessOptions {
  /** Why the process is not ready (not started yet, or stopped), or null when it is: asked at every check. */
  notReady: () => NotReady | null;
  /** Checked with SELECT 1 at every check. */
  db?: Database | undefined;
  /** How long the database may take to answer the check; default 2000. */
  checkTimeoutMs?: number;
}

export class Readiness {
  private stoppingSince: number | null = null;

  constructor(private readonly opts: ReadinessOptions) {}

  /** Shutdown has begun: /health/ready answers 503 from now on. */
  stopping(): void {
    this.stoppingSince ??= Date.now();
  }

  get isStopping(): boolean {
    return this.stoppingSince !== null;
  }

  /** null when ready; otherwise why not. */
  async check(): Promise<NotReady | null> {
    if (this.stoppingSince !== null)
      return { status: 'stopping', message: 'Shutting down: not taking new requests' };
    const not = this.opts.notReady();
    if (not) return not;
    if (this.opts.db) {
      const ms = this.opts.checkTimeoutMs ?? 2000;
      // Under load every connection may be busy, and a SELECT 1 would wait its turn behind the
      // requests: the instance would look down to the gateway exactly when it is working hardest
      // (issue 14's bench: 557 approvals refused with 503 so). A query answered within the check's
      // time says as much as the SELECT 1 would.
      if (this.opts.db.answeredWithin?.(ms)) return null;
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        this.opts.db.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), ms);
          timer.unref();
        }),
      ]).finally(() => clearTimeout(timer));
      if (!answered) return { status: 'unavailable', message: 'The database cannot be reached' };
    }
    return null;
  }
}

export interface ObservabilityOptions {
  /** Answer /metrics to any caller; false: only to this machine (the gateway without METRICS_PUBLIC). */
  publicMetrics: boolean;
  /** Database to check for readiness (and report the pool of). */
  db?: Database | undefined;
  /** Why the process is not ready (not started yet), or null when it is; default: until the server listens. */
  notReady?: () => NotReady | null;
  logger?: Logger | undefined;
}

export interface Observability {
  metrics: Metrics;
  readiness: Readiness;
}

const installed = new WeakMap<FastifyInstance, Observability>();

/**
 * /metrics with the HTTP metrics, /health/live and /health/ready on an app. Call it before the
 * routes' plugins are registered (its onResponse hook must cover them).
 */
export function installObservability(app: FastifyInstance, opts: ObservabilityOptions): Observability {
  const metrics = new Metrics({ logger: opts.logger ?? (app.log as Logger) });
  if (opts.db) metrics.addDatabase(opts.db);
  const readiness = new Readiness({
    notReady:
      opts.notReady ??
      (() => (app.server.listening ? null : { status: 'starting', message: 'Starting: not listening yet' })),
    db: opts.db,
  });
  installMetrics(app, metrics, { public: opts.publicMetrics });
  // Once shutting down, every answer closes its connection: a keep-alive socket that carried a
  // request in flight would otherwise hold app.close() up, and clients reconnect to an instance
  // that stays.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.isStopping) reply.header('connection', 'close');
  });
  app.get(
    '/health/live',
    { schema: { hide: true }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' };
    },
  );
  app.get(
    '/health/ready',
    { schema: { hide: true }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady = await readiness.check();
      if (notReady) return reply.status(503).send(notReady);
      return { status: 'ready' };
    },
  );
  const o = { metrics, readiness };
  installed.set(app, o);
  return o;
}

/** What installObservability put on this app (shutdown turns its readiness off; main adds metrics). */
export function observabilityOf(app: FastifyInstance): Observability | undefined {
  return installed.get(app);
}
