/**
 * Faults the user must not be stranded by:
 * 1. a service that is down: a second system of its own, every service in the gateway's process but
 *    po, whose PO_SERVICE_URL points at a port nothing listens on. The gateway answers 503 with
 *    `{message}` for po's paths; the PO list shows that message as an error toast and its own error
 *    state, and the rest of the app keeps working;
 * 2. a remote whose files are missing: in the e2e system, mfe_po's entry moved to a manifest that does
 *    not exist (the system's REMOTES_FILE, read again on every /config/remotes.json); its routes show the
 *    shell's error panel with Retry in the content area, and the rest of the app keeps working.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
// @ts-expect-error the build scripts are plain JavaScript without declarations
import { apiClient } from '../scripts/demo-seed/api.mjs';
import { seedCatalog, seedProjects, seedTeam } from '../scripts/demo-seed/seed.mjs';
import { serverEntry } from '../scripts/lib.mjs';
import { DESKTOP, PHONE, baseUrl, launch, newPage, screenshotDir, shot, signIn } from './lib/browser.js';
import { signedInPage } from './lib/page.js';
import { system } from './lib/system.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const remotesFile = system.remotesFile;

/** The gateway's answer for a service with no instance up (gateway/src/upstreams.ts, MODULES.po.title). */
const PO_DOWN = 'The purchase orders service is not available right now. Please try again in a moment.';
/** Demo items and vendors (scripts/demo-seed/business.mjs): one of them is on every first page. */
const DEMO_ITEM =
  /Cement OPC 53|TMT steel bar|River sand|20 mm aggregate|Red clay bricks|Ready-mix concrete|Binding wire|Plywood 18 mm|AAC blocks|Structural steel|GI roofing|PVC pipe|Wall putty|Waterproofing|Vitrified tiles|Copper wire/;
const DEMO_VENDOR = /Shree Ganesh Cement Traders|Deccan Steel Suppliers|Godavari Sand and Aggregates/;

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Main navigation' });
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const content = (page: Page) => page.locator('#main-content');
const toasts = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a service that is down (po, in a system of its own)', () => {
  let server: ChildProcess | undefined;
  let dataDir: string;
  let base: string;
  let output = '';

  beforeAll(async () => {
    const [port, deadPort] = [await freePort(), await freePort()];
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-faults-'));
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PHONE: '9000000001',
      ADMIN_NAME: 'Demo Admin',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OTP_RESEND_SECONDS: '0',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '200',
      // Nothing listens there: po is "down"; every other service runs in the gateway's process.
      PO_SERVICE_URL: `http://127.0.0.1:${deadPort}`,
    };
    for (const name of ['DATABASE_URL', 'NATS_URL', 'REMOTES_FILE', 'REMOTES_JSON']) delete env[name];
    // The gateway as `npm start` runs it: its bundle when the build made one.
    server = spawn(process.execPath, [serverEntry('gateway/dist/main.js') as string], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    // It reports itself degraded (503 on /health): any answer means it is up.
    for (let i = 0; ; i++) {
      if (server.exitCode !== null)
        throw new Error(`The second system exited (${server.exitCode}):\n${output}`);
      const status = await fetch(`${base}/health/live`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (i > 240) throw new Error(`The second system did not start within 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', checks: { po: { status: 'down' } } });
    // The demo's team, vendors, items and projects, through the API (its POs need po, which is down).
    const api = apiClient(base);
    const team = await seedTeam(api, await api.signIn('9000000001'));
    await seedProjects(team, await seedCatalog(team));
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the gateway answers 503 with its message for po’s paths, and the other services answer', async () => {
    // A session through the API: the code from the dev outbox.
    const phoneNumber = '9000000001';
    const json = { 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${base}/api/v1/auth/sendOtp`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ phoneNumber }),
        })
      ).status,
    ).toBe(200);
    const [sent] = (await fetch(`${base}/api/v1/dev/sms?phoneNumber=${phoneNumber}`).then((r) =>
      r.json(),
    )) as Array<{ code: string }>;
    const verified = await fetch(`${base}/api/v1/auth/verifyOtp`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phoneNumber, otp: sent!.code }),
    });
    const { token } = (await verified.json()) as { token: string };
    const authorization = { authorization: `Bearer ${token}` };

    const po = await fetch(`${base}/api/v1/po?limit=10&offset=0`, { headers: authorization });
    expect(po.status).toBe(503);
    expect(po.headers.get('retry-after')).toBe('5');
    expect(await po.json()).toEqual({ message: PO_DOWN });
    expect(
      (await fetch(`${base}/api/v1/items/all?limit=10&offset=0`, { headers: authorization })).status,
    ).toBe(200);
    expect(
      (await fetch(`${base}/api/v1/vendors/all?limit=10&offset=0`, { headers: authorization })).status,
    ).toBe(200);
  });

  it('desktop: the PO list shows the gateway’s message as one error toast and its error state; the sidebar, dashboard, items and vendors keep working', async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP, base);
    await signIn(page);
    await page.getByText('Login successful').waitFor();

    const answers: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/po') answers.push(r.status());
    });
    await page.goto('/po/list');
    // The toast (after the list's retries), with the gateway's message as it is.
    await toasts(page, PO_DOWN).first().waitFor({ timeout: 20_000 });
    await expect(toasts(page, PO_DOWN).getByRole('alert').count()).resolves.toBe(1);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 503)).toBe(true);
    // The remote's own area: its header and search, and its error state with Retry, not a blank screen.
    await content(page).getByRole('heading', { name: 'Purchase Orders', exact: true }).first().waitFor();
    await content(page).getByText('Could not load purchase orders').waitFor();
    await content(page).getByText(PO_DOWN).waitFor();
    await content(page).getByRole('button', { name: 'Retry' }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Items' }).waitFor();
    await shot(page, 'desktop-po-service-down');
    // Once per failure: no second toast for the same failure.
    await page.waitForTimeout(1500);
    await expect(toasts(page, PO_DOWN).count()).resolves.toBe(1);

    // Retry asks again: still down, the same error state (and one more toast once the first one is gone).
    await content(page).getByRole('button', { name: 'Retry' }).click();
    await content(page).getByText('Could not load purchase orders').waitFor();

    // The rest of the shell: the dashboard with the other modules' cards, from the sidebar.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    for (const card of ['Team Members', 'Items', 'Vendors', 'Active BoQs', 'Open POs'])
      await content(page).getByText(card, { exact: true }).first().waitFor();
    await content(page).getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await expect(content(page).getByText('Could not load the dashboard').count()).resolves.toBe(0);
    // Open POs is not shown as 0 while its service is down; the other counts are there.
    await content(page).getByText('Not available right now').waitFor();
    await expect(content(page).getByText('Not available right now').count()).resolves.toBe(1);
    await shot(page, 'desktop-dashboard-po-service-down');

    await page.goto('/items/list');
    await content(page).getByRole('heading', { name: 'Items', exact: true }).first().waitFor();
    await content(page).getByRole('row').filter({ hasText: DEMO_ITEM }).first().waitFor();
    expect(await content(page).getByRole('row').count()).toBeGreaterThan(1);
    await page.goto('/vendors/list');
    await content(page).getByRole('heading', { name: 'Vendors', exact: true }).first().waitFor();
    await content(page).getByRole('row').filter({ hasText: DEMO_VENDOR }).first().waitFor();
    expect(await content(page).getByRole('row').count()).toBeGreaterThan(1);
    await shot(page, 'desktop-vendors-while-po-down');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone: the same toast above the bottom bar, the error state in the content area; the bottom bar and items keep working', async () => {
    const { page, context, errors } = await newPage(browser, PHONE, base);
    await signIn(page);
    await page.getByText('Login successful').waitFor();
    await page.goto('/po/list');
    await toasts(page, PO_DOWN).first().waitFor({ timeout: 20_000 });
    await expect(toasts(page, PO_DOWN).count()).resolves.toBe(1);
    await content(page).getByText('Could not load purchase orders').waitFor();
    await content(page).getByRole('button', { name: 'Retry' }).waitFor();
    await bottomBar(page).getByRole('button', { name: 'Items' }).waitFor();
    await shot(page, 'phone-po-service-down');

    await page.goto('/items/list');
    await content(page).getByText(DEMO_ITEM).first().waitFor();
    // The screen as the phone shows it (a full-page shot of the long card list is 5,000 px tall).
    await page.screenshot({ path: path.join(screenshotDir, 'phone-items-while-po-down.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!remotesFile)('a remote whose files are missing (mfe_po’s manifest is not there)', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await signedInPage(browser));
  });
  afterAll(async () => {
    // Put the deployment back for the other flows.
    if (remotesFile) writeFileSync(remotesFile, '{}');
    await page?.context().close();
  });

  it('its routes show the shell’s error panel with Retry in the content area; the sidebar and the other modules keep working', async () => {
    // The same module (its routes and menu) with an entry whose files are gone: a deploy that lost them.
    const deployed = (await fetch(`${baseUrl}/config/remotes.json`).then((r) => r.json())) as Record<
      string,
      { module: unknown }
    >;
    expect(deployed.mfe_po?.module).toBeTruthy();
    writeFileSync(
      remotesFile!,
      JSON.stringify({
        mfe_po: { entry: '/mfe/po/missing/mf-manifest.json', module: deployed.mfe_po!.module },
      }),
    );
    expect((await fetch(`${baseUrl}/mfe/po/missing/mf-manifest.json`)).status).toBe(404);

    await page.goto('/po/list');
    const panel = content(page).getByRole('alert').filter({ hasText: 'This section could not be loaded' });
    await panel.waitFor();
    await panel
      .getByText(
        'The Purchase Orders module is not available right now. Check your connection and try again.',
      )
      .waitFor();
    await panel.getByRole('button', { name: 'Retry' }).waitFor();
    // Only the content area: the sidebar (with the module's own menu) and the header are there.
    await sidebar(page).getByRole('button', { name: 'Purchase Orders' }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Items' }).waitFor();
    await expect(sidebar(page).getByRole('alert').count()).resolves.toBe(0);
    await shot(page, 'desktop-remote-files-missing');

    // Retry tries again (the files are still missing): the panel comes back.
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.waitFor();

    // Another module, from the sidebar: its rows load.
    const itemsGroup = sidebar(page).getByRole('button', { name: 'Items' });
    if ((await itemsGroup.getAttribute('aria-expanded')) !== 'true') await itemsGroup.click();
    await sidebar(page).getByRole('link', { name: 'Item List' }).first().click();
    await page.waitForURL('**/items/list');
    // Its rows (which ones depends on the flows before: an import adds items to the first page).
    await content(page).getByRole('row').nth(1).waitFor();
    await expect(content(page).getByText('This section could not be loaded').count()).resolves.toBe(0);
    await page.goto('/dashboard');
    await content(page).getByText('Team Members', { exact: true }).waitFor();

    // Files back (the deployment restored): the module loads again, without a rebuild or a restart.
    writeFileSync(remotesFile!, '{}');
    await page.goto('/po/list');
    await content(page).getByRole('heading', { name: 'Purchase Orders', exact: true }).first().waitFor();
    await content(page).getByRole('row').nth(1).waitFor();
    expect(errors).toEqual([]);
  });
});
