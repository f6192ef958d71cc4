import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST, envInt, envString } from '@erp/service-kit';
import { MODULES } from './modules.js';
import { parseRemoteOverrides, type RemoteOverrides } from './remotes.js';
import { DEFAULT_HEALTH_INTERVAL_MS, DEFAULT_UPSTREAM_TIMEOUT_MS, instanceUrls } from './upstreams.js';

/** Paths anyone may call without a session. */
export const PUBLIC_PATHS = new Set([
  '/api/v1/auth/sendOtp',
  '/api/v1/auth/verifyOtp',
  '/api/v1/dev/sms',
  '/api/v1/auth/jwks',
]);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GatewayConfig {
  port: number;
  host: string;
  /**
   * Service name -> base URL for services running as their own process (distributed mode); several
   * instances of one service comma-separated (`http://po-1:3000,http://po-2:3000`), see upstreams.ts.
   */
  serviceUrls: Record<string, string>;
  /** How often each instance's /health/ready is polled (UPSTREAM_HEALTH_INTERVAL_MS, 1000 ms). */
  upstreamHealthIntervalMs?: number;
  /** How long the gateway waits for a service's answer before a 504 (UPSTREAM_TIMEOUT_MS, 30000 ms). */
  upstreamTimeoutMs?: number;
  shellDir: string;
  /** URL path under /mfe/ -> directory of a remote's built files (with the module.json it declares). */
  remoteDirs: Record<string, string>;
  /** Changes to the remotes this gateway serves (REMOTES_JSON): name -> entry URL, entry, or null to leave one out. */
  remoteOverrides: RemoteOverrides;
  /** A JSON file of the same form, read again on every request of /config/remotes.json (REMOTES_FILE). */
  remotesFile?: string;
  rateLimitPerMinute: number;
  signInRateLimitPerMinute: number;
  trustProxy: boolean;
}

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const serviceUrls: Record<string, string> = {};
  for (const name of Object.keys(MODULES)) {
    const variable = `${name.toUpperCase()}_SERVICE_URL`;
    const url = envString(env, variable);
    if (url) serviceUrls[name] = instanceUrls(url, variable).join(',');
  }
  const remoteDirs: Record<string, string> = {};
  for (const m of Object.values(MODULES)) {
    for (const folder of m.remotes)
      remoteDirs[folder.replace(/^mfe-/, '')] = path.join(repoRoot, folder, 'dist');
  }
  const overrides = envString(env, 'REMOTES_JSON');
  const remotesFile = envString(env, 'REMOTES_FILE');
  return {
    port: envInt(env, 'PORT', 8080, 0),
    host: envString(env, 'HOST', DEFAULT_HOST)!,
    serviceUrls,
    shellDir: path.resolve(envString(env, 'SHELL_DIR', path.join(repoRoot, 'shell', 'dist'))!),
    remoteDirs,
    remoteOverrides: overrides ? parseRemoteOverrides(overrides, 'REMOTES_JSON') : {},
    ...(remotesFile ? { remotesFile: path.resolve(remotesFile) } : {}),
    rateLimitPerMinute: envInt(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1),
    signInRateLimitPerMinute: envInt(env, 'SIGN_IN_RATE_LIMIT_PER_MINUTE', 20, 1),
    trustProxy: /^(1|true|yes)$/i.test(envString(env, 'TRUST_PROXY', 'false')!),
    upstreamHealthIntervalMs: envInt(env, 'UPSTREAM_HEALTH_INTERVAL_MS', DEFAULT_HEALTH_INTERVAL_MS, 50),
    upstreamTimeoutMs: envInt(env, 'UPSTREAM_TIMEOUT_MS', DEFAULT_UPSTREAM_TIMEOUT_MS, 100),
  };
}
