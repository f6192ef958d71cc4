/**
 * Prometheus metrics of one process, at GET /metrics (see installObservability in health.ts).
 *
 * Each app gets a registry of its own (never prom-client's global one), so tests that build many
 * apps in one process do not clash; Node's process metrics (collectDefaultMetrics) are collected
 * once per process and added to every app's answer.
 *
 * - HTTP: `http_requests_total{method,route,status}`, `http_request_duration_seconds{method,route}`;
 *   `route` is the route's pattern (`/po/:id`), `<unmatched>` when no route matched; /metrics and
 *   the health routes are not counted.
 * - Events, per service: `erp_outbox_pending`, `erp_outbox_oldest_pending_seconds`,
 *   `erp_outbox_publish_lag_seconds`, `erp_events_published_total`, `erp_consumer_lag{consumer}`,
 *   `erp_events_handled_total{consumer,outcome}`, `erp_event_handle_duration_seconds{consumer}`,
 *   `erp_dead_letters`, `erp_consumer_failures`; all with a `service` label.
 * - PostgreSQL pool: `erp_db_pool_connections{state="total"|"idle"|"waiting"}`, `erp_db_pool_max`.
 *
 * Gauges that need a query are read when Prometheus scrapes, each with a short timeout; one that
 * cannot be read keeps its last value and the scrape still answers.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryOutcome } from './consumers.js';
import type { Database } from './db/types.js';
import type { Bus } from './bus/types.js';
import { isLoopbackAddress } from './network.js';

/** Fine enough for requests that take a millisecond, up to ten seconds. */
export const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From an event written and published at once to one that waited out an outage of the bus. */
export const PUBLISH_LAG_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800,
];
export const HANDLE_DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** The route label of a request no route matched (404s of made-up paths must not each become a series). */
export const UNMATCHED_ROUTE = '<unmatched>';
/** Routes the HTTP metrics leave out: the scrapes and the health polls themselves. */
export const UNMEASURED_ROUTES = new Set(['/metrics', '/health', '/health/live', '/health/ready']);

/** What the event metrics read of a service (a ServiceRuntime provides it). */
export interface MeteredService {
  name: string;
  schema: string;
  db: Database;
  bus: Bus;
  /** Durable names of the consumers this process runs for the service. */
  consumers(): string[];
  /** Hooks called as events are published and delivered; returns the unsubscribe. */
  observe(observer: RuntimeObserver): () => void;
}

/** Told as events go out and come in (metrics; anything else that wants to count them). */
export interface RuntimeObserver {
  published?(lagSeconds: number): void;
  delivered?(consumer: string, outcome: DeliveryOutcome, seconds: number): void;
}

export interface MetricsOptions {
  /** Longest a scrape waits for one query-backed reading (outbox, dead letters, consumer lag); default 1000. */
  collectTimeoutMs?: number;
  /** Add Node's process metrics (CPU, memory, event loop, GC); default true. */
  processMetrics?: boolean;
  logger?: Logger | undefined;
}

let processRegistry: Registry | undefined;
/** Node's process metrics, collected once per process whatever the number of apps in it. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

class TimedOut extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface ServiceReading {
  outbox_pending: number;
  oldest_seconds: number | null;
  dead_letters: number;
  failures: number;
}

/** The metrics of one process (or of one app in a test): a registry and the instruments in it. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly eventsPublished: Counter<'service'>;
  readonly publishLag: Histogram<'service'>;
  readonly eventsHandled: Counter<'service' | 'consumer' | 'outcome'>;
  readonly handleDuration: Histogram<'service' | 'consumer'>;
  private readonly outboxPending: Gauge<'service'>;
  private readonly outboxOldest: Gauge<'service'>;
  private readonly deadLetters: Gauge<'service'>;
  private readonly consumerFailures: Gauge<'service'>;
  private readonly consumerLag: Gauge<'service' | 'consumer'>;
  /** Made with the first PostgreSQL pool (an embedded database has none to report). */
  private pool: { connections: Gauge<'state'>; max: Gauge } | null = null;
  private readonly services = new Map<string, MeteredService>();
  private readonly databases = new Set<Database>();
  private readonly timeoutMs: number;
  private readonly withProcessMetrics: boolean;
  /** One reading per scrape, shared by every gauge that needs it. */
  private reading: Promise<void> | null = null;
  /** Readings that failed, by what, so a failing one is logged once rather than at every scrape. */
  private readonly failing = new Set<string>();

  constructor(private readonly opts: MetricsOptions = {}) {
    this.timeoutMs = opts.collectTimeoutMs ?? 1000;
    this.withProcessMetrics = opts.processMetrics ?? true;
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route'],
      buckets: HTTP_DURATION_BUCKETS,
      registers,
    });
    this.eventsPublished = new Counter({
      name: 'erp_events_published_total',
      help: 'Events the outbox relay published',
      labelNames: ['service'],
      registers,
    });
    this.publishLag = new Histogram({
      name: 'erp_outbox_publish_lag_seconds',
      help: 'Time from an event written to the outbox to its publication',
      labelNames: ['service'],
      buckets: PUBLISH_LAG_BUCKETS,
      registers,
    });
    this.eventsHandled = new Counter({
      name: 'erp_events_handled_total',
      help: 'Deliveries of events to consumers, by outcome: handled, duplicate (already in the inbox), failed (to be tried again), dead_lettered',
      labelNames: ['service', 'consumer', 'outcome'],
      registers,
    });
    this.handleDuration = new Histogram({
      name: 'erp_event_handle_duration_seconds',
      help: 'Time to handle one delivery of an event (its transaction included)',
      labelNames: ['service', 'consumer'],
      buckets: HANDLE_DURATION_BUCKETS,
      registers,
    });
    const read = () => this.read();
    this.outboxPending = new Gauge({
      name: 'erp_outbox_pending',
      help: 'Outbox rows not yet published',
      labelNames: ['service'],
      registers,
      collect: read,
    });
    this.outboxOldest = new Gauge({
      name: 'erp_outbox_oldest_pending_seconds',
      help: 'Age of the oldest outbox row not yet published (0 when none)',
      labelNames: ['service'],
      registers,
      collect: read,
    });
    this.deadLetters = new Gauge({
      name: 'erp_dead_letters',
      help: 'Dead letters not replayed',
      labelNames: ['service'],
      registers,
      collect: read,
    });
    this.consumerFailures = new Gauge({
      name: 'erp_consumer_failures',
      help: 'Failed events waiting for another try',
      labelNames: ['service'],
      registers,
      collect: read,
    });
    this.consumerLag = new Gauge({
      name: 'erp_consumer_lag',
      help: 'Events of a durable consumer not yet acknowledged (waiting plus in hand; 0 on the in-process bus)',
      labelNames: ['service', 'consumer'],
      registers,
      collect: read,
    });
  }

  /** Count a service's events and read its outbox, dead letters and consumers at each scrape. */
  addService(service: MeteredService): () => void {
    this.services.set(service.name, service);
    this.addDatabase(service.db);
    const labels = { service: service.name };
    const unobserve = service.observe({
      published: (lagSeconds) => {
        this.eventsPublished.inc(labels);
        this.publishLag.observe(labels, lagSeconds);
      },
      delivered: (consumer, outcome, seconds) => {
        this.eventsHandled.inc({ service: service.name, consumer, outcome });
        this.handleDuration.observe({ service: service.name, consumer }, seconds);
      },
    });
    return () => {
      unobserve();
      this.services.delete(service.name);
    };
  }

  /** Report this database's pool (PostgreSQL; a database without poolStats adds nothing). */
  addDatabase(db: Database): void {
    if (!db.poolStats) return;
    this.databases.add(db);
    if (this.pool) return;
    const registers = [this.registry];
    const collect = () => this.read();
    this.pool = {
      connections: new Gauge({
        name: 'erp_db_pool_connections',
        help: 'PostgreSQL pool: open connections (total), idle ones, and queries waiting for one',
        labelNames: ['state'],
        registers,
        collect,
      }),
      max: new Gauge({
        name: 'erp_db_pool_max',
        help: 'PostgreSQL pool: most connections it opens',
        registers,
        collect,
      }),
    };
  }

  /** The exposition text: this app's metrics and the process's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return this.withProcessMetrics ? `${own}\n${await processMetrics().metrics()}` : own;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Record one answered request (the onResponse hook of installHttpMetrics). */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const r = route ?? UNMATCHED_ROUTE;
    this.httpRequests.inc({ method, route: r, status: String(status) });
    this.httpDuration.observe({ method, route: r }, seconds);
  }

  private readPools(): void {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    let max = 0;
    for (const db of this.databases) {
      const s = db.poolStats!();
      total += s.total;
      idle += s.idle;
      waiting += s.waiting;
      max += s.max;
    }
    if (!this.pool) return;
    this.pool.connections.set({ state: 'total' }, total);
    this.pool.connections.set({ state: 'idle' }, idle);
    this.pool.connections.set({ state: 'waiting' }, waiting);
    this.pool.max.set(max);
  }

  /** Every query-backed gauge waits for the same reading; concurrent scrapes share it too. */
  private read(): Promise<void> {
    this.reading ??= this.readAll().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readAll(): Promise<void> {
    // The pools first: the readings below take connections of their own.
    this.readPools();
    await Promise.all(
      [...this.services.values()].flatMap((s) => [
        this.readService(s),
        ...s.consumers().map((c) => this.readLag(s, c)),
      ]),
    );
  }

  private async readService(s: MeteredService): Promise<void> {
    const t = s.schema;
    const res = await this.attempt(`tables of ${s.name}`, () =>
      s.db.query<ServiceReading>(
        `SELECT (SELECT count(*) FROM ${t}.outbox WHERE published_at IS NULL)::int AS outbox_pending,
                (SELECT extract(epoch FROM now() - min(created_at)) FROM ${t}.outbox WHERE published_at IS NULL)::float8 AS oldest_seconds,
                (SELECT count(*) FROM ${t}.dead_letters WHERE replayed_at IS NULL)::int AS dead_letters,
                (SELECT count(*) FROM ${t}.consumer_failures)::int AS failures`,
      ),
    );
    const row = res?.rows[0];
    if (!row) return;
    const labels = { service: s.name };
    this.outboxPending.set(labels, row.outbox_pending);
    this.outboxOldest.set(labels, Math.max(0, row.oldest_seconds ?? 0));
    this.deadLetters.set(labels, row.dead_letters);
    this.consumerFailures.set(labels, row.failures);
  }

  private async readLag(s: MeteredService, consumer: string): Promise<void> {
    const n = await this.attempt(`lag of ${consumer}`, () => s.bus.consumerPending(consumer));
    if (typeof n === 'number') this.consumerLag.set({ service: s.name, consumer }, n);
  }

  /** Run one reading within the timeout; undefined (gauge left as it was) when it fails. */
  private async attempt<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await withTimeout(fn(), this.timeoutMs);
      if (this.failing.delete(what)) this.opts.logger?.info({ metric: what }, 'metrics: reading works again');
      return value;
    } catch (err) {
      if (!this.failing.has(what)) {
        this.failing.add(what);
        this.opts.logger?.warn(
          { err, metric: what },
          'metrics: reading failed; the gauge keeps its last value',
        );
      }
      return undefined;
    }
  }
}

export interface HttpMetricsOptions {
  /** Answer /metrics to any caller (services, METRICS_PUBLIC); otherwise only to this machine. */
  public: boolean;
}

/**
 * The request counter and timer (an onResponse hook: install it before registering the routes'
 * plugins so it covers them) and GET /metrics. Not under /api/v1, no token.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, opts: HttpMetricsOptions): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && UNMEASURED_ROUTES.has(route)) return;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    if (!opts.public && !fromThisMachine(request)) {
      return reply.status(403).send({
        message: 'Metrics answer only on the machine the gateway runs on (METRICS_PUBLIC=true opens them)',
      });
    }
    reply.header('content-type', metrics.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.text();
  });
}

/** The socket's peer and every address a proxy forwarded are loopback (as the dev SMS route decides). */
function fromThisMachine(request: {
  ip: string;
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : String(header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return [request.socket.remoteAddress, request.ip, ...forwarded].every(isLoopbackAddress);
}
