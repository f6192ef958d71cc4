import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, shot, signIn } from './lib/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const suffix = String(Date.now()).slice(-6);
const member = { name: 'Anita Joshi', email: `anita.${suffix}@example.com`, phone: `98${suffix}11` };

describe('an Admin manages the team in a real browser', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await newPage(browser, DESKTOP));
  });

  it('signs in with the code from the dev SMS outbox and lands on the dashboard', async () => {
    await shotAfter(page, () => page.goto('/'), 'desktop-sign-in');
    await signIn(page);
    await page.getByText('Login successful').waitFor();
    // SPEC §2 "Dashboard": the five count cards and the four quick actions, from the deployed modules.
    for (const card of ['Active BoQs', 'Open POs', 'Items', 'Vendors', 'Team Members']) {
      await page.getByText(card, { exact: true }).first().waitFor();
    }
    for (const action of ['Create New BoQ', 'View Purchase Orders', 'Manage Items', 'Vendor Management']) {
      await page.getByRole('link', { name: new RegExp(action) }).waitFor();
    }
    await expect(page.getByRole('link', { name: /Create New BoQ/ }).getAttribute('href')).resolves.toBe(
      '/boq/create',
    );
    await expect(page.getByRole('link', { name: /View Purchase Orders/ }).getAttribute('href')).resolves.toBe(
      '/po/list',
    );
    await shot(page, 'desktop-dashboard');
  });

  it('adds a member through the federated team remote', async () => {
    await page.getByRole('button', { name: 'Team and Project' }).first().click();
    await page.getByRole('link', { name: 'Team List' }).first().click();
    await page.waitForURL('**/team/list');
    await page
      .getByRole('button', { name: 'Add Member' })
      .or(page.getByRole('link', { name: 'Add Member' }))
      .last()
      .click();
    await page.waitForURL('**/team/edit');
    await page.getByLabel('Full Name').fill(member.name);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Phone Number').fill(member.phone);
    await shot(page, 'desktop-member-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Member added successfully').waitFor();
    await page.waitForURL('**/team/list');
  });

  it('finds the new member in the list by search', async () => {
    await page.getByPlaceholder('Search by name, email or phone...').fill(member.email);
    const row = page.getByRole('row', { name: new RegExp(member.name) });
    await row.waitFor();
    await expect(row.getByText(`+91 ${member.phone}`).isVisible()).resolves.toBe(true);
    await shot(page, 'desktop-team-list');
  });

  it('opens the member in view mode, read only', async () => {
    await page
      .getByRole('button', { name: `View ${member.name}` })
      .or(page.getByRole('link', { name: `View ${member.name}` }))
      .first()
      .click();
    await page.waitForURL(/\/team\/edit\?id=.*mode=view/);
    await page.getByText('Read Only').waitFor();
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe(member.name);
    await expect(page.getByLabel('Full Name').isEditable()).resolves.toBe(false);
    await expect(page.getByText('Access Control & Permissions').count()).resolves.toBe(0);
    await shot(page, 'desktop-member-view');
  });

  it('signs out and protected pages send the user back to sign-in', async () => {
    await page.getByRole('button', { name: /Demo Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/team/list');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Sign in to Continue' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('on a phone', () => {
  it('signs in, uses the bottom bar and the team list cards', async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto('/');
    await shot(page, 'phone-sign-in');
    await signIn(page);
    await page.getByText('Team Members', { exact: true }).waitFor();
    await shot(page, 'phone-dashboard');
    await page.goto('/team/list');
    await page.getByText('Demo Admin').first().waitFor();
    await shot(page, 'phone-team-list');
    await page.goto('/team/edit');
    await page.getByLabel('Full Name').waitFor();
    await shot(page, 'phone-member-add');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('when the team remote cannot be loaded', () => {
  it('shows the error panel in the content area only; the rest of the shell works', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page);
    // As if mfe-team's built files were deleted: the gateway answers 404 for them.
    await page.route('**/mfe/team/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"No such file"}' }),
    );
    await page.goto('/team/list');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await expect(page.getByRole('link', { name: 'Team List' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Demo Admin/ }).isVisible()).resolves.toBe(true);
    await shot(page, 'desktop-remote-failed');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('Team Members', { exact: true }).first().waitFor();
    // Files back: Retry (or the next visit) loads the remote.
    await page.unroute('**/mfe/team/**');
    await page.goto('/team/list');
    await page.getByPlaceholder('Search by name, email or phone...').waitFor();
    await context.close();
  });
});

async function shotAfter(page: Page, action: () => Promise<unknown>, name: string) {
  await action();
  await page.waitForLoadState('networkidle');
  await shot(page, name);
}
