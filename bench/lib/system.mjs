// Start the built system (or one service) as a child process on a free port with its own data.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry } from '../../scripts/lib.mjs';
import { DEMO_ADMIN_ENV, seedDemoIfAsked } from './demo.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** entry: path relative to the repo root, e.g. gateway/dist/main.js */
export async function startProcess(entry, env = {}, { dataDir } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the system under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // What `npm start` runs: the entry's bundle when the build made one (decision 0031).
  const child = spawn(process.execPath, [...nodeArgs, serverEntry(entry)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...DEMO_ADMIN_ENV,
      ...env,
    },
    // BENCH_LOG_LEVEL=info shows the system's own log (index builds, slow requests) with the figures.
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // BENCH_START_MS: how long the system may take to answer (a loaded machine starts it slowly).
  await waitFor(`${base}/health`, Number(process.env.BENCH_START_MS ?? 60_000));
  await seedDemoIfAsked({ ...process.env, ...env }, base, root);
  return {
    base,
    port,
    dataDir: dir,
    pid: child.pid,
    /** Stop the process; its own data directory is removed unless `keep` (or it was given one). */
    async stop({ keep = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!dataDir && !keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (user + system, ms) the process has used so far, from /proc (Linux; null elsewhere).
 * Per answer, it says what a request costs the server however busy the machine is.
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/**
 * CPU ms used so far by the PostgreSQL backends serving database `name` on this machine (their
 * process titles name the database; null when none is visible, e.g. a remote server).
 */
export function postgresCpuMs(name) {
  let total = null;
  for (const pid of readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres:') || !cmd.split(' ').includes(name)) continue;
      total = (total ?? 0) + (cpuMs(pid) ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

export async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Sign in through the dev SMS outbox (console provider). */
export async function signIn(base, phoneNumber = '9000000001', prefix = '/api/v1') {
  await json(
    await fetch(`${base}${prefix}/auth/sendOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber }),
    }),
  );
  const [sms] = await json(await fetch(`${base}${prefix}/dev/sms?phoneNumber=${phoneNumber}`));
  const { token } = await json(
    await fetch(`${base}${prefix}/auth/verifyOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber, otp: sms.code }),
    }),
  );
  return token;
}

/**
 * With BENCH_DATABASE_URL: a new, empty PostgreSQL database for one bench run, and a `drop()`.
 * Without it: null (the system runs on PGlite).
 */
export async function freshBenchDatabase() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return null;
  const pg = (await import('pg')).default;
  const name = `erp_bench_${Math.random().toString(16).slice(2, 10)}`;
  const run = async (sql) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  // BENCH_KEEP_DATABASE=1 leaves the database for EXPLAIN ANALYZE afterwards (its URL is printed).
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  return {
    url: u.toString(),
    name,
    drop: () => (keep ? console.log(`kept ${u}`) : run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
