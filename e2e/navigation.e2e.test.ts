import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from './lib/browser.js';
import { signedInPage } from './lib/page.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Main navigation' });

/**
 * The unsaved-changes confirmation of SPEC §5 on react-router's navigation blocking: the form lives
 * in one app (mfe-team), the links that try to leave it in another (the shell) or in the browser.
 */
describe('leaving a member form with unsaved changes', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await signedInPage(browser));
  });

  /** To the form inside the app (not a page load), so that Back is the app's own history. */
  const startTyping = async () => {
    await page.goto('/team/list');
    await page.getByPlaceholder('Search by name, email or phone...').waitFor();
    await sidebar(page).getByRole('link', { name: 'Add Member' }).click();
    await page.waitForURL('**/team/edit');
    await page.getByLabel('Full Name').fill('Meera Kulkarni');
  };
  const itemList = async () => {
    const link = sidebar(page).getByRole('link', { name: 'Item List' });
    if (!(await link.isVisible())) await sidebar(page).getByRole('button', { name: 'Items' }).click();
    return link;
  };
  const discard = () => page.getByRole('alertdialog', { name: 'Discard Changes?' });

  it('the shell’s sidebar link asks first; Keep Editing stays with what was typed', async () => {
    await startTyping();
    await (await itemList()).click();
    await discard().waitFor();
    await shot(page, 'desktop-leave-form-from-sidebar');
    await discard().getByRole('button', { name: 'Keep Editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/team/edit');
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Meera Kulkarni');
  });

  it('the sidebar link goes on once the user discards', async () => {
    await (await itemList()).click();
    await discard().getByRole('button', { name: 'Discard Changes' }).click();
    await page.waitForURL('**/items/list');
    await page.getByPlaceholder('Search items...').waitFor();
  });

  it('the browser’s back button asks too, and stays on the form when the user keeps editing', async () => {
    await startTyping();
    await page.goBack();
    await discard().waitFor();
    await discard().getByRole('button', { name: 'Keep Editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/team/edit');
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Meera Kulkarni');
  });

  it('the back button goes on to the page before once the user discards', async () => {
    await startTyping();
    await page.goBack();
    await discard().getByRole('button', { name: 'Discard Changes' }).click();
    await page.waitForURL('**/team/list');
    await page.getByPlaceholder('Search by name, email or phone...').waitFor();
    // The form's entry is still ahead, as after any Back.
    await page.goForward();
    await page.waitForURL('**/team/edit');
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('');
  });

  it('a reload asks the browser’s own question (beforeunload)', async () => {
    await startTyping();
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))),
    );
    void page.reload().catch(() => undefined);
    await expect(dialog).resolves.toBe('beforeunload');
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Meera Kulkarni');
  });

  it('a form without changes is left without a question', async () => {
    await page.goto('/team/edit');
    await page.getByLabel('Full Name').waitFor();
    await sidebar(page).getByRole('link', { name: 'Team List' }).click();
    await page.waitForURL('**/team/list');
    await expect(discard().count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
