import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, newPage, signIn } from './browser.js';

/** The API as the signed-in screen calls it (its token from localStorage): the status and the body. */
export async function callApi<T>(
  p: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return p.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${localStorage.getItem('token')}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  ) as Promise<{ status: number; json: T }>;
}

/** GET as the signed-in screen calls it: the body (an error when the answer is not 2xx). */
export async function getApi<T>(p: Page, url: string): Promise<T> {
  return p.evaluate(async (url) => {
    const res = await fetch(`/api/v1${url}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  }, url) as Promise<T>;
}

/** A new page signed in as `phone` (the demo Admin) through the real screen, once it says so. */
export async function signedInPage(
  browser: Browser,
  phone = '9000000001',
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page, phone);
  await opened.page.getByText('Login successful').waitFor();
  return opened;
}

/** Wait for a toast (an alert or a status) with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first().waitFor();
}

/** The toast with this title (and description), once it has come in. */
export async function toastWith(page: Page, title: string, description?: string): Promise<Locator> {
  const found = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title });
  const shown = (description ? found.filter({ hasText: description }) : found).first();
  await shown.waitFor();
  await page.waitForTimeout(400); // the toast's entrance
  return shown;
}

/** The toasts sit bottom-right over the forms' buttons: read, then dismissed (as e2e/form-kit does). */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' }).locator('visible=true');
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(150);
  }
}
