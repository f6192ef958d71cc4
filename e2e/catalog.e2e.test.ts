import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, shot, signIn } from './lib/browser.js';

let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await launch();
  ({ page, errors } = await newPage(browser, DESKTOP));
  await signIn(page);
});
afterAll(async () => browser?.close());

const tag = String(Date.now()).slice(-5);
// Vendor names are letters and spaces only: spell the run's digits as letters to keep it unique.
const vendorA = `Konkan Cement Depot ${[...tag].map((d) => 'ABCDEFGHIJ'[Number(d)]).join('')}`;
const item = `Ready mix concrete M30 ${tag}`;

async function pickVendor(row: number, name: string) {
  const combo = page.locator(`[aria-label="Vendor price ${row + 1}"]`).getByRole('combobox');
  await combo.fill(name.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
}

describe('item master and vendor master in a real browser', () => {
  it('creates a vendor', async () => {
    await page.goto('/vendors/create');
    await page.getByLabel('Vendor Name').fill(vendorA);
    await page.getByLabel('Contact Person').fill('Suresh Kadam');
    await page.getByLabel('Phone Number').fill('9822098220');
    await page.getByPlaceholder('sales@vendor.com').fill(`sales${tag}@konkancement.example`);
    await page.getByLabel('Address').fill('Plot 12, MIDC Chiplun, Ratnagiri 415605');
    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
    await page.getByLabel('Payment Terms (days)').fill('45');
    await shot(page, 'desktop-vendor-create');
    await page.getByRole('button', { name: 'Save Vendor' }).click();
    await page.waitForURL(/\/vendors\/detail/);
    await page.getByText(vendorA).first().waitFor();
  });

  it('creates an item with two vendor prices and shows best price and range in the list', async () => {
    await page.goto('/items/create');
    await page.getByLabel('Item Name').fill(item);
    await page.getByLabel('Unit').selectOption('CBM');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await pickVendor(0, vendorA);
    await page.getByLabel('Price (₹)').nth(0).fill('5200');
    await page.getByLabel('GST (₹)').nth(0).fill('936');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await pickVendor(1, 'Shree Ganesh Cement Traders');
    await page.getByLabel('Price (₹)').nth(1).fill('5350');
    await page.getByLabel('GST (₹)').nth(1).fill('963');
    await shot(page, 'desktop-item-create');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Item created successfully').waitFor();
    await page.waitForURL('**/items/list');
    await page.getByPlaceholder('Search items...').fill(item);
    const row = page.getByRole('row', { name: new RegExp(item) });
    await row.waitFor();
    // Best price is the lowest total per unit (5200 + 936); the range runs to 5350 + 963.
    await expect(row.getByText(/6,136\.00/).first().isVisible()).resolves.toBe(true);
    await expect(row.getByText(/6,313\.00/).first().isVisible()).resolves.toBe(true);
    await shot(page, 'desktop-item-list');
  });

  it('edits the price from the vendor’s detail and the item shows the change in its history', async () => {
    await page.goto('/vendors/list');
    await page.getByPlaceholder('Search by vendor name, ID or contact...').fill(vendorA);
    await page.getByRole('row', { name: new RegExp(vendorA) }).getByRole('link').first().click();
    await page.waitForURL(/\/vendors\/detail/);
    await page.getByRole('button', { name: `Edit ${item}` }).click();
    await page.getByLabel(`Price for ${item}`, { exact: true }).fill('5400');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Changes Saved').waitFor();
    await shot(page, 'desktop-vendor-detail');
    await page.goto('/items/list');
    await page.getByPlaceholder('Search items...').fill(item);
    await page.getByRole('row', { name: new RegExp(item) }).getByRole('link').first().click();
    await page.waitForURL(/\/items\/edit\?id=/);
    await page.getByText('Price History').first().waitFor();
    await page.getByText(/5,200\.00/).first().waitFor();
    await page.getByText(/5,400\.00/).first().waitFor();
    await shot(page, 'desktop-item-edit-history');
  });

  it('imports a 1,000-row file and shows the per-row report', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-import-'));
    const file = path.join(dir, 'items.csv');
    const lines = ['Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes'];
    for (let i = 1; i <= 1000; i++) lines.push(`Import test item ${tag}-${i},bags,Shree Ganesh Cement Traders,${(300 + (i % 90)).toFixed(2)},0,0,active,`);
    writeFileSync(file, lines.join('\n'));
    await page.goto('/items/list');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).waitFor({ timeout: 60_000 });
    const summary = await page.getByLabel('Import summary').innerText();
    expect(summary).toMatch(/1,?000/);
    await shot(page, 'desktop-import-report');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(errors).toEqual([]);
  });

  it('the phone layout shows items and vendors as cards', async () => {
    const phone = await newPage(browser, PHONE);
    await signIn(phone.page, '9000000002');
    await phone.page.goto('/items/list');
    await phone.page.getByPlaceholder('Search items...').fill('Cement OPC');
    await phone.page.getByText('Cement OPC 53').first().waitFor();
    await shot(phone.page, 'phone-item-list');
    await phone.page.goto('/vendors/list');
    await phone.page.getByText('Shree Ganesh Cement Traders').first().waitFor();
    await shot(phone.page, 'phone-vendor-list');
    await phone.context.close();
  });
});
