import { randomUUID } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import { accessSnapshotRequested, type EventDefinition, type EventEnvelope } from '@erp/contracts';
import type { Static, TSchema } from 'typebox';
import { createAccessReplica, type AccessReplica } from './auth/replica.js';
import type { Logger } from 'pino';
import { appendAudit, type AuditEntry } from './audit.js';
import { installAuthContext, type AccessDirectory } from './auth/context.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import type { Bus, Subscription } from './bus/types.js';
import { createInProcessBus } from './bus/in-process.js';
import { createNatsBus } from './bus/nats.js';
import { envBool, envInt, envString, exitOnConfigError, loadKitConfig, type KitConfig } from './config.js';
import { connectWithRetry, listenWhileStarting, StartAborted } from './startup.js';
import { DEFAULT_HOST } from './network.js';
import { migrate, readMigrations } from './db/migrate.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import type { Database, Queryable } from './db/types.js';
import { installErrorHandling, installNotFound } from './errors.js';
import { EventConsumers } from './consumers.js';
import { installObservability } from './health.js';
import { shutdownOnSignals } from './lifecycle.js';
import type { MeteredService, RuntimeObserver } from './metrics.js';
import { eventChecker, type SubjectSchema } from './event-schemas.js';
import { pruneEventTables, startPruning, type Pruner } from './retention.js';
import { KIT_MIGRATIONS } from './kit-migrations.js';
import { createLogger, loggerOptions } from './logger.js';
import {
  enqueueEvent,
  enqueueEvents,
  enqueueWithAudit,
  OutboxRelay,
  type EventMeta,
  type PendingEvent,
} from './outbox.js';
import { installValidation } from './validation.js';
import { startMaintenance, type Maintainer } from './db/maintenance.js';

/** Everything a service's routes, repositories and consumers work with. */
export interface ServiceContext {
  name: string;
  schema: string;
  db: Database;
  bus: Bus;
  config: KitConfig;
  log: Logger;
  tokens: TokenService;
  /** Run a transaction; events written with `emit` inside it are published right after commit. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Writes `data` as an event to the outbox in `tx`: typed by the event's contract, checked against it at run time too. */
  emit<S extends TSchema>(
    tx: Queryable,
    def: EventDefinition<S>,
    data: Static<S>,
    meta?: EventMeta,
  ): Promise<EventEnvelope>;
  /** `emit` of several events of one kind, written in one statement, in order. */
  emitMany<S extends TSchema>(
    tx: Queryable,
    def: EventDefinition<S>,
    data: ReadonlyArray<Static<S>>,
    meta?: EventMeta,
  ): Promise<EventEnvelope[]>;
  /** Append to the audit log in `tx` (several entries: one statement). */
  audit(tx: Queryable, entry: AuditEntry | readonly AuditEntry[]): Promise<void>;
  /**
   * Events of any kinds (each made with `event(def, data)`, typed and checked as by `emit`) and the
   * change's audit rows, written in one statement: the events in the order given.
   */
  emitAll(
    tx: Queryable,
    events: readonly PendingEvent[],
    options?: { audit?: AuditEntry | readonly AuditEntry[]; meta?: EventMeta },
  ): Promise<EventEnvelope[]>;
  relay: OutboxRelay;
}

export interface ConsumerDefinition {
  /** Unique within the service; the durable consumer is `<service>-<name>`. */
  name: string;
  events: EventDefinition[];
  /** Subjects to subscribe to instead of the events' own (wildcards such as erp.*.x.v1). */
  subjects?: string[];
  /**
   * Schemas of the events `subjects` brings that are not in `events`, by subject or pattern
   * ({ subject: 'erp.*.x.v1', schema }). Without one the kit looks the subject up among the events
   * of @erp/contracts. An event no schema covers, or that does not match, goes to the dead letters.
   */
  schemas?: SubjectSchema[];
  /** A plain function of the event, run inside the transaction that records it in the inbox. */
  handle(tx: Queryable, envelope: EventEnvelope, ctx: ServiceContext): Promise<void>;
  /**
   * What must be handled in order: events with the same key one after the other, as delivered;
   * events with different keys (or null) side by side, EVENT_CONCURRENCY (8) at a time per
   * instance. Without it, an instance handles this consumer's events one at a time. Only for a
   * handler that is correct in any order across keys (as it must be anyway: two instances of a
   * service already handle events side by side).
   */
  ordered?: (envelope: EventEnvelope) => string | null;
  /**
   * With `ordered`: at most this many events at once per instance, below EVENT_CONCURRENCY. For a
   * handler whose transactions queue for one lock (PO numbers): more at once only wait in that
   * queue, each holding a connection of the pool that the instance's requests need too.
   */
  concurrency?: number;
}

/** A ConsumerDefinition's `ordered` key: the event's `data[field]` as text (lower case), or null. */
export function orderKeyOf(envelope: EventEnvelope, field: string): string | null {
  const data = envelope.data as Record<string, unknown> | null | undefined;
  const value = data && typeof data === 'object' ? data[field] : undefined;
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : null;
}

export interface ServiceDefinition {
  name: string;
  /** Database schema this service owns; no SQL of another service touches it. */
  schema: string;
  migrationsDir: string;
  /** Registers the routes; paths as in SPEC §7 without the /api/v1 prefix. */
  routes: (app: FastifyInstance, ctx: ServiceContext) => Promise<void>;
  /** Auth reads its own tables; every other service leaves this out and gets the replica of auth's events. */
  directory?: (ctx: ServiceContext) => AccessDirectory;
  consumers?: ConsumerDefinition[];
  /**
   * Reads and checks the service's own settings (throws a ConfigError naming a missing or wrong
   * one). Runs before the process connects to anything, and again (it must be idempotent) when the
   * runtime is created.
   */
  configure?: (config: KitConfig) => Promise<void>;
  /** Runs after migrations on every start (idempotent: e.g. the first Admin on a new database). */
  onStart?: (ctx: ServiceContext) => Promise<void>;
  /** Called once the service is closing. */
  onStop?: (ctx: ServiceContext) => Promise<void>;
  /**
   * Delete the service's own rows that are past their use (used codes, ended sessions). Runs every
   * PRUNE_INTERVAL_MINUTES after the kit pruned outbox, inbox and dead letters, never twice at once.
   */
  prune?: (ctx: ServiceContext) => Promise<void>;
}

/**
 * Where a runtime is: created (migrated, onStart done), subscribed, running (publishing too),
 * stopping (consumers stopped), stopped.
 */
export type RuntimeState = 'created' | 'subscribed' | 'running' | 'stopping' | 'stopped';

export interface ServiceRuntime {
  ctx: ServiceContext;
  readonly state: RuntimeState;
  /** Durable names (`<service>-<consumer>`) of the consumers it runs. */
  consumerNames(): string[];
  /** Be told of every event published and every delivery handled (metrics); returns the unsubscribe. */
  observe(observer: RuntimeObserver): () => void;
  /** Encapsulated Fastify plugin with the service's routes, validation, errors and auth context. */
  plugin: FastifyPluginAsync;
  /** Subscribe to events, then publish the outbox (for one service on its own). */
  start(): Promise<void>;
  /**
   * The two halves of start(), for several services in one process: subscribe all of them first,
   * so that no event published at start-up misses a consumer of the in-process bus.
   */
  subscribe(): Promise<void>;
  startPublishing(): Promise<void>;
  /** Prune old outbox, inbox and dead-letter rows, then run the service's `prune` (what the periodic job does). */
  prune(): Promise<void>;
  /**
   * First step of a shutdown: stop maintenance, pruning and retries of failed events, and the bus
   * subscriptions (the event in hand finishes and commits). On the in-process bus the subscriptions
   * stay until stop(): an event published while a consumer is away would be lost, not kept.
   */
  stopConsuming(): Promise<void>;
  /** Stop the relay's timer, then publish what is committed in the outbox; returns how many went out. */
  flushOutbox(): Promise<number>;
  /** Stop everything (what the two above stop, without publishing), then the service's onStop. */
  stop(): Promise<void>;
}

export interface RuntimeDeps {
  db: Database;
  bus: Bus;
  config: KitConfig;
  logger: Logger;
}

/** Everyone told of events published and deliveries handled (metrics). */
function createObservers() {
  const observers = new Set<RuntimeObserver>();
  return {
    tell(fn: (o: RuntimeObserver) => void): void {
      for (const o of observers) fn(o);
    },
    observe(observer: RuntimeObserver): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}
type Observers = ReturnType<typeof createObservers>;

/**
 * Transactions that wrote events: after each one's commit the relay runs at once, not at its next
 * poll (ctx.tx, and a consumer's handling of an event).
 */
function createCommitTracker(relay: OutboxRelay) {
  const wroteEvents = new WeakSet<Queryable>();
  return {
    wrote<T extends EventEnvelope | EventEnvelope[]>(tx: Queryable, envelopes: T): T {
      wroteEvents.add(tx);
      return envelopes;
    },
    afterCommit(tx: Queryable | undefined): void {
      if (tx && wroteEvents.has(tx)) relay.kick();
    },
  };
}
type CommitTracker = ReturnType<typeof createCommitTracker>;

/** The service's context: its transactions, and its events and audit rows written in them. */
function createContext(
  def: ServiceDefinition,
  deps: RuntimeDeps,
  log: Logger,
  relay: OutboxRelay,
  commits: CommitTracker,
): ServiceContext {
  const { db, bus, config } = deps;
  const { wrote, afterCommit } = commits;
  return {
    name: def.name,
    schema: def.schema,
    db,
    bus,
    config,
    log,
    tokens: createTokenService(config.sessionKeys, { signs: def.name === 'auth' }),
    relay,
    async tx(fn) {
      let tx: Queryable | undefined;
      const result = await db.transaction((t) => fn((tx = t)));
      afterCommit(tx);
      return result;
    },
    emit: async (tx, eventDef, data, meta) =>
      wrote(tx, await enqueueEvent(tx, def.schema, def.name, eventDef, data, meta)),
    emitMany: async (tx, eventDef, data, meta) =>
      wrote(tx, await enqueueEvents(tx, def.schema, def.name, eventDef, data, meta)),
    audit: (tx, entry) => appendAudit(tx, def.schema, entry),
    emitAll: async (tx, events, options = {}) => {
      const audit =
        options.audit === undefined
          ? []
          : Array.isArray(options.audit)
            ? options.audit
            : [options.audit as AuditEntry];
      return wrote(tx, await enqueueWithAudit(tx, def.schema, def.name, events, audit, options.meta));
    },
  };
}

/**
 * A consumer's context for one event: the request that caused the event stays traceable in the
 * consumer's logs (elog) and in the events its handler writes (their requestId unless the handler
 * gives another).
 */
function consumerContext(ctx: ServiceContext, envelope: EventEnvelope, elog: Logger): ServiceContext {
  return {
    ...ctx,
    log: elog,
    emit: (etx, eventDef, data, meta) =>
      ctx.emit(etx, eventDef, data, { ...meta, requestId: meta?.requestId ?? envelope.requestId }),
    emitMany: (etx, eventDef, data, meta) =>
      ctx.emitMany(etx, eventDef, data, {
        ...meta,
        requestId: meta?.requestId ?? envelope.requestId,
      }),
    emitAll: (etx, events, options = {}) =>
      ctx.emitAll(etx, events, {
        ...options,
        meta: { ...options.meta, requestId: options.meta?.requestId ?? envelope.requestId },
      }),
  };
}

/** One consumer's handler wired into the kit's event consumers, and its durable subscription. */
async function subscribeConsumer(
  def: ServiceDefinition,
  ctx: ServiceContext,
  c: ConsumerDefinition,
  eventConsumers: EventConsumers,
): Promise<Subscription> {
  const consumer = `${def.name}-${c.name}`;
  // Checked against the contract, handled once (inbox), retried from the database when the
  // handler fails and dead-lettered after EVENT_MAX_ATTEMPTS tries (see consumers.ts).
  const handler = eventConsumers.add({
    name: consumer,
    check: eventChecker(c),
    handle: (tx, envelope, elog) => c.handle(tx, envelope, consumerContext(ctx, envelope, elog)),
  });
  const { eventConcurrency } = ctx.config;
  return ctx.bus.subscribe({
    durable: consumer,
    subjects: c.subjects ?? c.events.map((e) => e.subject),
    handler,
    ...(c.ordered
      ? {
          concurrency: Math.max(1, Math.min(eventConcurrency, c.concurrency ?? eventConcurrency)),
          orderKey: c.ordered,
        }
      : {}),
  });
}

/** The kit's event tables pruned, then the service's own rows (unless it is stopping meanwhile). */
async function pruneService(def: ServiceDefinition, ctx: ServiceContext, stopping: () => boolean) {
  const t0 = Date.now();
  const pruned = await pruneEventTables(ctx.db, def.schema, ctx.config, stopping);
  if (def.prune && !stopping()) await def.prune(ctx);
  ctx.log.debug({ ...pruned, ms: Date.now() - t0 }, 'pruned old events');
}

/** What a runtime is made of once the service is migrated and its onStart has run. */
interface RuntimeParts {
  def: ServiceDefinition;
  ctx: ServiceContext;
  observers: Observers;
  replica: AccessReplica | null;
  consumers: ConsumerDefinition[];
  eventConsumers: EventConsumers;
  plugin: FastifyPluginAsync;
}

/** The runtime's states and the steps between them (subscribe, publish, stop). */
function assembleRuntime(parts: RuntimeParts): ServiceRuntime {
  const { def, ctx, observers, replica, consumers, eventConsumers } = parts;
  const { db, bus, config, log, relay } = ctx;
  const subscriptions: Subscription[] = [];
  let maintainer: Maintainer | null = null;
  let pruner: Pruner | null = null;
  let state: RuntimeState = 'created';
  let stopped: Promise<void> | null = null;
  const pruneAll = (stopping: () => boolean) => pruneService(def, ctx, stopping);
  const unsubscribe = async () => {
    // Each stops its pull loop after the event in hand (its transaction committed).
    const all = subscriptions.splice(0);
    for (const s of all) await s.stop();
  };
  const stopBackground = async () => {
    await maintainer?.stop();
    await pruner?.stop();
    await eventConsumers.stop();
  };

  const runtime: ServiceRuntime = {
    ctx,
    plugin: parts.plugin,
    get state() {
      return state;
    },
    consumerNames: () => consumers.map((c) => `${def.name}-${c.name}`),
    observe: (observer) => observers.observe(observer),
    async subscribe() {
      for (const c of consumers) subscriptions.push(await subscribeConsumer(def, ctx, c, eventConsumers));
      // Instances of one service share the durable consumer: each also hears auth's events itself,
      // so a sign-in, a role change or a sign-out is known to every instance's memory at once.
      if (replica) subscriptions.push(await bus.listen(replica.listener.subjects, replica.listener.handle));
      eventConsumers.start();
      state = 'subscribed';
    },
    async startPublishing() {
      // A replica that has never seen a member asks auth for all of them.
      if (replica && (await replica.isEmpty())) {
        await ctx.tx((tx) => ctx.emit(tx, accessSnapshotRequested(def.name), { service: def.name }));
      }
      relay.start();
      maintainer = startMaintenance(db, def.schema, config.vacuumMinutes * 60_000, log);
      pruner = startPruning(pruneAll, config.pruneMinutes * 60_000, log);
      state = 'running';
    },
    async start() {
      await runtime.subscribe();
      await runtime.startPublishing();
    },
    prune: () => (pruner ? pruner.runOnce() : pruneAll(() => false)),
    async stopConsuming() {
      if (state !== 'stopped') state = 'stopping';
      await stopBackground();
      if (bus.kind !== 'in-process') await unsubscribe();
    },
    async flushOutbox() {
      await relay.stop();
      return relay.drain();
    },
    stop() {
      stopped ??= (async () => {
        state = 'stopping';
        await stopBackground();
        await relay.stop();
        await unsubscribe();
        if (def.onStop) await def.onStop(ctx);
        state = 'stopped';
      })();
      return stopped;
    },
  };
  return runtime;
}

/** Prepare a service on a database and bus: migrate, build its context, wire its consumers. */
export async function createServiceRuntime(
  def: ServiceDefinition,
  deps: RuntimeDeps,
): Promise<ServiceRuntime> {
  const { db, config } = deps;
  const log = deps.logger.child({ service: def.name });
  if (def.configure) await def.configure(config);
  await migrate(db, def.schema, 'kit', KIT_MIGRATIONS);
  await migrate(db, def.schema, 'service', await readMigrations(def.migrationsDir));

  const observers = createObservers();
  // On PostgreSQL the relay has a connection of its own: with the pool busy (requests, consumers
  // handling several events at once), its statements waited in the pool's queue and events with them.
  const relay = new OutboxRelay(db.ownConnection?.() ?? db, def.schema, deps.bus, {
    pollMs: config.relayPollMs,
    leaseSeconds: config.outboxLeaseSeconds,
    logger: log,
    onPublished: (_envelope, lag) => observers.tell((o) => o.published?.(lag)),
  });
  const commits = createCommitTracker(relay);
  const ctx = createContext(def, deps, log, relay, commits);
  const replica = def.directory ? null : createAccessReplica(def.schema, db);
  await replica?.load();
  const directory = def.directory ? def.directory(ctx) : replica!.directory;
  const consumers: ConsumerDefinition[] = [
    ...(def.consumers ?? []),
    ...(replica ? [replica.consumer as ConsumerDefinition] : []),
  ];
  if (def.onStart) await def.onStart(ctx);

  const eventConsumers = new EventConsumers({
    db,
    schema: def.schema,
    log,
    maxAttempts: config.eventMaxAttempts,
    retryBaseMs: config.eventRetryBaseMs,
    pollMs: config.relayPollMs,
    afterCommit: commits.afterCommit,
    onDelivered: (consumer, outcome, seconds) =>
      observers.tell((o) => o.delivered?.(consumer, outcome, seconds)),
  });
  const plugin: FastifyPluginAsync = async (app) => {
    installValidation(app);
    installErrorHandling(app);
    installAuthContext(app, ctx.tokens, directory);
    await def.routes(app, ctx);
  };
  return assembleRuntime({ def, ctx, observers, replica, consumers, eventConsumers, plugin });
}

/** One line per request (method, path, status, time), health checks and static files at debug. */
class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    request.log.debug({ method: request.method, url: request.url }, 'request');
  }
  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else if (request.url.startsWith('/api/') || reply.statusCode >= 400) reply.log.info(line, 'request');
    else reply.log.debug(line, 'request');
  }
}

/**
 * Response serializers compiled on a route's first answer, not at start: compiling every route's
 * took about 0.27 s of CPU per process before it could answer (with the validators, compiled lazily
 * too in validation.ts, a full restart of the nine processes on two cores went past 10 s).
 */
const eagerSerializers = SerializerSelector();
const lazySerializers: typeof eagerSerializers = (externalSchemas, serializerOpts) => {
  const compile = eagerSerializers(externalSchemas, serializerOpts);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
  };
};

/** Fastify options every process uses: request ids carried from the gateway, one log line per request. */
export function serverOptions(
  config: KitConfig,
  name: string,
  extra: FastifyServerOptions = {},
): FastifyServerOptions {
  // A caller's X-Request-Id (the gateway's own UUID, or a client's to trace a call) becomes the id
  // in logs, audit entries and events only when it is short and plain; any other value (long, with
  // spaces, newlines or markup) is replaced with a fresh id.
  const acceptedId = /^[A-Za-z0-9._:-]{1,64}$/;
  return {
    logger: loggerOptions(config.logLevel, name),
    logController: new RequestLog(),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && acceptedId.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // On close, idle keep-alive sockets are closed at once and the busy ones after their answer.
    forceCloseConnections: 'idle',
    ...extra,
  };
}

export async function openDatabase(config: KitConfig, logger?: Logger): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      onIdleError: (err) => logger?.warn({ err }, 'a database connection was closed by the server'),
    });
  }
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(config.dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

export async function openBus(config: KitConfig, logger: Logger, name: string): Promise<Bus> {
  if (config.natsUrl)
    return createNatsBus({
      url: config.natsUrl,
      namespace: config.natsNamespace,
      logger,
      name,
      ackWaitSeconds: config.natsAckWaitSeconds,
    });
  return createInProcessBus();
}

/** What the event metrics read of a runtime. */
export function meteredService(runtime: ServiceRuntime): MeteredService {
  const { ctx } = runtime;
  return {
    name: ctx.name,
    schema: ctx.schema,
    db: ctx.db,
    bus: ctx.bus,
    consumers: () => runtime.consumerNames(),
    observe: (o) => runtime.observe(o),
  };
}

/**
 * A service as its own HTTP server (distributed mode): its routes at their own paths, /health,
 * /health/live, /health/ready (ready once the runtime runs: migrated, subscribed, publishing),
 * /metrics, and /openapi.json for the gateway's merged API document. Not listening yet.
 */
export async function buildStandaloneApp(
  def: ServiceDefinition,
  runtime: ServiceRuntime,
  config: KitConfig,
  extra: FastifyServerOptions = {},
) {
  const app = Fastify(serverOptions(config, def.name, extra));
  installErrorHandling(app);
  installNotFound(app);
  // Services sit on a private network behind the gateway: their /metrics answer every caller.
  const { metrics } = installObservability(app, {
    publicMetrics: true,
    db: runtime.ctx.db,
    logger: runtime.ctx.log,
    notReady: () => {
      const s = runtime.state;
      if (s === 'running') return null;
      if (s === 'stopping' || s === 'stopped')
        return { status: 'stopping', message: 'The service is stopping' };
      return {
        status: 'starting',
        message:
          s === 'created'
            ? 'Starting: not yet subscribed to its events'
            : 'Starting: not yet publishing its events',
      };
    },
  });
  metrics.addService(meteredService(runtime));
  app.get('/health', { schema: { hide: true } }, async () => {
    await runtime.ctx.db.query('SELECT 1');
    return { status: 'ok', service: def.name };
  });
  await app.register(swagger, { openapi: { info: { title: `${def.name} service`, version: '1.0.0' } } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(runtime.plugin);
  return app;
}

/**
 * Distributed mode: run one service as its own process (services/<name>/src/server.ts).
 *
 * 1. Settings: a missing or wrong one ends the start with one line on stderr (`Cannot start: …`)
 *    and exit code 1 (exitOnConfigError).
 * 2. Listen at once (startup.ts): /health/live 200, /health/ready 503 with what it waits for.
 * 3. Connect to PostgreSQL and NATS, trying again with a growing wait (0.5 s … CONNECT_RETRY_MAX_MS)
 *    while they do not answer, each wait logged with its reason; PGlite and the in-process bus are
 *    opened once, as before.
 * 4. Migrate, start, and hand the port to the service's own server: ready.
 * SIGTERM/SIGINT while starting gives up the start and exits 0; after it, the graceful shutdown.
 */
export async function runStandalone(
  def: ServiceDefinition,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FastifyInstance> {
  const { config, port, host, retry } = await exitOnConfigError(async () => {
    const kit = await loadKitConfig(env, def.name);
    if (def.configure) await def.configure(kit);
    return {
      config: kit,
      port: envInt(env, 'PORT', 3000, 0),
      host: envString(env, 'HOST', DEFAULT_HOST)!,
      retry: { initialMs: 500, maxMs: envInt(env, 'CONNECT_RETRY_MAX_MS', 5000, 100) },
    };
  });
  const logger = createLogger(config.logLevel, def.name);
  const starting = await listenWhileStarting({ port, host, name: def.name });

  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopping while starting');
    abort.abort();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  const opened: Array<{ close(): Promise<void> }> = [];
  const giveUp = async () => {
    for (const o of opened.reverse()) await o.close().catch(() => undefined);
    await starting.close();
    logger.info('stopped before it had started');
    process.exit(0);
  };
  const connecting = (what: string) => ({
    ...retry,
    logger,
    signal: abort.signal,
    onWaiting: (reason: string, ms: number) =>
      starting.waitingFor(`Starting: waiting for ${what} (${reason}); next try in ${ms / 1000} s`),
  });
  try {
    starting.waitingFor('Starting: connecting to the database');
    const db = config.databaseUrl
      ? await connectWithRetry('PostgreSQL', () => openDatabase(config, logger), connecting('PostgreSQL'))
      : await openDatabase(config, logger);
    opened.push(db);
    starting.waitingFor('Starting: connecting to the bus');
    const bus = config.natsUrl
      ? await connectWithRetry('NATS', () => openBus(config, logger, def.name), connecting('NATS'))
      : await openBus(config, logger, def.name);
    opened.push(bus);
    if (abort.signal.aborted) return await giveUp();
    starting.waitingFor('Starting: migrating the database and subscribing to events');
    const runtime = await createServiceRuntime(def, { db, bus, config, logger });
    opened.unshift({ close: () => runtime.stop() });
    // Services sit behind the gateway, which sets X-Forwarded-For to the caller's address.
    const app = await buildStandaloneApp(def, runtime, config, {
      trustProxy: envBool(env, 'TRUST_PROXY', true),
    });
    await runtime.start();
    await app.ready();
    if (abort.signal.aborted) return await giveUp();
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    // The port goes from the starting server to the service's own, which is ready at once.
    await starting.close();
    await app.listen({ port: starting.port, host });
    // SIGTERM/SIGINT: not ready at once, drain, finish the requests in flight, stop the consumers,
    // flush the outbox, close bus and database (lifecycle.ts).
    shutdownOnSignals({ app, runtimes: [runtime], bus, db, config, logger });
    return app;
  } catch (err) {
    if (err instanceof StartAborted) return await giveUp();
    throw err;
  }
}
