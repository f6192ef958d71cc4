#!/usr/bin/env node
/**
 * Measures what the browser downloads, gzipped (level 9, computed here so the figures do not depend
 * on the server's compression):
 *   1. static: the JS files shell/dist/index.html loads directly;
 *   2. live (Playwright + Chromium against a running gateway): every JS file loaded on '/' signed out,
 *      after 'Send OTP', on '/' signed in (the dashboard), and on a deep link to each deployed remote's
 *      first screen, split into shell and remote (own code and shared singletons); plus the share scope, to show no library is
 *      loaded twice.
 * Usage: node bench/bundle-size.mjs [baseUrl] [phone=9000000001]
 *   (without baseUrl it starts the built system on a free port with fresh data, and stops it after)
 * Budgets: shell at '/' <= 170 KB (issue 9: room for react-router); each remote's remoteEntry + first
 * route <= 70 KB beyond the shared singletons (read from the remote's mf-manifest.json).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { startProcess } from './lib/system.mjs';

const dist = fileURLToPath(new URL('../shell/dist', import.meta.url));
const system = process.argv[2]
  ? null
  : await startProcess('gateway/dist/main.js', { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' });
const base = (process.argv[2] ?? system.base).replace(/\/$/, '');
const phone = process.argv[3] ?? '9000000001';
const BUDGET_SHELL = 170 * 1024;
const BUDGET_REMOTE = 70 * 1024;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

function staticReport() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  let total = 0;
  console.log('\n== static: JS referenced by shell/dist/index.html');
  for (const src of scripts) {
    const file = join(dist, src.replace(/^\//, ''));
    const size = existsSync(file) ? gz(readFileSync(file)) : 0;
    total += size;
    console.log(`   ${kb(size).padStart(9)}  ${src}`);
  }
  console.log(
    `   ${kb(total).padStart(9)}  total (the rest is loaded by the federation runtime at start-up; see below)`,
  );
}

async function live() {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    console.log('\n(playwright-core not available: live measurement skipped)');
    return;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

  async function capture(run) {
    const page = await context.newPage();
    const files = new Map();
    page.on('response', async (response) => {
      const url = response.url();
      if (!/\.m?js(\?|$)/.test(new URL(url).pathname) || response.status() !== 200) return;
      try {
        files.set(url, gz(await response.body()));
      } catch {
        /* redirected or aborted */
      }
    });
    await run(page);
    await page.waitForLoadState('networkidle');
    const shared = await page.evaluate(() => {
      const scope = globalThis.__FEDERATION__?.__SHARE__ ?? {};
      const out = {};
      for (const instance of Object.values(scope)) {
        for (const [name, versions] of Object.entries(instance.default ?? {})) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded || info.loading) (out[name] ??= new Set()).add(`${version} from ${info.from}`);
          }
        }
      }
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
    });
    await page.close();
    return { files, shared };
  }

  function report(title, { files, shared }, showShared) {
    const rows = [...files].map(([url, size]) => ({ path: new URL(url).pathname, size }));
    const remote = rows.filter((r) => r.path.startsWith('/mfe/'));
    const shell = rows.filter((r) => !r.path.startsWith('/mfe/'));
    const sum = (list) => list.reduce((n, r) => n + r.size, 0);
    console.log(`\n== ${title}`);
    for (const r of [...shell, ...remote]) console.log(`   ${kb(r.size).padStart(9)}  ${r.path}`);
    console.log(`   ${kb(sum(shell)).padStart(9)}  shell origin total`);
    if (remote.length)
      console.log(`   ${kb(sum(remote)).padStart(9)}  mfe remote total (remoteEntry + its chunks)`);
    console.log(`   ${kb(sum(rows)).padStart(9)}  all JS`);
    if (showShared) {
      console.log('   shared singletons in use (name: version from provider):');
      for (const [name, list] of Object.entries(shared))
        console.log(`     ${name}: ${list.join(', ')}${list.length > 1 ? '   <-- LOADED TWICE' : ''}`);
    }
    return { shell: sum(shell), remote: sum(remote), all: sum(rows), files };
  }

  const signedOut = report(
    "'/' signed out (sign-in page)",
    await capture((page) => page.goto(`${base}/`)),
    false,
  );

  const otp = await capture(async (page) => {
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Mobile Number').fill(phone);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('One-time code').waitFor();
    const messages = await (await page.request.get(`${base}/api/v1/dev/sms?phoneNumber=${phone}`)).json();
    await page.getByLabel('One-time code').fill(messages[0].code);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
  });
  report("'/' signed out, through Send OTP and Login (adds the code entry chunk)", otp, false);

  const signedIn = report(
    "'/' signed in (redirects to the dashboard)",
    await capture((page) => page.goto(`${base}/`)),
    true,
  );
  // Each deployed remote's first screen (its first menu entry), as a deep link. The chunks a remote
  // serves for shared singletons (react-query, the remote kit @erp/ui/remote: one copy per page,
  // whichever remote provides it) are told apart from its own code with its mf-manifest.json.
  const config = await (await fetch(`${base}/config/remotes.json`)).json();
  const remotes = [];
  for (const [name, entry] of Object.entries(config)) {
    const first = [...(entry.module?.nav ?? [])]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .find((n) => !n.path.includes('?'));
    if (!first) continue;
    const manifestUrl = new URL(entry.entry, base);
    const manifest = await (await fetch(manifestUrl)).json();
    const sharedFiles = new Map();
    for (const shared of manifest.shared ?? []) {
      for (const file of [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])])
        sharedFiles.set(new URL(file, manifestUrl).pathname, shared.name);
    }
    const title = `deep link ${first.path} signed in (${name})`;
    const result = report(
      title,
      await capture(async (page) => {
        await page.goto(`${base}${first.path}`);
        await page.locator('main h1, main h2').first().waitFor({ timeout: 20000 });
      }),
      true,
    );
    let shared = 0;
    for (const [url, size] of result.files) {
      const path = new URL(url).pathname;
      if (sharedFiles.has(path)) shared += size;
    }
    console.log(
      `   ${kb(shared).padStart(9)}  of the remote total: shared singletons it provided (${[...new Set(sharedFiles.values())].join(', ')})`,
    );
    console.log(
      `   ${kb(result.remote - shared).padStart(9)}  the remote's own code (remoteEntry + first route)`,
    );
    remotes.push({ name, own: result.remote - shared });
  }
  await browser.close();

  console.log('\n== budgets');
  const worstShell = Math.max(signedOut.shell, signedIn.shell);
  console.log(
    `   shell initial JS at '/': ${kb(signedOut.shell)} signed out, ${kb(signedIn.shell)} signed in (budget ${kb(BUDGET_SHELL)}) ${worstShell <= BUDGET_SHELL ? 'OK' : 'OVER'}`,
  );
  for (const r of remotes) {
    console.log(
      `   ${r.name} remoteEntry + first route beyond shared singletons: ${kb(r.own)} (budget ${kb(BUDGET_REMOTE)}) ${r.own <= BUDGET_REMOTE ? 'OK' : 'OVER'}`,
    );
  }
}

try {
  staticReport();
  await live();
} finally {
  await system?.stop();
}
