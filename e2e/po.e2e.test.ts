/**
 * Purchase orders and goods receipts through the screens of mfe-po (services/po, and projects for
 * the BOQ's consumption). The demo Employee finds the demo's approved indent's POs from the
 * dashboard's 'View Purchase Orders': Godavari's aggregate is Partial with a photographed invoice,
 * Deccan's steel is Open. On 'Open POs' they receive part of the steel with the invoice photo chosen
 * from the device: the PO turns Partial, the delivery and its photo show on the PO's page and the BOQ's
 * consumed steel rises by the accepted quantity only. Then the rest arrives and the PO is Closed, with
 * 'History' in the list. Then a phone, and what a Purchaser may not do. Screenshots at 1280 and
 * 390 px in e2e/screenshots (desktop-po-*, phone-po-*).
 *
 * Other flows may run first on the same system (the indents flow makes more POs): the demo POs are
 * found by the demo indent's number and their vendors.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, screenshotDir, shot } from './lib/browser.js';
import { getApi, signedInPage, toast } from './lib/page.js';

let browser: Browser;
const signedIn = (phone: string, viewport = DESKTOP) => signedInPage(browser, phone, viewport);
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const PHONES = { employee: '9000000004', purchaser: '9000000002' };
/** The demo's approved indent (scripts/demo-seed/business.mjs) and its two POs' vendors. */
const DEMO_INDENT = 'IND-000001';
const STEEL_VENDOR = 'Deccan Steel Suppliers';
const AGGREGATE_VENDOR = 'Godavari Sand and Aggregates';
const STEEL = 'TMT steel bar 16 mm';
/** A real photo of an invoice (the demo's own), chosen from the device as a phone without a camera would. */
const INVOICE_PHOTO = fileURLToPath(
  new URL('../scripts/demo-seed/invoice-GSA-26-27-0412.jpg', import.meta.url),
);
const suffix = String(Date.now()).slice(-5);

interface Summary {
  _id: string;
  poNumber: string;
  status: string;
  vendor: { name: string };
  boqId: { _id: string };
  indentId: { indentId: string };
}
interface Detail extends Summary {
  items: Array<{
    itemId: string;
    item: { name: string };
    totalOrdered: number;
    totalReceived: number;
    pending: number;
    unitTotal: number;
  }>;
}

/** Rupees as the screens write them: '₹3,52,702.00'. */
const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const consumedOf = async (page: Page, boqId: string, item: string) =>
  (
    await getApi<{ result: Array<{ name: string; consumedQuantity: number }> }>(page, `/boq/items/${boqId}`)
  ).result.find((l) => l.name === item)!.consumedQuantity;

describe('purchase orders and goods receipts', () => {
  let page: Page;
  let errors: string[];
  let steel: Detail;
  let consumedBefore = 0;

  beforeAll(async () => {
    ({ page, errors } = await signedIn(PHONES.employee));
  });

  it('the dashboard counts open POs and its quick action opens the PO list with the demo POs', async () => {
    await page.getByText('Open POs', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: /View Purchase Orders/ }).click();
    await page.waitForURL('**/po/list');
    const list = await getApi<{ result: Summary[] }>(page, `/po?keyword=${DEMO_INDENT}&limit=100&offset=0`);
    const summary = list.result.find(
      (p) => p.indentId.indentId === DEMO_INDENT && p.vendor.name === STEEL_VENDOR,
    )!;
    steel = await getApi<Detail>(page, `/po/${summary._id}`);
    consumedBefore = await consumedOf(page, steel.boqId._id, STEEL);

    await page.getByPlaceholder('Search PO ID, BoQ ID, Vendor ID, Vendor Name...').fill(DEMO_INDENT);
    // The search is applied on the server once typing pauses (the URL keeps it); other flows' POs
    // (the indents flow orders from Deccan too) are gone from the table then.
    await page.waitForURL(/keyword=IND-000001/);
    const rows = page.getByRole('table').first().getByRole('row').filter({ hasText: DEMO_INDENT });
    await rows.filter({ hasText: AGGREGATE_VENDOR }).getByText('Partial', { exact: true }).waitFor();
    await rows.filter({ hasText: STEEL_VENDOR }).getByText('Open', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('table').first().getByRole('row').count()).toBe(3);
    await shot(page, 'desktop-po-list');
  });

  it("indent/{boqId}/pos lists the BOQ's purchase orders from the PO service, with Receive on open ones", async () => {
    await page.goto(`/indent/${steel.boqId._id}/pos`);
    const section = page.getByRole('region', { name: 'Purchase Orders' });
    await section.getByRole('link', { name: steel.poNumber, exact: true }).first().waitFor();
    const steelRow = section.getByRole('row').filter({ hasText: steel.poNumber });
    await steelRow.getByText(STEEL_VENDOR).waitFor();
    await expect(steelRow.getByRole('link', { name: /Receive/ }).getAttribute('href')).resolves.toMatch(
      new RegExp(`/po/${steel._id}`),
    );
    await shot(page, 'desktop-po-boq-pos');
    await page.goto('/indent/0a1b2c3d-4e5f-4a6b-8c7d-000000000404/pos');
    await page.getByText('The requested BoQ could not be found.').waitFor();
  });

  it('the demo aggregate PO shows its delivery, and the invoice photo opens', async () => {
    const list = await getApi<{ result: Summary[] }>(page, `/po?keyword=${DEMO_INDENT}&limit=100&offset=0`);
    const aggregate = list.result.find((p) => p.vendor.name === AGGREGATE_VENDOR)!;
    await page.goto(`/po/${aggregate._id}?tab=history`);
    await page.getByText('Unit prices locked on Admin approval').waitFor();
    await page.getByText('GSA/26-27/0412').first().waitFor();
    await page.getByRole('button', { name: 'Invoice photo of GSA/26-27/0412' }).first().click();
    const photo = page.getByRole('dialog').getByRole('img', { name: /Invoice GSA\/26-27\/0412/ });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // What is on the screen (the dialog over the page), not the whole page.
    await page.screenshot({ path: path.join(screenshotDir, 'desktop-po-photo.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it('receives part of the steel on Open POs with a photo from the device: the PO turns Partial', async () => {
    await page.goto('/po/open');
    await page.getByPlaceholder('Search PO ID, BoQ ID, Vendor ID, Vendor Name...').fill(steel.poNumber);
    await page
      .getByRole('link', { name: `Receive ${steel.poNumber}` })
      .first()
      .click();
    await page.waitForURL(`**/po/${steel._id}/receipt`);
    const next = page.getByRole('button', { name: /Add Invoices & Photos/ });
    await expect(next.isDisabled()).resolves.toBe(true);
    // Above what is pending: refused on the spot.
    await page.getByLabel(`Received Qty, ${STEEL}`).fill('99999');
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByLabel(`Received Qty, ${STEEL}`).fill('5000');
    await page.getByLabel(`Rejected Qty, ${STEEL}`).fill('100');
    await page.getByLabel(`Remark, ${STEEL}`).fill('100 kg bent in unloading');
    await shot(page, 'desktop-po-receipt-step1');
    await next.click();

    await page.getByLabel('Invoice Number').fill(`DSS/26-27/${suffix}`);
    // The accepted 4,900 kg at the PO's locked price with GST (the steel PO has no fleet cost).
    const unitTotal = steel.items.find((l) => l.item.name === STEEL)!.unitTotal;
    const expected = Math.round(4900 * unitTotal * 100) / 100;
    await page.getByText(`Expected ${rupees(expected)} at the PO's prices with GST`).waitFor();
    await page.getByLabel('Invoice Amount (₹)').fill('299000');
    await page.getByLabel('Global Notes').fill('Truck MH12 QW 4521');
    await page.locator('input[type=file]').setInputFiles(INVOICE_PHOTO);
    await page.getByRole('img', { name: /Invoice photo/ }).waitFor();
    // The receipt warns when the invoice differs from the expected amount (beyond 1% or ₹1), before sending.
    const short = rupees(expected - 299000);
    await page.getByText(`The invoice amount is ${short} less than expected (${rupees(expected)}`).waitFor();
    await shot(page, 'desktop-po-receipt-step2-warning');
    await page.getByRole('button', { name: 'Confirm Receipt' }).click();
    const ask = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .filter({ hasText: 'Invoice is less than expected' });
    await ask.waitFor();
    await page.waitForTimeout(300); // the dialog's entrance
    await page.screenshot({ path: path.join(screenshotDir, 'desktop-po-receipt-amount-check.png') });
    // Check Amount: nothing is sent, the amount can be corrected.
    await ask.getByRole('button', { name: 'Check Amount' }).click();
    await expect(ask.count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/po/${steel._id}/receipt`);
    await page.getByLabel('Invoice Amount (₹)').fill(String(expected));
    await expect(page.getByText(/less than expected/).count()).resolves.toBe(0);
    await shot(page, 'desktop-po-receipt-step2');
    await page.getByRole('button', { name: 'Confirm Receipt' }).click();
    await toast(page, 'Successfully Receipt Create');
    await page.waitForURL('**/po/list');
    // The list offers the PO just received (decision 0037).
    const notice = page.getByRole('status', { name: 'Receipt recorded' });
    await notice.getByText(`Receipt recorded on ${steel.poNumber}.`).waitFor();
    await shot(page, 'desktop-po-list-after-receipt');
    await notice.getByRole('link', { name: `View PO ${steel.poNumber}` }).click();
    await page.waitForURL(`**/po/${steel._id}`);
    await page.getByText('Unit prices locked on Admin approval').waitFor();

    const after = await getApi<Detail>(page, `/po/${steel._id}`);
    expect(after.status).toBe('Partial');
    expect(after.items.find((l) => l.item.name === STEEL)).toMatchObject({
      totalReceived: 4900,
      pending: 12500 - 4900,
    });
    // Only the accepted 4,900 kg count as the BOQ's consumption.
    await expect.poll(() => consumedOf(page, steel.boqId._id, STEEL)).toBe(consumedBefore + 4900);
  });

  it('the PO page lists the delivery with what was accepted and rejected, and its photo', async () => {
    await page.goto(`/po/${steel._id}`);
    const deliveries = page
      .getByRole('region', { name: /Deliveries/ })
      .or(page.locator('section', { hasText: 'Deliveries' }))
      .first();
    await deliveries.getByText(`DSS/26-27/${suffix}`).first().waitFor();
    await deliveries
      .getByText(/Rejected 100 kg/)
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: `Invoice photo of DSS/26-27/${suffix}` })
      .first()
      .click();
    const photo = page.getByRole('dialog').getByRole('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await shot(page, 'desktop-po-detail');
  });

  it('receives everything still pending: the PO is Closed and the list offers its History', async () => {
    await page.goto(`/po/${steel._id}`);
    await page
      .getByRole('link', { name: /Record Receipt/ })
      .or(page.getByRole('button', { name: /Record Receipt/ }))
      .first()
      .click();
    await page.waitForURL(`**/po/${steel._id}/receipt`);
    const now = await getApi<Detail>(page, `/po/${steel._id}`);
    for (const line of now.items.filter((l) => l.pending > 0)) {
      await page.getByLabel(`Received Qty, ${line.item.name}`).fill(String(line.pending));
    }
    await page.getByRole('button', { name: /Add Invoices & Photos/ }).click();
    await page.getByLabel('Invoice Number').fill(`DSS/26-27/${suffix}-2`);
    // The amount the screen expects, within the tolerance: sent without a question.
    const hint = (await page.getByText(/^The invoice's total, with GST\. Expected ₹/).textContent()) ?? '';
    const expected = /Expected ₹([\d,]+\.\d\d)/.exec(hint)![1]!.replace(/,/g, '');
    await page.getByLabel('Invoice Amount (₹)').fill(String(Number(expected) + 1));
    await page.getByRole('button', { name: 'Confirm Receipt' }).click();
    await toast(page, 'Successfully Receipt Create');
    await page.waitForURL('**/po/list');
    expect((await getApi<Detail>(page, `/po/${steel._id}`)).status).toBe('Closed');

    await page.getByPlaceholder('Search PO ID, BoQ ID, Vendor ID, Vendor Name...').fill(steel.poNumber);
    await page
      .getByRole('link', { name: `History of ${steel.poNumber}` })
      .first()
      .click();
    await page.waitForURL(`**/po/${steel._id}?tab=history`);
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await expect(page.getByRole('link', { name: /Record Receipt/ }).count()).resolves.toBe(0);
    await shot(page, 'desktop-po-closed');
    expect(errors).toEqual([]);
  });

  it('on a phone: the open POs as cards and the receipt’s first step', async () => {
    const phone = await signedIn(PHONES.employee, PHONE);
    await phone.page.goto('/po/open');
    await phone.page
      .getByRole('link', { name: /^Receive PO-/ })
      .first()
      .waitFor();
    // The search box's placeholder fits the phone's box whole (it was cut off).
    const fits = await phone.page
      .getByRole('searchbox')
      .first()
      .evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
      });
    expect(fits.width, JSON.stringify(fits)).toBeLessThanOrEqual(fits.room);
    await shot(phone.page, 'phone-po-open');
    await phone.page
      .getByRole('link', { name: /^Receive PO-/ })
      .first()
      .click();
    await phone.page.waitForURL('**/receipt');
    await phone.page.getByRole('button', { name: /Add Invoices & Photos/ }).waitFor();
    await shot(phone.page, 'phone-po-receipt-step1');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a Purchaser reads POs but records no receipt and cannot short-close', async () => {
    const purchaser = await signedIn(PHONES.purchaser);
    await purchaser.page.goto(`/po/${steel._id}`);
    await purchaser.page.getByText('Unit prices locked on Admin approval').waitFor();
    await expect(purchaser.page.getByRole('button', { name: /Short-close/ }).count()).resolves.toBe(0);
    await expect(purchaser.page.getByRole('link', { name: /Record Receipt/ }).count()).resolves.toBe(0);
    await purchaser.context.close();
  });
});
