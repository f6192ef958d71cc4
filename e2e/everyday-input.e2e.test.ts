// What the daily-use audit found in typing and reading the forms: mobile numbers, the one-time code,
// toasts over the buttons, dates in the browser's locale, the BOQ description, the project page's
// words to an Admin, and the way past the navigation (decisions 0038, 0039).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DESKTOP, launch, newPage, PHONE, shot, signIn } from './lib/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const tag = String(Date.now()).slice(-5);
const PHONE_FIELD = 'Enter 10-digit mobile number';

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the sign-in mobile number', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, DESKTOP));
  });
  afterAll(async () => context?.close());

  it('typing 12 digits keeps 10', async () => {
    await page.goto('/');
    const phone = page.getByPlaceholder(PHONE_FIELD);
    await phone.pressSequentially('987654321012');
    await expect(phone.inputValue()).resolves.toBe('9876543210');
  });

  it('pasting +91 98… keeps the ten digits', async () => {
    const phone = page.getByPlaceholder(PHONE_FIELD);
    await phone.fill('');
    // What a paste does: the whole text arrives in one input event.
    await phone.evaluate((el: HTMLInputElement) => {
      el.focus();
      document.execCommand('insertText', false, '+91 98765 43210');
    });
    await expect(phone.inputValue()).resolves.toBe('9876543210');
    await expect(page.getByRole('button', { name: 'Send OTP' }).isEnabled()).resolves.toBe(true);
  });

  it('Send OTP hint says how many digits are missing', async () => {
    const phone = page.getByPlaceholder(PHONE_FIELD);
    await phone.fill('');
    await page.locator('#phone-msg').getByText('Enter your 10-digit mobile number').waitFor();
    await phone.pressSequentially('98765');
    const send = page.getByRole('button', { name: 'Send OTP' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await expect(page.locator('#phone-msg').innerText()).resolves.toBe('Enter 5 more digits');
    // The disabled button is described by the hint, so the reason is read with it.
    await expect(send.getAttribute('aria-describedby')).resolves.toBe('phone-msg');
    await shot(page, 'desktop-sign-in-digits-missing');
    await phone.pressSequentially('4321');
    await expect(page.locator('#phone-msg').innerText()).resolves.toBe('Enter 1 more digit');
    await phone.pressSequentially('0');
    await expect(page.locator('#phone-msg').count()).resolves.toBe(0);
    await expect(send.isEnabled()).resolves.toBe(true);
  });

  it('a wrong code shows the message beside the boxes and clears them', async () => {
    const phone = page.getByPlaceholder(PHONE_FIELD);
    await phone.fill('9000000001');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = page.getByLabel('One-time code');
    await code.waitFor();
    await code.fill('ZZ9999');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const message = page.locator('#otp-msg');
    await message.getByText('Invalid or expired OTP').waitFor();
    await expect(code.inputValue()).resolves.toBe('');
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('One-time code');
    // The message sits right under the boxes.
    const boxes =
      (await page.locator('[data-input-otp-container]').boundingBox()) ?? (await code.boundingBox());
    const text = await message.boundingBox();
    expect(
      boxes && text && text.y >= boxes.y + boxes.height - 1 && text.y - (boxes.y + boxes.height) < 24,
    ).toBe(true);
    await shot(page, 'desktop-sign-in-wrong-code');
    // Typing the next code takes the message away.
    await code.pressSequentially('A');
    await expect(message.count()).resolves.toBe(0);
  });
});

describe('a toast never covers the form’s Save & Close button', () => {
  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`at ${name} px, and the button is clickable while the pointer rests over the toast`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      await signIn(page);
      await page.goto('/team/project-edit');
      const save = page.getByRole('button', { name: 'Save & Close' });
      await save.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Project name is required' });
      await toast.waitFor();
      // The page scrolled to the end: the form's buttons at the bottom of the screen, where the toasts are.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(600);
      const buttons = page.locator('[data-keep-clear]').filter({ has: save });
      const [toastBox, saveBox, rowBox] = await Promise.all([
        toast.boundingBox(),
        save.boundingBox(),
        buttons.boundingBox(),
      ]);
      expect(toastBox && saveBox && rowBox).toBeTruthy();
      const vh = viewport.height;
      expect(saveBox!.y + saveBox!.height).toBeLessThanOrEqual(vh);
      expect(saveBox!.y).toBeGreaterThan(vh / 2); // the button really is down where toasts appear
      expect(intersects(toastBox!, saveBox!), JSON.stringify({ toastBox, saveBox })).toBe(false);
      expect(intersects(toastBox!, rowBox!), JSON.stringify({ toastBox, rowBox })).toBe(false);
      await shot(page, `${name === '390' ? 'phone' : 'desktop'}-toast-clear-of-save`);
      // The pointer rests on the toast (its timer paused), and the button still takes the click.
      await toast.hover();
      await page.waitForTimeout(300);
      const hovered = await toast.boundingBox();
      expect(intersects(hovered!, (await save.boundingBox())!)).toBe(false);
      await save.click({ timeout: 3_000 });
      await expect
        .poll(() =>
          page.locator('[data-sonner-toast]').filter({ hasText: 'Project name is required' }).count(),
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a hovered toast still goes after its time (and a bounded grace), and has a close button', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page);
    await page.goto('/team/project-edit');
    await page.clock.install();
    await page.getByRole('button', { name: 'Save & Close' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Project name is required' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss notification' }).waitFor();
    await toast.hover();
    await page.clock.runFor(16_000);
    await expect.poll(() => toast.count(), { timeout: 3_000 }).toBe(0);
    await context.close();
  });
});

describe('dates', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    // An en-US browser, whose own date fields would ask for mm/dd/yyyy.
    context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, locale: 'en-US' });
    page = await context.newPage();
    await signIn(page);
  });
  afterAll(async () => context?.close());

  it('dates are entered as dd-mm-yyyy on an en-US browser', async () => {
    await page.goto('/team/project-edit');
    await page.getByLabel('Project Name').fill(`Dates ${tag}`);
    const start = page.getByLabel('Start Date');
    const target = page.getByLabel('Target Completion Date');
    await expect(start.getAttribute('placeholder')).resolves.toBe('dd-mm-yyyy');
    // Not the browser's date field (which follows its locale): a text field, with the browser's picker only behind the calendar button.
    await expect(start.getAttribute('type')).resolves.toBe('text');
    await expect(page.locator('main input[type="date"]:not([aria-hidden="true"])').count()).resolves.toBe(0);
    await start.pressSequentially('01122026');
    await expect(start.inputValue()).resolves.toBe('01-12-2026');
    // The US habit (month first) is not taken for another day: it is refused, with the format to use.
    await target.pressSequentially('12/31/2026');
    await expect(target.inputValue()).resolves.toBe('12-31-2026');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Enter the target completion date as dd-mm-yyyy' })
      .first()
      .waitFor();
    await target.fill('');
    await target.pressSequentially('31-12-2026');
    await expect(target.inputValue()).resolves.toBe('31-12-2026');
    // The calendar is reachable from the keyboard.
    await page.getByRole('button', { name: 'Choose date from calendar' }).first().waitFor();
    await shot(page, 'desktop-project-dates-en-US');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.waitForURL('**/team/projects');
    await page.getByPlaceholder('Search projects, codes, locations').fill(`Dates ${tag}`);
    await page.getByRole('link', { name: `Open Dates ${tag}` }).click();
    await page.waitForURL(/\/team\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: `Dates ${tag}` }).waitFor();
    await page.locator('main').getByText('1 Dec 2026', { exact: true }).first().waitFor();
    await page.locator('main').getByText('31 Dec 2026', { exact: true }).first().waitFor();
    // Opened again, the form shows the stored dates day first.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.getByLabel('Start Date').inputValue()).toBe('01-12-2026');
    await expect(page.getByLabel('Target Completion Date').inputValue()).resolves.toBe('31-12-2026');
  });

  it('the date field fits a 390 px phone', async () => {
    const phone = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      locale: 'en-US',
      isMobile: true,
      hasTouch: true,
    });
    const p = await phone.newPage();
    await signIn(p);
    await p.goto('/team/project-edit');
    const start = p.getByLabel('Start Date');
    await start.pressSequentially('05062026');
    await expect(start.inputValue()).resolves.toBe('05-06-2026');
    const box = await start.boundingBox();
    const button = await p.getByRole('button', { name: 'Choose date from calendar' }).first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await shot(p, 'phone-project-dates');
    await phone.close();
  });
});

describe('an Admin', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, DESKTOP));
    await signIn(page);
  });
  afterAll(async () => context?.close());

  it('BOQ description keeps G+12 (phase-1) & podium', async () => {
    await page.goto('/boq/create');
    const description = page.getByLabel('Description');
    await description.fill('RCC frame for G+12 (phase-1) & podium');
    await expect(description.inputValue()).resolves.toBe('RCC frame for G+12 (phase-1) & podium');
    await description.pressSequentially(', 3 lifts @ 2.5 m/s');
    await expect(description.inputValue()).resolves.toBe(
      'RCC frame for G+12 (phase-1) & podium, 3 lifts @ 2.5 m/s',
    );
  });

  it('is offered a way to assign employees on a project, not told to contact an administrator', async () => {
    await page.goto('/team/projects');
    await page
      .getByRole('row', { name: /PRJ-0001/ })
      .getByRole('link', { name: /^Open / })
      .click();
    await page.waitForURL(/\/team\/project\/[0-9a-f-]{36}$/);
    const assign = page.getByRole('link', { name: 'Assign Employees' });
    await assign.waitFor();
    await expect(page.getByText('contact an administrator').count()).resolves.toBe(0);
    await assign.click();
    await page.waitForURL(/\/team\/project-edit\?id=/);
    await page.getByRole('combobox', { name: 'Team member' }).waitFor();
  });

  it('reaches the content past the navigation with the first Tab: Skip to main content', async () => {
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await shot(page, 'desktop-skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(page.url()).toMatch(/\/dashboard$/);
  });
});

describe('a member’s phone number on the team form', () => {
  it('keeps ten digits and says how many are missing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page);
    await page.goto('/team/edit');
    const phone = page.getByLabel('Phone Number');
    await phone.pressSequentially('98765');
    await page
      .locator(`#${await phone.getAttribute('id')}-msg`)
      .getByText('Enter 5 more digits')
      .waitFor();
    await phone.pressSequentially('4321012');
    await expect(phone.inputValue()).resolves.toBe('9876543210');
    await context.close();
  });
});
