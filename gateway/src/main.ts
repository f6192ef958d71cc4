/**
 * Start the gateway. Every service without a <NAME>_SERVICE_URL runs inside this process
 * (embedded mode: `npm start`); the others are reached over HTTP (distributed mode).
 */
import {
  ConfigError,
  connectWithRetry,
  createLogger,
  createServiceRuntime,
  envInt,
  exitOnConfigError,
  loadKitConfig,
  meteredService,
  observabilityOf,
  openBus,
  openDatabase,
  shutdownOnSignals,
  type ServiceDefinition,
  type ServiceRuntime,
} from '@erp/service-kit';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { MODULES } from './modules.js';

// Settings first, those of the services run here too: a missing or wrong one ends the start with one
// line on stderr (`Cannot start: JWT_PRIVATE_KEY is not set (required with NODE_ENV=production)…`).
const { kit, config, defs, retryMaxMs } = await exitOnConfigError(async () => {
  const kit = await loadKitConfig(process.env);
  let config;
  try {
    config = loadGatewayConfig(process.env);
  } catch (err) {
    throw err instanceof ConfigError ? err : new ConfigError((err as Error).message, { cause: err });
  }
  const defs: Record<string, ServiceDefinition> = {};
  for (const name of Object.keys(MODULES).filter((n) => !config.serviceUrls[n])) {
    const def = MODULES[name]!.service();
    if (def.configure) await def.configure(kit);
    defs[name] = def;
  }
  return { kit, config, defs, retryMaxMs: envInt(process.env, 'CONNECT_RETRY_MAX_MS', 5000, 100) };
});
const logger = createLogger(kit.logLevel, 'gateway');
const local = Object.keys(defs);
// PostgreSQL and NATS that do not answer yet are waited for (each wait logged with its reason);
// the embedded PGlite and the in-process bus are opened once.
const retry = { logger, maxMs: retryMaxMs };
const db =
  local.length === 0
    ? undefined
    : kit.databaseUrl
      ? await connectWithRetry('PostgreSQL', () => openDatabase(kit, logger), retry)
      : await openDatabase(kit, logger);
const bus = kit.natsUrl
  ? await connectWithRetry('NATS', () => openBus(kit, logger, 'gateway'), retry)
  : await openBus(kit, logger, 'gateway');

const runtimes: Record<string, ServiceRuntime> = {};
for (const name of local)
  runtimes[name] = await createServiceRuntime(defs[name]!, { db: db!, bus, config: kit, logger });

const app = await buildGateway({
  config,
  kit,
  bus,
  embedded: Object.fromEntries(Object.entries(runtimes).map(([n, r]) => [n, r.plugin])),
  ...(db ? { db } : {}),
});
// The embedded services' event metrics (outbox, consumers, dead letters) on the gateway's /metrics.
const metrics = observabilityOf(app)?.metrics;
for (const r of Object.values(runtimes)) metrics?.addService(meteredService(r));
// Every service subscribes before any publishes, so start-up events reach all consumers.
for (const r of Object.values(runtimes)) await r.subscribe();
for (const r of Object.values(runtimes)) await r.startPublishing();
await app.listen({ port: config.port, host: config.host });

const where = `http://localhost:${config.port}`;
console.log(
  [
    '',
    `  Procurement platform is running at ${where}`,
    `  Services in this process: ${local.join(', ') || 'none'}${Object.keys(config.serviceUrls).length ? `; remote: ${Object.keys(config.serviceUrls).join(', ')}` : ''}`,
    `  Database: ${local.length === 0 ? 'none here (each service has its own)' : kit.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${kit.dataDir}`}; bus: ${kit.natsUrl ? 'NATS JetStream' : 'in-process'}`,
    '  One-time codes are printed below as [sms] lines when the console SMS provider is on.',
    `  API docs: ${where}/api/docs`,
    '',
  ].join('\n'),
);

// SIGTERM/SIGINT: /health/ready answers 503 at once, SHUTDOWN_DRAIN_MS later the server closes
// (requests in flight finish), then the embedded services stop consuming, flush their outboxes, and
// bus and database close (packages/service-kit/src/lifecycle.ts).
shutdownOnSignals({ app, runtimes: Object.values(runtimes), bus, db, config: kit, logger });
