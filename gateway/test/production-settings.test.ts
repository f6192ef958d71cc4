/**
 * In production a missing setting stops the start with one line naming it (`Cannot start: …`) and
 * exit code 1, not a stack trace: the auth service started on its own, and the gateway (which runs
 * auth embedded unless AUTH_SERVICE_URL points elsewhere). The entries are built from their
 * TypeScript sources here (esbuild, as scripts/bundle-server.mjs does, from the workspaces' sources), so the
 * test never runs a stale build; nothing is connected to, the settings are read first.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/distributed/topology.js';

const outDir = path.join(repoRoot, 'node_modules', '.cache', 'erp-production-settings');
const dataDir = mkdtempSync(path.join(tmpdir(), 'erp-prod-settings-'));
const entries = { auth: 'services/auth/src/server.ts', gateway: 'gateway/src/main.ts' };
const built: Record<string, string> = {};

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  for (const [name, entry] of Object.entries(entries)) {
    const outfile = path.join(outDir, `${name}-${process.pid}.mjs`);
    await esbuild.build({
      entryPoints: [path.join(repoRoot, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['@erp/source'],
      // As scripts/bundle-server.mjs bundles the compiled entries: these stay in node_modules.
      external: [
        '@electric-sql/pglite',
        '@electric-sql/pglite/*',
        'pdfkit',
        'exceljs',
        'pino',
        'pino-pretty',
        'thread-stream',
        'pg-native',
        '@fastify/swagger',
        '@fastify/swagger-ui',
        'sharp',
      ],
      banner: {
        js: "import { createRequire as __erpCreateRequire } from 'node:module'; const require = __erpCreateRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    built[name] = outfile;
  }
}, 120_000);

afterAll(() => {
  for (const f of Object.values(built)) rmSync(f, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Run an entry with only these settings (and PATH); nothing answers on the database or NATS ports given. */
function run(name: keyof typeof entries, env: Record<string, string>) {
  const r = spawnSync(process.execPath, [built[name]!], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:9/erp',
  NATS_URL: 'nats://127.0.0.1:9',
};
const KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const SMS = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.test/send' };

describe.each(['auth', 'gateway'] as const)('the %s entry with NODE_ENV=production', (name) => {
  it.each([
    [
      'JWT_PRIVATE_KEY',
      { ...SMS, OTP_SECRET: 'o'.repeat(40) },
      /^Cannot start: JWT_PRIVATE_KEY is not set \(required with NODE_ENV=production\)/,
    ],
    [
      'SMS_PROVIDER',
      { JWT_PRIVATE_KEY: KEY, OTP_SECRET: 'o'.repeat(40) },
      /^Cannot start: SMS_PROVIDER is not set \(required with NODE_ENV=production\)/,
    ],
    [
      'SMS_HTTP_URL',
      { JWT_PRIVATE_KEY: KEY, OTP_SECRET: 'o'.repeat(40), SMS_PROVIDER: 'http' },
      /^Cannot start: SMS_HTTP_URL is not set \(required with SMS_PROVIDER=http\)/,
    ],
    [
      'OTP_SECRET',
      { JWT_PRIVATE_KEY: KEY, ...SMS },
      /^Cannot start: OTP_SECRET is not set \(required with NODE_ENV=production\)/,
    ],
  ])('without %s stops with one line on stderr naming it and exit code 1', (_setting, settings, line) => {
    const r = run(name, { ...PRODUCTION, ...settings });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(line);
    expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
