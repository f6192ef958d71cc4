import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_COUNT_CAP } from './paged-search.js';
import { checkFaultInjection } from './faults.js';
import {
  generateSigningKeyPem,
  JWKS_PATH,
  parsePrivateKey,
  parsePublicKeys,
  type SessionKeys,
} from './auth/keys.js';

/** Settings every service shares. Each is an environment variable (see README "Configuration"). */
export interface KitConfig {
  nodeEnv: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  natsNamespace: string | undefined;
  /** Session token keys: auth's private key only where auth runs; elsewhere auth's public keys or JWKS URL. */
  sessionKeys: SessionKeys;
  sessionTtlHours: number;
  logLevel: string;
  relayPollMs: number;
  /** How long the relay holds outbox rows it is publishing; a crashed relay's rows are taken again after it. */
  outboxLeaseSeconds: number;
  /** How long JetStream waits for a consumer's acknowledgement before redelivering (a crashed consumer's events). */
  natsAckWaitSeconds: number;
  /** Embedded (PGlite) only: how often each service vacuums and analyzes its tables; 0 never. */
  vacuumMinutes: number;
  /** Tries of a consumed event before it goes to the dead letters. */
  eventMaxAttempts: number;
  /** Events an instance handles at once for a consumer that declares `ordered` (NATS only). */
  eventConcurrency: number;
  /** Wait before the first retry of a failed event; doubles with every try (at most 5 minutes). */
  eventRetryBaseMs: number;
  /** Published outbox rows are kept this long. */
  outboxRetentionHours: number;
  /** Inbox rows (the ids consumers handled) are kept this long: longer than any redelivery. */
  inboxRetentionDays: number;
  /** Dead letters that were replayed are kept this long (those not replayed stay). */
  deadLetterRetentionDays: number;
  /** How often each service prunes outbox, inbox, dead letters and its own tables; 0 never. */
  pruneMinutes: number;
  /** Lists count matches up to this many; beyond, the total is a lower bound ("10,000+", see paged-search.ts). */
  listCountCap: number;
  /** Shutdown: how long /health/ready answers 503 before the server stops taking requests (load balancers and the gateway's polls move away). */
  shutdownDrainMs: number;
  /** Shutdown: the whole sequence's limit; past it the process exits with 1 whatever is still running. */
  shutdownTimeoutMs: number;
  /** PostgreSQL: how long a query waits for a connection before it fails (the request answers 503). */
  databaseConnectTimeoutMs: number;
  /** The gateway's /metrics answers every caller, not only this machine (services always answer: they sit on a private network). */
  metricsPublic: boolean;
}

type Env = Record<string, string | undefined>;

/**
 * A setting that is missing or wrong: the process cannot start until it is fixed. The entry points
 * (runStandalone, the gateway's main) print it as one line, `Cannot start: <message>`, and exit
 * with 1, without a stack trace (exitOnConfigError). The message names the setting.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** `<NAME> is not set (required with <condition>)`, plus what to set it to. */
export function missingSetting(name: string, requiredWith: string, hint?: string): ConfigError {
  return new ConfigError(`${name} is not set (required with ${requiredWith})${hint ? `: ${hint}` : ''}`);
}

/**
 * Run the reading of settings; a ConfigError it throws is written to stderr as one line,
 * `Cannot start: <message>`, and the process exits with 1 (no stack: the line says what to set).
 * Other errors go on as they are.
 */
export async function exitOnConfigError<T>(
  read: () => T | Promise<T>,
  out: { write(line: string): unknown } = process.stderr,
  exit: (code: number) => never = process.exit,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    out.write(`Cannot start: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
    return exit(1);
  }
}

export function envString(env: Env, name: string, fallback?: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

export function envInt(env: Env, name: string, fallback: number, min = 0): number {
  const raw = envString(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return n;
}

export function envBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = envString(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/**
 * Secrets: from the environment, or (outside production) generated once and kept in DATA_DIR so
 * sessions survive a restart of the embedded system.
 */
async function localSecret(
  dataDir: string,
  key: string,
  generate = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    /* first start */
  }
  if (!secrets[key]) {
    secrets[key] = generate();
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[key]!;
}

export async function secretFromEnv(
  env: Env,
  name: string,
  dataDir: string,
  production: boolean,
): Promise<string> {
  const v = envString(env, name);
  if (v) {
    if (v.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return v;
  }
  if (production)
    throw missingSetting(
      name,
      'NODE_ENV=production',
      'at least 32 random characters (openssl rand -base64 32)',
    );
  return localSecret(dataDir, name);
}

/** The parsing of a setting's value: what it throws is about that setting. */
function asConfigError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw err instanceof ConfigError ? err : new ConfigError((err as Error).message, { cause: err });
  }
}

/**
 * Session token keys (docs/decisions/0008). The process that runs auth (the auth service on its
 * own, or the gateway with auth embedded, i.e. without AUTH_SERVICE_URL) holds the private key
 * JWT_PRIVATE_KEY, generated into DATA_DIR outside production, and JWT_PREVIOUS_PUBLIC_KEYS. Every
 * other process gets only public keys: JWT_PUBLIC_KEYS, else auth's JWKS at JWT_JWKS_URL or
 * AUTH_SERVICE_URL + /auth/jwks (each instance's, when it lists several).
 */
export async function loadSessionKeys(
  env: Env,
  dataDir: string,
  production: boolean,
  service?: string,
): Promise<SessionKeys> {
  const authUrl = envString(env, 'AUTH_SERVICE_URL');
  const runsAuth = service === 'auth' || (service === undefined && !authUrl);
  if (runsAuth) {
    let pem = envString(env, 'JWT_PRIVATE_KEY');
    if (!pem) {
      if (production) {
        throw missingSetting(
          'JWT_PRIVATE_KEY',
          'NODE_ENV=production',
          'the Ed25519 (or P-256) private key auth signs session tokens with, as PEM or JWK (openssl genpkey -algorithm ed25519)',
        );
      }
      pem = await localSecret(dataDir, 'JWT_PRIVATE_KEY', generateSigningKeyPem);
    }
    const signingKey = asConfigError(() => parsePrivateKey(pem, 'JWT_PRIVATE_KEY'));
    const previous = asConfigError(() =>
      parsePublicKeys(envString(env, 'JWT_PREVIOUS_PUBLIC_KEYS'), 'JWT_PREVIOUS_PUBLIC_KEYS'),
    ).filter((k) => k.kid !== signingKey.kid);
    return { signingKey, publicKeys: previous };
  }
  const publicKeys = asConfigError(() =>
    parsePublicKeys(envString(env, 'JWT_PUBLIC_KEYS'), 'JWT_PUBLIC_KEYS'),
  );
  // AUTH_SERVICE_URL may list several instances of auth, comma-separated: the keys are fetched from
  // the first, and from the next ones when it does not answer.
  const authJwks = (authUrl ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter((u) => u !== '')
    .map((u) => `${u}${JWKS_PATH}`);
  const explicit = envString(env, 'JWT_JWKS_URL');
  const jwksUrl = explicit ?? authJwks[0];
  if (publicKeys.length === 0 && !jwksUrl) {
    throw new ConfigError(
      'Session tokens cannot be verified: set AUTH_SERVICE_URL (where auth runs), JWT_JWKS_URL or JWT_PUBLIC_KEYS',
    );
  }
  const fallbacks = explicit ? [] : authJwks.slice(1);
  for (const u of [jwksUrl, ...fallbacks]) {
    if (u && !URL.canParse(u))
      throw new ConfigError(`JWT_JWKS_URL (or AUTH_SERVICE_URL) must be a URL (got "${u}")`);
  }
  return {
    publicKeys,
    ...(jwksUrl ? { jwksUrl } : {}),
    ...(fallbacks.length > 0 ? { jwksFallbackUrls: fallbacks } : {}),
  };
}

/** Read the shared settings; `service` lets one variable be overridden per service (AUTH_DATABASE_URL). */
export async function loadKitConfig(env: Env = process.env, service?: string): Promise<KitConfig> {
  const nodeEnv = envString(env, 'NODE_ENV', 'development')!;
  const production = nodeEnv === 'production';
  // Fault injection kills the process on purpose (tests): refused in production, checked everywhere.
  asConfigError(() => checkFaultInjection(env));
  const dataDir = path.resolve(envString(env, 'DATA_DIR', './data')!);
  const prefix = service ? `${service.toUpperCase()}_` : '';
  return {
    nodeEnv,
    production,
    dataDir,
    databaseUrl: envString(env, `${prefix}DATABASE_URL`) ?? envString(env, 'DATABASE_URL'),
    natsUrl: envString(env, 'NATS_URL'),
    natsNamespace: envString(env, 'NATS_NAMESPACE'),
    sessionKeys: await loadSessionKeys(env, dataDir, production, service),
    sessionTtlHours: envInt(env, 'SESSION_TTL_HOURS', 168, 1),
    logLevel: envString(env, 'LOG_LEVEL', production ? 'info' : 'info')!,
    relayPollMs: envInt(env, 'OUTBOX_POLL_MS', 1000, 10),
    outboxLeaseSeconds: envInt(env, 'OUTBOX_LEASE_SECONDS', 30, 1),
    natsAckWaitSeconds: envInt(env, 'NATS_ACK_WAIT_SECONDS', 30, 1),
    vacuumMinutes: envInt(env, 'PGLITE_VACUUM_MINUTES', 60, 0),
    eventMaxAttempts: envInt(env, 'EVENT_MAX_ATTEMPTS', 5, 1),
    eventConcurrency: envInt(env, 'EVENT_CONCURRENCY', 8, 1),
    eventRetryBaseMs: envInt(env, 'EVENT_RETRY_BASE_MS', 1000, 1),
    outboxRetentionHours: envInt(env, 'OUTBOX_RETENTION_HOURS', 72, 1),
    inboxRetentionDays: envInt(env, 'INBOX_RETENTION_DAYS', 7, 1),
    deadLetterRetentionDays: envInt(env, 'DEAD_LETTER_RETENTION_DAYS', 30, 1),
    pruneMinutes: envInt(env, 'PRUNE_INTERVAL_MINUTES', 60, 0),
    listCountCap: envInt(env, 'LIST_COUNT_CAP', DEFAULT_COUNT_CAP, 1),
    shutdownDrainMs: envInt(env, 'SHUTDOWN_DRAIN_MS', 1500, 0),
    shutdownTimeoutMs: envInt(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 1),
    databaseConnectTimeoutMs: envInt(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 1),
    metricsPublic: envBool(env, 'METRICS_PUBLIC', false),
  };
}
