// Lighthouse (mobile preset: a mid-range phone's CPU, 4x slower than this machine, on slow 4G, simulated)
// on the four first screens of issue 26: sign-in, the dashboard, the indent list and the goods receipt.
// Each system is started as `npm start` runs it (the built bundle, PGlite, the demo seeded) on a
// fresh data directory.
//
//   node bench/lighthouse.mjs                      # this checkout (after npm run build)
//   BENCH_BASELINE=/tmp/erp-base node bench/lighthouse.mjs
//                                                  # and, side by side in the same run, another built
//                                                  # checkout (git worktree add /tmp/erp-base <ref>;
//                                                  # cd /tmp/erp-base && npm ci && npm run build)
//
// BENCH_RUNS (3) runs per screen and system, alternating the systems; the median run is printed.
//
// Lighthouse runs as its own CLI through npx (fetched into npm's cache on first use), not as a
// dependency of the workspace: it brings ~300 packages, one of which pinned the root's
// @opentelemetry/api to a version the service tests cannot load. It drives a Chromium started here
// (Playwright, remote debugging port) whose storage holds the member's session.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { freePort, json, root, signIn, waitFor } from './lib/system.mjs';
import { DEMO_ADMIN_ENV, seedDemoIfAsked } from './lib/demo.mjs';

const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE ?? 'lighthouse@12.8.2';
const run = promisify(execFile);

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
let reportCount = 0;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function startSystem(dir) {
  const port = await freePort();
  const data = mkdtempSync(path.join(os.tmpdir(), 'erp-lh-'));
  const entry = path.join(dir, 'gateway/dist/main.bundle.js');
  const child = spawn(process.execPath, [entry], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: data,
      SEED_DEMO: 'true',
      ...DEMO_ADMIN_ENV,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_NUMBER_PER_HOUR: '1000',
      OTP_MAX_PER_IP_PER_HOUR: '5000',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`, 120_000);
  await seedDemoIfAsked({ SEED_DEMO: 'true' }, base, dir);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** The screens, with the member who opens them; ids from the demo through the API. */
async function screens(base) {
  const engineer = await signIn(base, '9000000004');
  const admin = await signIn(base, '9000000001');
  // The demo's POs appear once their events have been handled: wait for an open one.
  let po;
  for (let i = 0; i < 120 && !po; i++) {
    const list = await json(
      await fetch(`${base}/api/v1/po?limit=25&offset=0`, {
        headers: { authorization: `Bearer ${engineer}` },
      }),
    );
    po = list.result.find((p) => p.status !== 'Closed');
    if (!po) await new Promise((r) => setTimeout(r, 500));
  }
  if (!po) throw new Error('no open demo PO');
  return [
    { name: 'sign-in', path: '/', token: null },
    { name: 'dashboard', path: '/dashboard', token: admin },
    { name: 'indent list', path: '/indent/list', token: engineer },
    { name: 'goods receipt', path: `/po/${po._id}/receipt`, token: engineer },
  ];
}

async function measure(browser, base, screen) {
  const page = await browser.context.newPage();
  await page.goto(`${base}/health`);
  await page.evaluate((token) => {
    localStorage.clear();
    if (token) {
      localStorage.setItem('token', token);
      localStorage.setItem('userName', 'Bench');
    }
  }, screen.token);
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  // Storage is kept (the session), the HTTP cache was cleared above: a first visit of a signed-in member.
  const out = path.join(browser.dir, 'report.json');
  const args = [
    LIGHTHOUSE,
    `${base}${screen.path}`,
    `--port=${browser.port}`,
    '--disable-storage-reset',
    '--only-categories=performance',
    '--form-factor=mobile',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  // Lighthouse sometimes fails to record the trace on a busy machine ("Runtime error encountered …
  // NO_NAVSTART"): that run is measured again, once.
  try {
    await run('npx', ['--yes', ...args], { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if (!/Runtime error encountered/.test(String(error?.stderr ?? ''))) throw error;
    console.error(`${screen.name}: ${String(error.stderr).trim()} Measuring again.`);
    await run('npx', ['--yes', ...args], { maxBuffer: 64 * 1024 * 1024 });
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  // BENCH_REPORTS=<dir> keeps every run's full report (the trace's findings: LCP element, chains, tasks).
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    copyFileSync(
      out,
      path.join(process.env.BENCH_REPORTS, `${screen.name.replace(/\W+/g, '-')}-${reportCount++}.json`),
    );
  }
  const a = lhr.audits;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    tbt: a['total-blocking-time'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  };
}

const median = (runs) => [...runs].sort((x, y) => x.score - y.score)[Math.floor(runs.length / 2)];

const systems = [{ label: 'this checkout', dir: root }];
if (process.env.BENCH_BASELINE)
  systems.push({
    label: `baseline (${process.env.BENCH_BASELINE})`,
    dir: path.resolve(process.env.BENCH_BASELINE),
  });

const started = [];
const browser = { port: await freePort(), dir: mkdtempSync(path.join(os.tmpdir(), 'erp-lh-chrome-')) };
browser.context = await chromium.launchPersistentContext(path.join(browser.dir, 'profile'), {
  executablePath: chromePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${browser.port}`],
});
try {
  for (const s of systems) {
    const system = await startSystem(s.dir);
    started.push(system);
    s.system = system;
    // BENCH_SCREENS=indent-list,goods-receipt measures only those (names with dashes).
    const only = process.env.BENCH_SCREENS?.split(',');
    s.screens = (await screens(system.base)).filter(
      (x) => !only || only.includes(x.name.replace(/\W+/g, '-')),
    );
    s.runs = new Map();
  }
  for (let run = 0; run < RUNS; run++) {
    for (const [i] of systems[0].screens.entries()) {
      for (const s of systems) {
        const screen = s.screens[i];
        const r = await measure(browser, s.system.base, screen);
        if (!s.runs.has(screen.name)) s.runs.set(screen.name, []);
        s.runs.get(screen.name).push(r);
      }
    }
  }
  console.log(
    `Lighthouse ${RUNS} runs per screen (mobile preset, simulated 4x CPU and slow 4G); the median run by score:`,
  );
  for (const s of systems) {
    console.log(`\n${s.label}`);
    for (const [name, runs] of s.runs) {
      const m = median(runs);
      console.log(
        `  ${name.padEnd(14)} score ${String(m.score).padStart(3)} (runs ${runs.map((r) => r.score).join(', ')})  TBT ${m.tbt.toFixed(0)} ms  LCP ${(m.lcp / 1000).toFixed(2)} s  FCP ${(m.fcp / 1000).toFixed(2)} s  CLS ${m.cls.toFixed(3)}`,
      );
    }
  }
} finally {
  await browser.context.close();
  rmSync(browser.dir, { recursive: true, force: true });
  for (const s of started) await s.stop();
}
