import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { system } from './system.js';

/** This worker's system (e2e/lib/system.ts). */
export const baseUrl = system.base;
export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      /* try the next */
    }
  }
  throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A page at `viewport` on the e2e system, or on another one at `base` (a flow that starts its own). */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  base = baseUrl,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The newest code "sent" to a number, from the dev SMS outbox of the console provider. */
export async function latestCode(phoneNumber: string, base = baseUrl): Promise<string> {
  const res = await fetch(`${base}/api/v1/dev/sms?phoneNumber=${phoneNumber}`);
  const list = (await res.json()) as Array<{ code: string }>;
  if (!list[0]) throw new Error(`no code was sent to ${phoneNumber}`);
  return list[0].code;
}

/** Sign in through the real screen: number, Send OTP, the code from the dev outbox, Login (on the system the page's context points at). */
export async function signIn(page: Page, phoneNumber = '9000000001'): Promise<void> {
  await page.goto('/');
  const base = new URL(page.url()).origin;
  await page.getByRole('heading', { name: 'Sign in to Continue' }).waitFor();
  await page.getByPlaceholder('Enter 10-digit mobile number').fill(phoneNumber);
  const before = await fetch(`${base}/api/v1/dev/sms?phoneNumber=${phoneNumber}`).then(
    (r) => r.json() as Promise<unknown[]>,
  );
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('OTP sent successfully').waitFor();
  for (let i = 0; i < 50; i++) {
    const now = await fetch(`${base}/api/v1/dev/sms?phoneNumber=${phoneNumber}`).then(
      (r) => r.json() as Promise<unknown[]>,
    );
    if (now.length > before.length) break;
    await page.waitForTimeout(100);
  }
  await page.getByLabel('One-time code').fill(await latestCode(phoneNumber, base));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
}
