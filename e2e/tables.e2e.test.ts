// Tables (issue 9, items 4 and 5): list pages keep their rows and actions on desktops and their cards
// on phones; a vendor with 300 linked items gets a virtualised table and card list that the page
// scrolls to the end; the headers sort through the URL (a select on phones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, shot, signIn } from './lib/browser.js';
import { callApi } from './lib/page.js';

const LINKED = 300;
const tag = String(Date.now()).slice(-5);
// Digits spelled as letters keep the vendor's name unique between runs.
const vendorName = `Deccan Hardware Mart ${[...tag].map((d) => 'ABCDEFGHIJ'[Number(d)]).join('')}`;
const itemName = (n: number) => `Anchor bolt ${tag} no ${String(n).padStart(3, '0')}`;
const priceOf = (n: number) => 10 + ((n * 37) % 500);
const prices = Array.from({ length: LINKED }, (_, i) => priceOf(i + 1));
const rupees = (value: number) => `₹${value}.00`;

let browser: Browser;
let page: Page;
let errors: string[];
let vendorId: string;

beforeAll(async () => {
  browser = await launch();
  ({ page, errors } = await newPage(browser, DESKTOP));
  await signIn(page, '9000000002');
  const created = await callApi<{ vendor: { _id: string } }>(page, 'POST', '/vendors', {
    name: vendorName,
    contactPerson: 'Imran Shaikh',
    phoneNumber: '9822012345',
    email: `sales${tag}@deccanhardware.example`,
    address: 'Shop 4, Bhavani Peth, Pune 411042',
    paymentTerms: 30,
  });
  expect(created.status).toBe(201);
  vendorId = created.json.vendor._id;
  // The catalog learns of the vendor from its event: the first price may have to wait for it.
  const create = (n: number) =>
    callApi(page, 'POST', '/items', {
      name: itemName(n),
      unit: 'pcs',
      vendors: [{ vendor: vendorId, price: priceOf(n), gst: 1.8, moq: n % 7 === 0 ? 0 : n % 50 }],
    });
  for (let i = 0; ; i++) {
    const first = await create(1);
    if (first.status === 201) break;
    if (i > 50)
      throw new Error(`could not create the first item: ${first.status} ${JSON.stringify(first.json)}`);
    await page.waitForTimeout(200);
  }
  for (let n = 2; n <= LINKED; n += 6) {
    const batch = [];
    for (let k = n; k < n + 6 && k <= LINKED; k++) batch.push(create(k));
    for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
  }
}, 180_000);
afterAll(async () => browser?.close());

/** Row elements in the table's body (not the spacers of a virtualised one), and the row count the table announces. */
const tableState = (p: Page) =>
  p.evaluate(() => {
    const table = document.querySelector('table');
    const rows = table?.querySelectorAll('tbody tr:not([aria-hidden="true"])').length ?? 0;
    return { rows, rowCount: table?.getAttribute('aria-rowcount') ?? null };
  });

/**
 * Scrolls the page to its end step by step, as a person does: a virtualised list measures the rows
 * it renders and the page's height follows, so one jump to the first height measured can stop short.
 */
async function scrollToEnd(p: Page): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const atEnd = await p.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.9);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) {
      // At the end for a moment: the last rows are measured, and the end stays where it is.
      await p.waitForTimeout(100);
      const still = await p.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      );
      if (still) return;
    }
    await p.waitForTimeout(16);
  }
}

describe('tables and cards', () => {
  it('a list page still shows rows with their actions on a desktop', async () => {
    await page.goto('/vendors/list');
    await page.getByPlaceholder('Search by vendor name, ID or contact...').fill(vendorName);
    const row = page.getByRole('row', { name: new RegExp(vendorName) });
    await row.waitFor();
    await expect.poll(async () => (await tableState(page)).rows).toBe(1);
    await expect(row.getByRole('link', { name: `Open ${vendorName}` }).isVisible()).resolves.toBe(true);
    // Short lists render every row plainly: no row count or row indexes needed.
    expect((await tableState(page)).rowCount).toBeNull();
    await shot(page, 'desktop-tables-vendor-list');
  });

  it('the item list: a page of 100 rows is virtualised, with Edit on its rows and the pager after the last', async () => {
    await page.goto('/items/list');
    await page.getByPlaceholder('Search items...').fill(`Anchor bolt ${tag}`);
    await page.getByText(`${LINKED} items`).waitFor();
    const table = page.getByRole('table', { name: 'Items' });
    // Last updated first: the page starts with the newest item.
    const first = table.getByRole('row', { name: new RegExp(itemName(LINKED)) });
    await first.waitFor();
    await expect(first.getByRole('link', { name: `Edit ${itemName(LINKED)}` }).isVisible()).resolves.toBe(
      true,
    );
    const state = await tableState(page);
    expect(state.rowCount).toBe('101');
    expect(state.rows).toBeLessThan(40);
    await scrollToEnd(page);
    // The 100th row is there (which item it is depends on the order of items created at the same
    // moment, six at a time, so any of this run's items).
    await table
      .locator('tr[aria-rowindex="101"]')
      .filter({ hasText: `Anchor bolt ${tag}` })
      .waitFor();
    await expect(page.getByRole('button', { name: 'Next page' }).isVisible()).resolves.toBe(true);
    await shot(page, 'desktop-tables-item-list-end');
  });

  it('300 linked items: a virtualised table that scrolls with the page and sorts by its headers', async () => {
    await page.goto(`/vendors/detail?id=${vendorId}`);
    await page.getByText(`${LINKED} items priced by this vendor`).waitFor();
    const table = page.getByRole('table', { name: 'Items from this vendor' });
    await table.getByRole('row', { name: new RegExp(itemName(1)) }).waitFor();
    const top = await tableState(page);
    expect(top.rowCount).toBe(String(LINKED + 1));
    expect(top.rows).toBeGreaterThan(5);
    expect(top.rows).toBeLessThan(60);
    await expect(table.getByRole('columnheader', { name: 'Item' }).getAttribute('aria-sort')).resolves.toBe(
      'ascending',
    );
    await expect(table.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).resolves.toBe(
      'none',
    );
    await expect(
      table.getByRole('columnheader', { name: 'GST' }).getAttribute('aria-sort'),
    ).resolves.toBeNull();
    await shot(page, 'desktop-tables-linked-items-top');

    // The page scrolls (not a box inside it): the last row is reachable at the end of the page.
    await scrollToEnd(page);
    const last = table.getByRole('row', { name: new RegExp(itemName(LINKED)) });
    await last.waitFor();
    await expect(last.getAttribute('aria-rowindex')).resolves.toBe(String(LINKED + 1));
    await expect(last.isVisible()).resolves.toBe(true);
    const bottom = await tableState(page);
    expect(bottom.rows).toBeLessThan(60);
    await expect(table.getByRole('row', { name: new RegExp(itemName(1)) }).count()).resolves.toBe(0);
    // Columns keep their widths while rows scroll in (fixed layout after the first rows).
    const widths = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('thead th')].map((th) => Math.round(th.getBoundingClientRect().width)),
      );
    const atEnd = await widths();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(200);
    expect(await widths()).toEqual(atEnd);
    await shot(page, 'desktop-tables-linked-items-middle');

    // Sorting by a header goes through the URL and the catalog; the table starts over at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await table.getByRole('button', { name: 'Price' }).click();
    await page.waitForURL(/sort=price/);
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect
      .poll(() => table.locator('tbody tr[data-index]').first().locator('td').nth(1).innerText())
      .toBe(rupees(Math.min(...prices)));
    await table.getByRole('button', { name: 'Price' }).click();
    await page.waitForURL(/sort=-price/);
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect
      .poll(() => table.locator('tbody tr[data-index]').first().locator('td').nth(1).innerText())
      .toBe(rupees(Math.max(...prices)));
    // Back to the default sort: the URL drops it.
    await table.getByRole('button', { name: 'Item' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('on a phone: cards, 300 of them virtualised, and the sort as a select', async () => {
    const phone = await newPage(browser, PHONE);
    await signIn(phone.page, '9000000002');
    await phone.page.goto('/vendors/list');
    await phone.page.getByPlaceholder('Search by vendor name, ID or contact...').fill(vendorName);
    const card = phone.page
      .getByRole('list', { name: 'Vendors' })
      .getByRole('listitem')
      .filter({ hasText: vendorName });
    await card.waitFor();
    await expect(card.getByRole('link', { name: `Open ${vendorName}` }).isVisible()).resolves.toBe(true);
    await expect(phone.page.locator('table').count()).resolves.toBe(0);
    await shot(phone.page, 'phone-tables-vendor-list');

    await phone.page.goto(`/vendors/detail?id=${vendorId}`);
    const list = phone.page.getByRole('list', { name: 'Items from this vendor' });
    await list
      .getByRole('listitem')
      .filter({ hasText: itemName(1) })
      .waitFor();
    const cards = () => list.getByRole('listitem').count();
    expect(await cards()).toBeLessThan(30);
    await expect(list.getByRole('listitem').first().getAttribute('aria-setsize')).resolves.toBe(
      String(LINKED),
    );
    await shot(phone.page, 'phone-tables-linked-items-top');

    // Scrolling to the end, step by step as a thumb would, reaches the last card.
    await scrollToEnd(phone.page);
    const lastCard = list.getByRole('listitem').filter({ hasText: itemName(LINKED) });
    await lastCard.waitFor();
    await expect(lastCard.getAttribute('aria-posinset')).resolves.toBe(String(LINKED));
    await expect(
      lastCard.getByRole('button', { name: `Edit ${itemName(LINKED)}` }).isVisible(),
    ).resolves.toBe(true);
    expect(await cards()).toBeLessThan(30);
    await shot(phone.page, 'phone-tables-linked-items-end');

    // No headers on cards: the spec's sorts are a select in the filter bar, with the order beside it.
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    const sortBy = phone.page.getByRole('combobox', { name: 'Sort by' });
    await expect(sortBy.locator('option').allInnerTexts()).resolves.toEqual([
      'Sort: Item',
      'Sort: Price',
      'Sort: MOQ',
      'Sort: Last Updated',
    ]);
    await sortBy.selectOption('price');
    await phone.page.waitForURL(/sort=price/);
    await list
      .getByRole('listitem')
      .first()
      .filter({ hasText: rupees(Math.min(...prices)) })
      .waitFor();
    await phone.page.getByRole('button', { name: 'Ascending, switch to descending' }).click();
    await phone.page.waitForURL(/sort=-price/);
    await list
      .getByRole('listitem')
      .first()
      .filter({ hasText: rupees(Math.max(...prices)) })
      .waitFor();
    await shot(phone.page, 'phone-tables-linked-items-sorted');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
