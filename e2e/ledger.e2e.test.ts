/**
 * Vendor account ledgers through the screens of mfe-vendors (services/vendors' ledger). The demo
 * Accountant opens the accounts list, finds Deccan Steel Suppliers (the demo's steel PO added to
 * their ledger, and a demo payment), opens the ledger and sees the PO Add with its PO linked; adds a
 * payment with paise (the ledger shows whole rupees, the exact amount in its tooltip) and sees the
 * balance after it; the same reference again is refused with the service's message and what was
 * typed stays. The Accountant records another payment on /vendors/payment through the vendor picker.
 * The demo Purchaser adds a credit note and sees the balance after it, then reverses it. An Employee
 * is refused with SPEC §6's words. Then a phone (cards, the dialog, no sideways scroll) and the
 * overbilling queue. Screenshots at 1280 and 390 px in e2e/screenshots (desktop-ledger-*, phone-ledger-*).
 *
 * Other flows may run first on the same system (more POs, payments): amounts are read from the API
 * before and after each step, never assumed.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, screenshotDir, shot, signIn } from './lib/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const PHONES = {
  admin: '9000000001',
  purchaser: '9000000002',
  accountant: '9000000003',
  employee: '9000000004',
};
/** The demo vendor with a PO Add and a payment on their ledger (services/vendors/src/ledger/demo.ts). */
const VENDOR = 'Deccan Steel Suppliers';
const suffix = String(Date.now()).slice(-6);
const DENIED_LIST = "Access denied. You don't have permission to view vendor account ledgers.";
const DENIED_DETAIL = "Access denied. You don't have permission to view vendor ledgers.";

interface Entry {
  _id: string;
  type: string;
  amount: number;
  balanceAfter: number;
  reference: string;
  po: { _id: string; poNumber: string } | null;
}
interface Ledger {
  vendor: { _id: string; name: string };
  summary: { outstanding: number };
  result: Entry[];
}

/** The API as the signed-in screen calls it (its token from localStorage). */
async function api<T>(p: Page, url: string): Promise<T> {
  return p.evaluate(async (url) => {
    const res = await fetch(`/api/v1${url}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  }, url) as Promise<T>;
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first().waitFor();
}

async function signedIn(
  phone: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page, phone);
  await opened.page.getByText('Login successful').waitFor();
  return opened;
}

/** Whole rupees with Indian grouping, rounded half away from zero, as the ledger shows them (SPEC §9). */
function rupees(value: number): string {
  const paise = Math.round(Math.abs(value) * 100);
  const whole = Math.round(paise / 100);
  return `${value < 0 && whole > 0 ? '-' : ''}₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(whole)}`;
}

const ledgerOf = (page: Page, vendorId: string) =>
  api<Ledger>(page, `/vendorTransaction/${vendorId}?limit=25&offset=0`);

describe('vendor account ledgers', () => {
  let page: Page;
  let errors: string[];
  let vendorId = '';

  beforeAll(async () => {
    ({ page, errors } = await signedIn(PHONES.accountant));
  });

  it('the Accountant opens Vendors › Accounts: the vendors with what is owed, outstanding high to low', async () => {
    await page.goto('/vendors/account-ledger');
    await page.getByRole('heading', { name: 'Vendor Accounts' }).waitFor();
    const table = page.getByRole('table').first();
    await table.getByRole('row').filter({ hasText: VENDOR }).first().waitFor();
    await expect(page.getByLabel('Sort vendor accounts').inputValue()).resolves.toBe('-outstanding');
    // Outstanding high to low: each row owes no more than the one above it.
    const accounts = await api<{
      result: Array<{ _id: string; name: string; outstanding: number }>;
      openOverbilling: number;
    }>(page, '/vendorTransaction?limit=100&offset=0&sort=-outstanding');
    const owed = accounts.result.map((a) => a.outstanding);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    vendorId = accounts.result.find((a) => a.name === VENDOR)!._id;
    await page
      .getByRole('link', { name: new RegExp(`Overbilling queue, ${accounts.openOverbilling} open`) })
      .waitFor();
    await shot(page, 'desktop-ledger-accounts');

    // The phone bar's /vendors/ledger is the same list (SPEC §2 route table note).
    await page.goto('/vendors/ledger?sort=name');
    await page.getByRole('heading', { name: 'Vendor Accounts' }).waitFor();
    await expect(page.getByLabel('Sort vendor accounts').inputValue()).resolves.toBe('name');
  });

  it("the vendor's ledger shows the PO Add with its PO linked, and the summary", async () => {
    await page.goto('/vendors/account-ledger');
    await page.getByPlaceholder('Search by vendor name or ID...').fill('Deccan');
    await page.getByRole('link', { name: `View ledger of ${VENDOR}` }).click();
    await page.waitForURL(`**/vendors/ledger-detail?id=${vendorId}`);
    await page.getByRole('heading', { name: VENDOR }).waitFor();
    const ledger = await ledgerOf(page, vendorId);
    const poAdd = ledger.result.find((e) => e.type === 'PO Add')!;
    expect(poAdd.po).not.toBeNull();
    // The PO Add's row: the one whose PO number is a link (the demo payment's notes name the PO too).
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: poAdd.po!.poNumber }) })
      .first();
    await row.getByText('PO Add', { exact: true }).waitFor();
    await expect(row.getByRole('link', { name: poAdd.po!.poNumber }).getAttribute('href')).resolves.toBe(
      `/po/${poAdd.po!._id}`,
    );
    await page.getByLabel('Ledger summary').getByText(rupees(ledger.summary.outstanding)).first().waitFor();
    // The Accountant adds payments, not credit notes.
    await expect(page.getByRole('button', { name: 'Add Credit Note' }).count()).resolves.toBe(0);
    await shot(page, 'desktop-ledger-detail');
  });

  it('adds a payment with paise: the balance after it in whole rupees, the exact amount in the tooltip', async () => {
    const before = (await ledgerOf(page, vendorId)).summary.outstanding;
    await page.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(dialog.getByLabel('Method').inputValue()).resolves.toBe('NEFT');
    await dialog.getByLabel('Amount (₹)').fill('25000.50');
    await dialog.getByLabel('Method').selectOption('RTGS');
    await dialog.getByLabel('Reference').fill(`UTR-E2E-${suffix}`);
    await dialog.getByLabel('Notes').fill('Second part payment for column steel');
    await shot(page, 'desktop-ledger-payment-dialog');
    // A double-click records one payment: one request key per opening.
    await dialog.getByRole('button', { name: 'Add Payment' }).dblclick();
    await toast(page, 'Payment Added');
    await dialog.waitFor({ state: 'detached' });

    const after = await ledgerOf(page, vendorId);
    const payments = after.result.filter((e) => e.reference === `UTR-E2E-${suffix}`);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.balanceAfter).toBeCloseTo(before - 25000.5, 2);
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `UTR-E2E-${suffix}` })
      .first();
    await row.getByText(rupees(payments[0]!.balanceAfter), { exact: true }).waitFor();
    // The movement shows whole rupees; the exact amount is its tooltip (and what a screen reader reads).
    const movement = row.locator('[title="Exact: -₹25,000.50"]');
    await expect(movement.locator('[aria-hidden="true"]').textContent()).resolves.toBe('-₹25,001');
    await shot(page, 'desktop-ledger-after-payment');
  });

  it('the same reference again is refused with the service’s message, and what was typed stays', async () => {
    await page.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment' });
    await dialog.getByLabel('Amount (₹)').fill('1000');
    await dialog.getByLabel('Reference').fill(`UTR-E2E-${suffix}`);
    await dialog.getByRole('button', { name: 'Add Payment' }).click();
    await toast(page, `Reference UTR-E2E-${suffix} is already on this vendor's ledger`);
    await expect(dialog.getByLabel('Amount (₹)').inputValue()).resolves.toBe('1000');
    await expect(dialog.getByLabel('Reference').getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard Changes?' })
      .getByRole('button', { name: 'Discard Changes' })
      .click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('records a payment on /vendors/payment through the vendor picker, then shows that ledger', async () => {
    await page.goto('/vendors/payment');
    await page.getByRole('heading', { name: 'Record Payment' }).waitFor();
    await page.getByRole('combobox', { name: 'Vendor' }).fill('Deccan');
    await page.getByRole('option', { name: new RegExp(VENDOR) }).click();
    await page.getByText(`Outstanding with ${VENDOR}:`).waitFor();
    await page.getByLabel('Amount (₹)').fill('10000');
    await page.getByLabel('Method').selectOption('Cheque');
    await page.getByLabel('Reference').fill(`CHQ-${suffix}`);
    await shot(page, 'desktop-ledger-payment-page');
    await page.getByRole('button', { name: 'Add Payment' }).click();
    await toast(page, 'Payment Added');
    await page.waitForURL(`**/vendors/ledger-detail?id=${vendorId}`);
    await page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `CHQ-${suffix}` })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('the Purchaser adds a credit note, sees the balance after it, and reverses it', async () => {
    const purchaser = await signedIn(PHONES.purchaser);
    const p = purchaser.page;
    await p.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await p.getByRole('heading', { name: VENDOR }).waitFor();
    // A Purchaser adds credit notes, not payments.
    await expect(p.getByRole('button', { name: 'Add Payment' }).count()).resolves.toBe(0);
    const before = (await ledgerOf(p, vendorId)).summary.outstanding;
    await p.getByRole('button', { name: 'Add Credit Note' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add Credit Note' });
    await expect(dialog.getByLabel('Reason').inputValue()).resolves.toBe(
      'Quality issue - Return/Replacement',
    );
    await dialog.getByLabel('Credit Note Number').fill(`CN-E2E-${suffix}`);
    await dialog.getByLabel('Amount (₹)').fill('1500');
    await dialog.getByRole('button', { name: 'Add Credit Note' }).click();
    await toast(p, 'Credit Note Added');
    await dialog.waitFor({ state: 'detached' });

    const note = (await ledgerOf(p, vendorId)).result.find((e) => e.reference === `CN-E2E-${suffix}`)!;
    expect(note.type).toBe('Credit Note');
    expect(note.balanceAfter).toBeCloseTo(before - 1500, 2);
    const row = p
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `CN-E2E-${suffix}` })
      .first();
    await row.getByText(rupees(note.balanceAfter), { exact: true }).waitFor();
    await shot(p, 'desktop-ledger-after-credit-note');

    await row.getByRole('button', { name: /^Reverse Credit Note/ }).click();
    const reverse = p.getByRole('dialog', { name: /^Reverse Credit Note/ });
    await reverse.getByRole('button', { name: 'Reverse Entry' }).click();
    await reverse.getByText('Please give the reason for the reversal').waitFor();
    await reverse.getByLabel('Reason').fill('Entered against the wrong vendor');
    await reverse.getByRole('button', { name: 'Reverse Entry' }).click();
    await toast(p, 'Entry Reversed');
    await p
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'Reversal' })
      .filter({ hasText: `CN-E2E-${suffix}` })
      .first()
      .waitFor();
    expect((await ledgerOf(p, vendorId)).summary.outstanding).toBeCloseTo(before, 2);
    expect(purchaser.errors).toEqual([]);
    await purchaser.context.close();
  });

  it('an Employee sees the access denied texts of SPEC §6', async () => {
    const employee = await signedIn(PHONES.employee);
    const p = employee.page;
    await p.goto('/vendors/account-ledger');
    await p.getByText(DENIED_LIST, { exact: true }).waitFor();
    await p.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await p.getByText(DENIED_DETAIL, { exact: true }).waitFor();
    await shot(p, 'desktop-ledger-denied');
    await employee.context.close();
  });

  it('an unknown vendor shows the not-found view with a way back', async () => {
    await page.goto('/vendors/ledger-detail?id=0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f');
    await page.getByText('Vendor not found').waitFor();
    await page.getByRole('link', { name: 'Back to Accounts' }).first().click();
    await page.waitForURL('**/vendors/account-ledger');
  });

  it('on a phone: accounts and the ledger as cards, the payment dialog fits, nothing scrolls sideways', async () => {
    const phone = await signedIn(PHONES.accountant, PHONE);
    const p = phone.page;
    const noSideways = () => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await p.goto('/vendors/ledger');
    await p.getByRole('link', { name: `View ledger of ${VENDOR}` }).waitFor();
    await expect(noSideways()).resolves.toBe(true);
    await shot(p, 'phone-ledger-accounts');
    await p.getByRole('link', { name: `View ledger of ${VENDOR}` }).click();
    await p.getByRole('heading', { name: VENDOR }).waitFor();
    await p.getByText(`UTR-E2E-${suffix}`).first().waitFor();
    await expect(noSideways()).resolves.toBe(true);
    await shot(p, 'phone-ledger-detail');
    await p.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add Payment' });
    await dialog.getByLabel('Amount (₹)').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    // What is on the screen (the dialog over the page), not the whole page.
    await p.screenshot({ path: path.join(screenshotDir, 'phone-ledger-payment-dialog.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('the Admin sees the overbilling queue with Approve and Reject; the Accountant reads it only', async () => {
    await page.goto('/vendors/overbilling');
    await page.getByRole('heading', { name: 'Overbilling Queue' }).waitFor();
    await page.getByRole('tab', { name: 'Open' }).waitFor();
    await expect(page.getByRole('button', { name: /^Approve overbilling/ }).count()).resolves.toBe(0);

    const admin = await signedIn(PHONES.admin);
    await admin.page.goto('/vendors/account-ledger');
    await admin.page.getByRole('link', { name: /^Overbilling queue/ }).click();
    await admin.page.waitForURL('**/vendors/overbilling');
    const open = await api<{ totalItems: number }>(
      admin.page,
      '/vendorTransaction/overbilling?limit=25&offset=0&status=Open',
    );
    if (open.totalItems > 0)
      await admin.page
        .getByRole('button', { name: /^Approve overbilling/ })
        .first()
        .waitFor();
    else await admin.page.getByText('No open overbilling cases').waitFor();
    await shot(admin.page, 'desktop-ledger-overbilling');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
