import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Settings every service shares. Each is an environment variable (see README "Configuration"). */
export interface KitConfig {
  nodeEnv: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  natsNamespace: string | undefined;
  jwtSecret: string;
  sessionTtlHours: number;
  logLevel: string;
  seedDemo: boolean;
  relayPollMs: number;
  /** Embedded (PGlite) only: how often each service vacuums and analyzes its tables; 0 never. */
  vacuumMinutes: number;
}

type Env = Record<string, string | undefined>;

export function envString(env: Env, name: string, fallback?: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

export function envInt(env: Env, name: string, fallback: number, min = 0): number {
  const raw = envString(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return n;
}

export function envBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = envString(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false (got "${raw}")`);
}

/**
 * Secrets: from the environment, or (outside production) generated once and kept in DATA_DIR so
 * sessions survive a restart of the embedded system.
 */
async function localSecret(dataDir: string, key: string): Promise<string> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    /* first start */
  }
  if (!secrets[key]) {
    secrets[key] = randomBytes(32).toString('base64url');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[key]!;
}

export async function secretFromEnv(env: Env, name: string, dataDir: string, production: boolean): Promise<string> {
  const v = envString(env, name);
  if (v) {
    if (v.length < 32) throw new Error(`${name} must be at least 32 characters`);
    return v;
  }
  if (production) throw new Error(`${name} must be set when NODE_ENV=production`);
  return localSecret(dataDir, name);
}

/** Read the shared settings; `service` lets one variable be overridden per service (AUTH_DATABASE_URL). */
export async function loadKitConfig(env: Env = process.env, service?: string): Promise<KitConfig> {
  const nodeEnv = envString(env, 'NODE_ENV', 'development')!;
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(envString(env, 'DATA_DIR', './data')!);
  const prefix = service ? `${service.toUpperCase()}_` : '';
  return {
    nodeEnv,
    production,
    dataDir,
    databaseUrl: envString(env, `${prefix}DATABASE_URL`) ?? envString(env, 'DATABASE_URL'),
    natsUrl: envString(env, 'NATS_URL'),
    natsNamespace: envString(env, 'NATS_NAMESPACE'),
    jwtSecret: await secretFromEnv(env, 'JWT_SECRET', dataDir, production),
    sessionTtlHours: envInt(env, 'SESSION_TTL_HOURS', 168, 1),
    logLevel: envString(env, 'LOG_LEVEL', production ? 'info' : 'info')!,
    seedDemo: envBool(env, 'SEED_DEMO', true),
    relayPollMs: envInt(env, 'OUTBOX_POLL_MS', 1000, 10),
    vacuumMinutes: envInt(env, 'PGLITE_VACUUM_MINUTES', 60, 0),
  };
}
