import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, shot, signIn } from './lib/browser.js';
import { signedInPage } from './lib/page.js';
import { system } from './lib/system.js';

// scripts/test-e2e.mjs starts each gateway with a REMOTES_FILE of its own, read again on every /config/remotes.json.
const remotesFile = system.remotesFile;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  if (remotesFile) rmSync(remotesFile, { force: true });
  await browser?.close();
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Main navigation' });

describe.skipIf(!remotesFile)('a module taken out of the deployment while the system runs', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await signedInPage(browser));
  });

  it('with every module deployed, the vendors menu, count and quick action are there', async () => {
    await sidebar(page).getByRole('button', { name: 'Vendors' }).waitFor();
    await page.getByRole('link', { name: /Vendor Management/ }).waitFor();
    await page.goto('/vendors/list');
    await page.getByRole('heading', { name: 'Vendors', exact: true }).first().waitFor();
  });

  it('without mfe_vendors: no Vendors menu, card or quick action, and its paths are not found; items and team keep working', async () => {
    writeFileSync(remotesFile!, JSON.stringify({ mfe_vendors: null }));
    await page.goto('/dashboard');
    await page.getByText('Team Members', { exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Items' }).waitFor();
    await expect(sidebar(page).getByRole('button', { name: 'Vendors' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Vendor Management/ }).count()).resolves.toBe(0);
    await expect(page.getByText('Vendors', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'desktop-dashboard-without-vendors');

    await page.goto('/vendors/list');
    await page.getByText('Oops! Page not found').waitFor();
    await shot(page, 'desktop-vendors-not-deployed');

    await page.goto('/items/list');
    await page.getByRole('heading', { name: 'Items', exact: true }).first().waitFor();
    await page.goto('/team/list');
    await page.getByPlaceholder('Search by name, email or phone...').waitFor();
  });

  it('on a phone too: the bottom bar has no Vendors tab', async () => {
    const phone = await newPage(browser, PHONE);
    await signIn(phone.page, '9000000002');
    await phone.page.getByText('Login successful').waitFor();
    const bar = phone.page.getByRole('navigation', { name: 'Main navigation' });
    await bar.getByRole('button', { name: 'Items' }).waitFor();
    await expect(bar.getByRole('button', { name: 'Vendors' }).count()).resolves.toBe(0);
    await phone.context.close();
  });

  it('put back: the menu and the paths return without rebuilding or restarting anything', async () => {
    writeFileSync(remotesFile!, '{}');
    await page.goto('/vendors/list');
    await page.getByRole('heading', { name: 'Vendors', exact: true }).first().waitFor();
    await sidebar(page).getByRole('button', { name: 'Vendors' }).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Vendor Management/ }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!remotesFile)('versions', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser, DESKTOP));
    await signIn(page);
    await page.getByText('Login successful').waitFor();
  });
  afterAll(async () => page?.context().close());

  it('a pinned version that is not the one deployed shows the error panel in that module’s area, saying which versions', async () => {
    writeFileSync(remotesFile!, JSON.stringify({ mfe_vendors: { version: '9.9.9' } }));
    await page.goto('/vendors/list');
    await page.getByText('This section could not be loaded').waitFor();
    await page
      .getByText(/asks for version 9\.9\.9 of this module, but version \d+\.\d+\.\d+ is what is deployed/)
      .waitFor();
    await expect(page.getByRole('button', { name: 'Retry' }).count()).resolves.toBe(0);
    await shot(page, 'desktop-pinned-version-missing');
    await page.goto('/items/list');
    await page.getByRole('heading', { name: 'Items', exact: true }).first().waitFor();
    writeFileSync(remotesFile!, '{}');
  });

  it('a remote built against a React the shell does not provide shows the error panel with both versions, not a blank area', async () => {
    // As if mfe-vendors had been built against React 99: its container requires that range strictly.
    await page.route('**/mfe/vendors/remoteEntry.js', async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(/requiredVersion:"\^19\.[^"]*"/g, 'requiredVersion:"^99.0.0"');
      await route.fulfill({ response: res, body });
    });
    await page.goto('/vendors/list');
    await page.getByText('This section could not be loaded').waitFor();
    await page
      .getByText(
        /The Vendors module was built for react(-dom)? \^99\.0\.0, but this app provides react(-dom)? 19\./,
      )
      .waitFor();
    await shot(page, 'desktop-remote-incompatible-react');
    await page.unroute('**/mfe/vendors/remoteEntry.js');
  });
});
