import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST, envInt, envString } from '@erp/service-kit';

/** Which /api/v1 paths each service answers; a later service adds one line here. */
export const SERVICE_ROUTES: Record<string, string[]> = {
  auth: ['/auth', '/dev'],
  projects: ['/project', '/boq'],
  catalog: ['/items'],
  vendors: ['/vendors', '/vendorTransaction'],
  indent: ['/indent'],
  po: ['/po', '/poReceipt'],
};

/** Where each service's dashboard counts come from (GET, answered with StatsResponse). */
export const STATS_PATHS: Record<string, string> = {
  auth: '/auth/stats',
  projects: '/boq/stats',
  catalog: '/items/stats',
  vendors: '/vendors/stats',
  po: '/po/stats',
};

/** Paths anyone may call without a session. */
export const PUBLIC_PATHS = new Set(['/api/v1/auth/sendOtp', '/api/v1/auth/verifyOtp', '/api/v1/dev/sms', '/api/v1/auth/jwks']);

/** Remotes the shell loads: name -> manifest URL. Built files are served from /mfe/<dir>/. */
export const DEFAULT_REMOTES: Record<string, { dir: string; manifest: string }> = {
  mfe_team: { dir: 'mfe-team', manifest: '/mfe/team/mf-manifest.json' },
  mfe_catalog: { dir: 'mfe-catalog', manifest: '/mfe/catalog/mf-manifest.json' },
  mfe_vendors: { dir: 'mfe-vendors', manifest: '/mfe/vendors/mf-manifest.json' },
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GatewayConfig {
  port: number;
  host: string;
  /** Service name -> base URL for services running as their own process (distributed mode). */
  serviceUrls: Record<string, string>;
  shellDir: string;
  /** URL path under /mfe/ -> directory of a remote's built files. */
  remoteDirs: Record<string, string>;
  /** What /config/remotes.json answers. */
  remotes: Record<string, string>;
  rateLimitPerMinute: number;
  signInRateLimitPerMinute: number;
  trustProxy: boolean;
}

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const serviceUrls: Record<string, string> = {};
  for (const name of Object.keys(SERVICE_ROUTES)) {
    const url = envString(env, `${name.toUpperCase()}_SERVICE_URL`);
    if (url) serviceUrls[name] = url.replace(/\/+$/, '');
  }
  const remoteDirs: Record<string, string> = {};
  const remotes: Record<string, string> = {};
  for (const [name, r] of Object.entries(DEFAULT_REMOTES)) {
    remoteDirs[r.manifest.split('/')[2]!] = path.join(repoRoot, r.dir, 'dist');
    remotes[name] = r.manifest;
  }
  const override = envString(env, 'REMOTES_JSON');
  if (override) {
    const parsed = JSON.parse(override) as unknown;
    if (!parsed || typeof parsed !== 'object' || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw new Error('REMOTES_JSON must be a JSON object of remote name to manifest URL');
    }
    Object.assign(remotes, parsed);
  }
  return {
    port: envInt(env, 'PORT', 8080, 0),
    host: envString(env, 'HOST', DEFAULT_HOST)!,
    serviceUrls,
    shellDir: path.resolve(envString(env, 'SHELL_DIR', path.join(repoRoot, 'shell', 'dist'))!),
    remoteDirs,
    remotes,
    rateLimitPerMinute: envInt(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1),
    signInRateLimitPerMinute: envInt(env, 'SIGN_IN_RATE_LIMIT_PER_MINUTE', 20, 1),
    trustProxy: /^(1|true|yes)$/i.test(envString(env, 'TRUST_PROXY', 'false')!),
  };
}
