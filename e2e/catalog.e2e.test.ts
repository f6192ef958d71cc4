import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
// The run's digits spelled as letters keep the name unique (vendor names may hold digits since decision 0010).
const vendorA = `Konkan Cement Depot ${[...tag].map((d) => 'ABCDEFGHIJ'[Number(d)]).join('')}`;
const item = `Ready mix concrete M30 ${tag}`;

async function pickVendor(row: number, name: string) {
  const combo = page.locator(`[aria-label="Vendor price ${row + 1}"]`).getByRole('combobox');
  await combo.fill(name.slice(0, 12));
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
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
    await expect(
      row
        .getByText(/6,136\.00/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(
      row
        .getByText(/6,313\.00/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await shot(page, 'desktop-item-list');
  });

  it('edits the price from the vendor’s detail and the item shows the change in its history', async () => {
    await page.goto('/vendors/list');
    await page.getByPlaceholder('Search by vendor name, ID or contact...').fill(vendorA);
    await page
      .getByRole('row', { name: new RegExp(vendorA) })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/vendors\/detail/);
    await page.getByRole('button', { name: `Edit ${item}` }).click();
    await page.getByLabel(`Price for ${item}`, { exact: true }).fill('5400');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Changes Saved').waitFor();
    await shot(page, 'desktop-vendor-detail');
    await page.goto('/items/list');
    await page.getByPlaceholder('Search items...').fill(item);
    await page
      .getByRole('row', { name: new RegExp(item) })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/items\/edit\?id=/);
    await page.getByText('Price History').first().waitFor();
    await page
      .getByText(/5,200\.00/)
      .first()
      .waitFor();
    await page
      .getByText(/5,400\.00/)
      .first()
      .waitFor();
    await shot(page, 'desktop-item-edit-history');

    // Removing a price and undoing it brings it back as it was: still active.
    const active = page.getByLabel(`Price from ${vendorA} is active`);
    await expect(active.isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: `Remove ${vendorA}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove vendor price?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText('This price is removed when you save.').waitFor();
    await expect(active.isChecked()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(active.isChecked()).resolves.toBe(true);
  });

  it('exports the items matching the search as CSV, under the server’s file name', async () => {
    await page.goto('/items/list');
    await page.getByPlaceholder('Search items...').fill(item);
    await page
      .getByRole('row', { name: new RegExp(item) })
      .first()
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split(/\r?\n/)[0]).toBe('Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes');
    expect(text).toContain(item);
  });

  it('imports a 1,000-row file and shows the per-row report', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-import-'));
    const file = path.join(dir, 'items.csv');
    const lines = ['Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes'];
    for (let i = 1; i <= 1000; i++)
      lines.push(
        `Import test item ${tag}-${i},bags,Shree Ganesh Cement Traders,${(300 + (i % 90)).toFixed(2)},0,0,active,`,
      );
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

  it('item form: the spec’s validation messages, a confirmation before removing a vendor price, and a guard on Cancel', async () => {
    const save = () => page.getByRole('button', { name: 'Save & Close' }).click();
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
    await page.goto('/items/create');
    await page.getByLabel('Item Name').waitFor();
    await save();
    await alert('Validation Error: Item name is required');
    await page.getByLabel('Item Name').fill(`Checked item ${tag}`);
    await save();
    await alert('Validation Error: Unit is required');
    await page.getByLabel('Unit').selectOption('bags');
    await pickVendor(0, vendorA);
    await expect(page.getByLabel('GST (₹)').first().inputValue()).resolves.toBe('0');
    await page.getByLabel('Price (₹)').first().fill('0');
    await save();
    await alert(`Validation Error: Vendor ${vendorA}: Price must be greater than 0`);
    await page.getByLabel('Price (₹)').first().fill('410.5');
    await page.getByLabel('GST (₹)').first().fill('73.89');
    await page.getByText('₹484.39').first().waitFor();

    await page.getByRole('button', { name: `Remove ${vendorA}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove vendor price?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[aria-label="Vendor price 1"]').count()).resolves.toBe(1);
    await page.getByRole('button', { name: `Remove ${vendorA}` }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: 'Vendor price removed' }).first().waitFor();
    await expect(page.locator('[aria-label="Vendor price 1"]').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard Changes?' });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Keep Editing' }).click();
    expect(page.url()).toMatch(/\/items\/create$/);
    await expect(page.getByLabel('Item Name').inputValue()).resolves.toBe(`Checked item ${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard Changes' }).click();
    await page.waitForURL('**/items/list');
  });

  it('a save from a stale item screen gets 409 and the screen keeps what the user typed', async () => {
    await page.goto('/items/list');
    await page.getByPlaceholder('Search items...').fill(item);
    await page
      .getByRole('row', { name: new RegExp(item) })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/items\/edit\?id=/);
    await page.getByLabel('Item Name').waitFor();
    const id = new URL(page.url()).searchParams.get('id')!;
    // Someone else saves the item meanwhile.
    const status = await page.evaluate(
      async ({ id }) => {
        const token = localStorage.getItem('token');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const current = await (await fetch(`/api/v1/items/${id}`, { headers })).json();
        const res = await fetch(`/api/v1/items/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ name: current.name, unit: 'tons', version: current.version }),
        });
        return res.status;
      },
      { id },
    );
    expect(status).toBe(200);
    await page.getByLabel('Item Name').fill(`${item} (edited)`);
    await page.getByLabel('Price (₹)').first().fill('5123.45');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByRole('alert').filter({ hasText: 'changed by someone else' }).first().waitFor();
    expect(page.url()).toMatch(/\/items\/edit\?id=/);
    await expect(page.getByLabel('Item Name').inputValue()).resolves.toBe(`${item} (edited)`);
    await expect(page.getByLabel('Price (₹)').first().inputValue()).resolves.toBe('5123.45');
    await shot(page, 'desktop-item-edit-conflict');
  });

  it('vendor create refuses a name already taken (409) and keeps the form', async () => {
    await page.goto('/vendors/create');
    const saveVendor = page.getByRole('button', { name: 'Save Vendor' });
    await page.getByLabel('Vendor Name').fill(`${vendorA.toLowerCase()} <`);
    // Characters no business name carries are dropped as they are typed (decision 0010).
    await expect(page.getByLabel('Vendor Name').inputValue()).resolves.toBe(`${vendorA.toLowerCase()} `);
    await page.getByText('You have unsaved changes').waitFor();
    await page.getByLabel('Contact Person').fill('Anil Joshi');
    // Ten digits at most (SPEC §5; decision 0039): the digits past the tenth are not kept; a pasted +91 one becomes its ten digits.
    await page.getByLabel('Phone Number').fill('98-2209-8221-99');
    await expect(page.getByLabel('Phone Number').inputValue()).resolves.toBe('9822098221');
    await page.getByLabel('Phone Number').fill('+91-98220 98221');
    await expect(page.getByLabel('Phone Number').inputValue()).resolves.toBe('9822098221');
    await page.getByPlaceholder('sales@vendor.com').fill('anil@example');
    await page.getByLabel('Address').fill('Chiplun');
    await expect(saveVendor.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Payment Terms (days)').fill('3o');
    await expect(page.getByLabel('Payment Terms (days)').inputValue()).resolves.toBe('3');
    await saveVendor.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).first().waitFor();
    await page.getByPlaceholder('sales@vendor.com').fill('anil@example.com');
    await saveVendor.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'A vendor with this name already exists' })
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/vendors\/create$/);
    await expect(page.getByLabel('Contact Person').inputValue()).resolves.toBe('Anil Joshi');
  });

  it('vendor detail (path id too): titled validation toasts in edit mode, Vendor Updated, and removing a linked item', async () => {
    await page.goto('/vendors/list');
    await page.getByPlaceholder('Search by vendor name, ID or contact...').fill(vendorA);
    await page
      .getByRole('row', { name: new RegExp(vendorA) })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/vendors\/detail\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.goto(`/vendors/detail/${id}`);
    await page.getByRole('heading', { name: vendorA }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // Toasts sit bottom-right over Save Changes: each is read, then dismissed.
    const toastOf = async (title: string, description: string) => {
      const toast = page
        .getByRole('alert')
        .filter({ hasText: title })
        .filter({ hasText: description })
        .first();
      await toast.waitFor();
      await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    };
    await page.getByLabel('Phone Number').fill('98220');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastOf('Invalid Phone', 'Enter a valid 10-digit phone number.');
    await page.getByLabel('Phone Number').fill('9822098229');
    await page.getByPlaceholder('sales@vendor.com').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastOf('Invalid Email', 'Please enter a valid email address.');
    await page.getByPlaceholder('sales@vendor.com').fill(`accounts${tag}@konkancement.example`);
    await page.getByLabel('Address').fill(' ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastOf('Missing Address', 'Vendor address cannot be empty.');
    await page.getByLabel('Address').fill('Plot 14, MIDC Chiplun, Ratnagiri 415605');
    await page.getByLabel('Vendor Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastOf('Missing Field', 'Vendor name is required.');
    await page.getByLabel('Vendor Name').fill(vendorA);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Vendor Updated' })
      .filter({ hasText: 'Vendor information has been saved successfully.' })
      .first()
      .waitFor();
    await page.getByText('+91 9822098229').first().waitFor();

    await page.getByRole('button', { name: `Remove ${item}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove vendor price?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Item Removed' })
      .filter({ hasText: 'Vendor price removed' })
      .first()
      .waitFor();
    await page.getByText('No items linked yet').waitFor();
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
