import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  bearerToken,
  createTokenService,
  installErrorHandling,
  serverOptions,
  type Bus,
  type KitConfig,
  type Database,
} from '@erp/service-kit';
import type { GatewayConfig } from './config.js';
import { remoteOrigins } from './remotes.js';
import { dashboardRoute } from './dashboard.js';
import { remoteOpenApi } from './openapi.js';
import { installSessionCheck } from './sessions.js';
import { staticRoutes } from './static.js';
import { installObservability, observabilityOf } from '@erp/service-kit';
import { Upstreams, upstreamMetrics, type UpstreamPool } from './upstreams.js';

export interface GatewayOptions {
  config: GatewayConfig;
  kit: KitConfig;
  bus: Bus;
  /** Services running in this process: name -> their Fastify plugin. */
  embedded: Record<string, FastifyPluginAsync>;
  /** Database of the embedded services, for /health. */
  db?: Database;
  logger?: boolean;
}

const SIGN_IN = new Set(['/api/v1/auth/sendOtp', '/api/v1/auth/verifyOtp']);

/**
 * Security headers (CSP that allows this origin and the remotes' origins, and helmet's other
 * defaults). They are the same for every response, so they are computed once with helmet.
 */
async function securityHeaders(extra: string[]): Promise<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        // styled-components injects its rules at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = String(v)),
    removeHeader: (k: string) => void delete headers[k.toLowerCase()],
  };
  await new Promise<void>((resolve, reject) =>
    middleware({} as never, res as never, (err?: unknown) => (err ? reject(err as Error) : resolve())),
  );
  return headers;
}

/** The upstream pools' metrics, in the registry of the gateway's /metrics (when installed). */
function upstreamObserver(app: FastifyInstance) {
  const metrics = observabilityOf(app)?.metrics;
  return metrics ? upstreamMetrics(metrics.registry) : undefined;
}

/** Request ids on every answer, no caching of API answers, and the security headers. */
async function installResponseHeaders(app: FastifyInstance, config: GatewayOptions['config']): Promise<void> {
  // The request id travels gateway -> service -> event; callers see it to quote it in a report.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry tokens and personal data: no browser or proxy may keep them.
    if (request.url.startsWith('/api/v1/')) reply.header('cache-control', 'no-store');
  });

  const security = await securityHeaders(remoteOrigins(config.remoteOverrides));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(security);
  });
}

/**
 * Rate limits count every /api request: by its verified session, otherwise by the caller's
 * address. A forged or ended token counts against its address, and is counted before it is
 * refused (the session check comes after this hook).
 */
async function installRateLimits(
  app: FastifyInstance,
  config: GatewayOptions['config'],
  tokens: ReturnType<typeof createTokenService>,
): Promise<void> {
  await app.register(rateLimit, { global: false });
  const limiter = app.rateLimit({
    max: (request) =>
      SIGN_IN.has(request.url.split('?')[0]!) ? config.signInRateLimitPerMinute : config.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      const url = request.url.split('?')[0]!;
      if (SIGN_IN.has(url)) return `signin:${request.ip}`;
      const token = bearerToken(request);
      const claims = token ? await tokens.verify(token) : null;
      return claims ? `session:${claims.sessionId}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) await limiter.call(app, request, reply);
  });
}

/** The instances of the services running in other processes, polled for health (upstreams.ts). */
function startUpstreams(app: FastifyInstance, opts: GatewayOptions): Upstreams {
  const upstreams = new Upstreams({
    serviceUrls: opts.config.serviceUrls,
    embedded: Object.keys(opts.embedded),
    healthIntervalMs: opts.config.upstreamHealthIntervalMs,
    timeoutMs: opts.config.upstreamTimeoutMs,
    log: app.log,
    // gateway_upstream_up and gateway_upstream_requests_total in the gateway's /metrics.
    observer: upstreamObserver(app),
  });
  upstreams.start();
  app.addHook('onClose', async () => upstreams.stop());
  return upstreams;
}

/** /api/docs: the gateway's OpenAPI with the other processes' services merged in. */
async function installApiDocs(app: FastifyInstance, upstreams: Upstreams): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Procurement platform API',
        version: '1.0.0',
        description: 'All calls under /api/v1. Errors are {message}.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  const remoteDocs = remoteOpenApi(upstreams, app.log as never);
  remoteDocs.start();
  app.addHook('onClose', async () => remoteDocs.stop());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecification: (doc) => remoteDocs.merge(doc as never),
  });
}

/** Each service in another process: 'ok' while one of its instances is up, and every instance's state. */
function healthRoute(app: FastifyInstance, opts: GatewayOptions, upstreams: Upstreams): void {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string | ReturnType<UpstreamPool['report']>> = {};
    if (opts.db)
      checks.database = await opts.db.query('SELECT 1').then(
        () => 'ok',
        () => 'down',
      );
    let ok = checks.database !== 'down';
    for (const [name, pool] of upstreams.pools) {
      await pool.firstCheck;
      const report = pool.report();
      checks[name] = report;
      if (report.status !== 'ok') ok = false;
    }
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', embedded: Object.keys(opts.embedded), checks };
  });
}

/** The one door to the system: /api/v1 to the services, the shell and remotes, docs and health. */
export async function buildGateway(opts: GatewayOptions): Promise<FastifyInstance> {
  const { config, kit, bus } = opts;
  const base = serverOptions(kit, 'gateway', { trustProxy: config.trustProxy });
  const app = Fastify(opts.logger === false ? { ...base, logger: false } : base);
  installErrorHandling(app);
  installObservability(app, { publicMetrics: kit.metricsPublic, db: opts.db }); // /metrics (loopback only unless METRICS_PUBLIC), /health/live, /health/ready
  await installResponseHeaders(app, config);
  const tokens = createTokenService(kit.sessionKeys);
  await installRateLimits(app, config, tokens);
  const upstreams = startUpstreams(app, opts);
  await installApiDocs(app, upstreams);

  await installSessionCheck(app, tokens, bus);
  await dashboardRoute(app);

  // Services in this process are plugins under /api/v1; the others are proxied to their instances'
  // pools (upstreams.ts).
  await app.register(
    async (api) => {
      for (const plugin of Object.values(opts.embedded)) await api.register(plugin);
    },
    { prefix: '/api/v1' },
  );
  await upstreams.registerProxies(app);
  healthRoute(app, opts, upstreams);

  await staticRoutes(app, config);
  return app;
}
