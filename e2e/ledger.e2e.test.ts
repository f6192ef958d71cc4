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
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, screenshotDir, shot } from './lib/browser.js';
import { getApi, signedInPage, toast } from './lib/page.js';

let browser: Browser;
const signedIn = (phone: string, viewport = DESKTOP) => signedInPage(browser, phone, viewport);
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
/** The demo vendor with a PO Add and a payment on their ledger (scripts/demo-seed/business.mjs). */
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

/** Whole rupees with Indian grouping, rounded half away from zero, as the ledger shows them (SPEC §9). */
function rupees(value: number): string {
  const paise = Math.round(Math.abs(value) * 100);
  const whole = Math.round(paise / 100);
  return `${value < 0 && whole > 0 ? '-' : ''}₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(whole)}`;
}

const ledgerOf = (page: Page, vendorId: string) =>
  getApi<Ledger>(page, `/vendorTransaction/${vendorId}?limit=25&offset=0`);

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
    const accounts = await getApi<{
      result: Array<{ _id: string; name: string; outstanding: number }>;
      openOverbilling: number;
    }>(page, '/vendorTransaction?limit=100&offset=0&sort=-outstanding');
    const owed = accounts.result.map((a) => a.outstanding);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    vendorId = accounts.result.find((a) => a.name === VENDOR)!._id;
    await page
      .getByRole('link', { name: new RegExp(`Overbilling queue\\s*${accounts.openOverbilling} open`, 'i') })
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
    await page.getByRole('button', { name: 'Open', pressed: true }).waitFor();
    await expect(page.getByRole('button', { name: /^Approve overbilling/ }).count()).resolves.toBe(0);

    const admin = await signedIn(PHONES.admin);
    await admin.page.goto('/vendors/account-ledger');
    await admin.page.getByRole('link', { name: /^Overbilling queue/i }).click();
    await admin.page.waitForURL('**/vendors/overbilling');
    const open = await getApi<{ totalItems: number }>(
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

/**
 * The whole chain through the screens (issue 13): the Admin approves the demo indent that waits for
 * approval ('Masonry and plaster, floors 6 to 8', scripts/demo-seed/business.mjs, its vendors chosen by
 * the demo Purchaser) on the approval review; the block vendor's new PO shows on their ledger as a PO
 * Add; the Accountant adds a payment and the Admin a credit note; the Employee records a receipt of
 * part of the blocks invoiced at twice what they cost, which opens an overbilling case; the Admin
 * approves it in the queue and the ledger shows the Overbill Approved entry. After each step the
 * Balance After on the screen is the API's, and the API's is the balance before plus the movement.
 * Screenshots desktop-ledger-flow-* and phone-ledger-flow.
 *
 * Other flows share the system: if the demo indent was approved already, an indent for the blocks is
 * raised and sent for approval through the API now, and the approval is still clicked on the screen.
 */
const FLOW_INDENT = 'Masonry and plaster, floors 6 to 8';
const FLOW_VENDOR = 'Sahyadri Bricks and Blocks';
const FLOW_ITEM = 'AAC blocks 600x200x200 mm';
const DEMO_BOQ = 'Civil and structural works, Tower A';
const FLOW_PAYMENT = 50_000;
const FLOW_CREDIT_NOTE = 2_500;

interface IndentSummary {
  _id: string;
  indentId: string;
  title: string;
  status: string;
}
interface CompareLine {
  itemId: string;
  itemName: string;
  selectedVendor: string | null;
  vendors: Array<{ vendorId: string; vendorName: string; isLowest: boolean }>;
}
interface PurchaseOrder {
  _id: string;
  poNumber: string;
  amount: number;
  vendor: { _id: string; name: string };
  items: Array<{ itemId: string; item: { name: string }; quantity: number; pending: number }>;
}
interface OverbillCase {
  _id: string;
  po: { _id: string; poNumber: string };
  invoiceNumber: string;
  invoiceAmount: number;
  expectedAmount: number;
  delta: number;
  status: string;
}

/** A POST as the signed-in screen would send it (its token from localStorage). */
async function send<T>(p: Page, url: string, body: unknown): Promise<T> {
  return p.evaluate(
    async ({ url, body }) => {
      const res = await fetch(`/api/v1${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { url, body },
  ) as Promise<T>;
}

/** What a ledger row shows under a column (the whole-rupee text, not the screen reader's exact amount). */
function shownIn(row: Locator, header: string): Promise<string> {
  return row.evaluate((tr, header) => {
    const heads = [...tr.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    const index = heads.indexOf(header);
    if (index < 0) throw new Error(`no column '${header}' in ${JSON.stringify(heads)}`);
    const cell = (tr as HTMLTableRowElement).cells[index]!;
    return (cell.querySelector('[aria-hidden="true"]') ?? cell).textContent?.trim() ?? '';
  }, header);
}

/** The ledger's row whose Reference / PO names this text, once the screen shows it. */
async function ledgerRow(page: Page, type: string, text: string): Promise<Locator> {
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByText(type, { exact: true }) })
    .filter({ hasText: text })
    .first();
  await row.waitFor();
  return row;
}

/** The vendor's entry of this type and reference (or PO), once the service has it. */
async function entryOf(page: Page, vendorId: string, match: (e: Entry) => boolean): Promise<Entry> {
  let found: Entry | undefined;
  await expect
    .poll(async () => (found = (await ledgerOf(page, vendorId)).result.find(match)) !== undefined, {
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

describe('the chain: an approved indent’s PO, a payment, a credit note and an approved overbilling on one ledger', () => {
  let admin: { context: BrowserContext; page: Page; errors: string[] };
  let accountant: { context: BrowserContext; page: Page; errors: string[] };
  let indentId = '';
  let indentNo = '';
  let vendorId = '';
  let po: PurchaseOrder | null = null;
  /** The vendor's outstanding as last checked (API). */
  let balance = 0;
  const invoice = `SBB/FLOW/${suffix}`;
  const needPo = () => {
    if (!po) throw new Error('no PO: the approval step did not make one');
    return po;
  };

  beforeAll(async () => {
    admin = await signedIn(PHONES.admin);
    accountant = await signedIn(PHONES.accountant);
  });
  afterAll(async () => {
    await admin?.context.close();
    await accountant?.context.close();
  });

  /** An indent for the blocks, raised by the Employee and sent for approval by the Purchaser (API). */
  async function raiseFreshIndent(): Promise<IndentSummary> {
    const employee = await signedIn(PHONES.employee);
    const boqs = await getApi<{
      result: Array<{ _id: string; name: string; status: string; projectId: { _id: string } }>;
    }>(employee.page, '/boq/all?status=confirmed&limit=100&offset=0');
    const boq = boqs.result.find((b) => b.name === DEMO_BOQ)!;
    const lines = await getApi<{ result: Array<{ itemId: string; name: string }> }>(
      employee.page,
      `/boq/items/${boq._id}`,
    );
    const created = await send<{ indent: IndentSummary }>(employee.page, '/indent', {
      title: `${FLOW_INDENT} (${suffix})`,
      projectId: boq.projectId._id,
      boqId: boq._id,
      status: 'compare',
      items: [{ item: lines.result.find((l) => l.name === FLOW_ITEM)!.itemId, quantity: 1000 }],
    });
    await employee.context.close();

    const purchaser = await signedIn(PHONES.purchaser);
    const c = await getApi<{ _id: string; version: number; pricesVersion: string; items: CompareLine[] }>(
      purchaser.page,
      `/indent/compare/${created.indent._id}`,
    );
    await send(purchaser.page, `/indent/compare/${c._id}`, {
      status: 'approval',
      pricesVersion: c.pricesVersion,
      version: c.version,
      items: c.items.map((l) => {
        const v = l.vendors.find((o) => o.vendorName === FLOW_VENDOR)!;
        return {
          itemId: l.itemId,
          selectedVendor: v.vendorId,
          ...(v.isLowest ? {} : { reasonForSelection: 'Same supplier as the floors below' }),
        };
      }),
    });
    await purchaser.context.close();
    return created.indent;
  }

  it('the Admin approves the masonry indent on the approval review: one PO per vendor, the blocks from Sahyadri', async () => {
    const a = admin.page;
    // The demo indents arrive through other services' events: wait for the masonry one.
    let demo: IndentSummary | undefined;
    await expect
      .poll(
        async () => {
          const list = await getApi<{ result: IndentSummary[] }>(
            a,
            `/indent?status=all&keyword=${encodeURIComponent(FLOW_INDENT)}&limit=100&offset=0`,
          );
          demo = list.result.find((i) => i.title === FLOW_INDENT);
          return demo !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const waiting = demo!.status === 'approval' ? demo! : await raiseFreshIndent();
    indentId = waiting._id;
    indentNo = waiting.indentId;

    // The vendor's balance before: the review's choice for the blocks names them.
    const review = await getApi<{ items: CompareLine[] }>(a, `/indent/compare/${indentId}`);
    vendorId = review.items.find((l) => l.itemName === FLOW_ITEM)!.selectedVendor!;
    balance = (await ledgerOf(a, vendorId)).summary.outstanding;

    await a.goto('/indent/approval');
    await a.getByRole('heading', { name: 'Approval Queue' }).waitFor();
    await a
      .getByRole('link', { name: `Review ${indentNo}`, exact: true })
      .first()
      .click();
    await a.waitForURL(`**/indent/approval/${indentId}`);
    await a.getByRole('heading', { name: 'Approval Review' }).waitFor();
    await a.getByRole('heading', { name: 'Blockers (0)' }).waitFor();
    await a.getByRole('region', { name: `PO for ${FLOW_VENDOR}` }).waitFor();
    await a.getByRole('button', { name: 'Approve & Generate POs' }).click();
    await toast(a, 'Indent Approved Successfully');
    await a.waitForURL(`**/indent/${indentId}`);
    const section = a.getByRole('region', { name: 'Purchase Orders Generated' });
    const row = section.getByRole('row').filter({ hasText: FLOW_VENDOR });
    await row.getByText(/PO-\d+/).waitFor({ timeout: 15_000 });

    const pos = await getApi<{ result: PurchaseOrder[] }>(a, `/po?indentId=${indentId}&limit=100&offset=0`);
    const summary = pos.result.find((p) => p.vendor.name === FLOW_VENDOR)!;
    expect(summary.vendor._id).toBe(vendorId);
    await row.getByText(summary.poNumber).waitFor();
    po = await getApi<PurchaseOrder>(a, `/po/${summary._id}`);
    expect(po.amount).toBeGreaterThan(0);
    await shot(a, 'desktop-ledger-flow-indent-approved');
  });

  it("the Accountant opens the vendor's ledger: a PO Add for the new PO, the balance raised by its amount", async () => {
    const order = needPo();
    const p = accountant.page;
    const poAdd = await entryOf(p, vendorId, (e) => e.type === 'PO Add' && e.po?._id === order._id);
    expect(poAdd.amount).toBeCloseTo(order.amount, 2);
    expect(poAdd.balanceAfter).toBeCloseTo(balance + order.amount, 2);
    balance = poAdd.balanceAfter;

    await p.goto('/vendors/account-ledger');
    await p.getByRole('heading', { name: 'Vendor Accounts' }).waitFor();
    await p.getByPlaceholder('Search by vendor name or ID...').fill('Sahyadri');
    await p.getByRole('link', { name: `View ledger of ${FLOW_VENDOR}` }).click();
    await p.waitForURL(`**/vendors/ledger-detail?id=${vendorId}`);
    await p.getByRole('heading', { name: FLOW_VENDOR }).waitFor();
    const row = await ledgerRow(p, 'PO Add', order.poNumber);
    await expect(row.getByRole('link', { name: order.poNumber }).getAttribute('href')).resolves.toBe(
      `/po/${order._id}`,
    );
    await expect(shownIn(row, 'Balance After')).resolves.toBe(rupees(poAdd.balanceAfter));
    await shot(p, 'desktop-ledger-flow-po-add');
  });

  it('the Accountant adds a payment: the balance after it is lower by the payment', async () => {
    needPo();
    const p = accountant.page;
    await p.getByRole('button', { name: 'Add Payment' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add Payment' });
    await dialog.getByLabel('Amount (₹)').fill(String(FLOW_PAYMENT));
    await dialog.getByLabel('Reference').fill(`UTR-FLOW-${suffix}`);
    await dialog.getByRole('button', { name: 'Add Payment' }).click();
    await toast(p, 'Payment Added');
    await dialog.waitFor({ state: 'detached' });

    const payment = await entryOf(p, vendorId, (e) => e.reference === `UTR-FLOW-${suffix}`);
    expect(payment.type).toBe('Payment');
    expect(payment.balanceAfter).toBeCloseTo(balance - FLOW_PAYMENT, 2);
    balance = payment.balanceAfter;
    const row = await ledgerRow(p, 'Payment', `UTR-FLOW-${suffix}`);
    await expect
      .poll(() => shownIn(row, 'Balance After'), { timeout: 15_000 })
      .toBe(rupees(payment.balanceAfter));
  });

  it('the Admin adds a credit note: the balance after it is lower by the note', async () => {
    needPo();
    const a = admin.page;
    await a.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await a.getByRole('heading', { name: FLOW_VENDOR }).waitFor();
    await a.getByRole('button', { name: 'Add Credit Note' }).click();
    const dialog = a.getByRole('dialog', { name: 'Add Credit Note' });
    await dialog.getByLabel('Credit Note Number').fill(`CN-FLOW-${suffix}`);
    await dialog.getByLabel('Amount (₹)').fill(String(FLOW_CREDIT_NOTE));
    await dialog.getByRole('button', { name: 'Add Credit Note' }).click();
    await toast(a, 'Credit Note Added');
    await dialog.waitFor({ state: 'detached' });

    const note = await entryOf(a, vendorId, (e) => e.reference === `CN-FLOW-${suffix}`);
    expect(note.type).toBe('Credit Note');
    expect(note.balanceAfter).toBeCloseTo(balance - FLOW_CREDIT_NOTE, 2);
    balance = note.balanceAfter;
    const row = await ledgerRow(a, 'Credit Note', `CN-FLOW-${suffix}`);
    await expect
      .poll(() => shownIn(row, 'Balance After'), { timeout: 15_000 })
      .toBe(rupees(note.balanceAfter));
    await a.getByLabel('Ledger summary').getByText(rupees(balance)).first().waitFor();
    await shot(a, 'desktop-ledger-flow-credit-note');
  });

  it('the Employee records a receipt of a quarter of the blocks invoiced at twice their cost: an overbilling case opens', async () => {
    const order = needPo();
    const line = order.items.find((l) => l.item.name === FLOW_ITEM)!;
    const received = Math.floor(line.pending / 4);
    // Twice what the PO's amount comes to for that share of the blocks (the PO has no fleet cost).
    const billed = Math.round(((2 * order.amount * received) / line.quantity) * 100) / 100;
    const employee = await signedIn(PHONES.employee);
    const p = employee.page;
    await p.goto(`/po/${order._id}/receipt`);
    await p.getByLabel(`Received Qty, ${FLOW_ITEM}`).fill(String(received));
    await p.getByRole('button', { name: /Add Invoices & Photos/ }).click();
    await p.getByLabel('Invoice Number').fill(invoice);
    await p.getByLabel('Invoice Amount (₹)').fill(billed.toFixed(2));
    await p.getByRole('button', { name: 'Confirm Receipt' }).click();
    // Twice the expected amount: the screen asks once more; sending stays allowed (decision 0037).
    await p
      .getByRole('alertdialog')
      .or(p.getByRole('dialog'))
      .getByRole('button', { name: 'Send Anyway' })
      .click();
    await toast(p, 'Successfully Receipt Create');
    await p.waitForURL('**/po/list');
    expect(employee.errors).toEqual([]);
    await employee.context.close();

    let opened: OverbillCase | undefined;
    await expect
      .poll(
        async () => {
          const open = await getApi<{ result: OverbillCase[] }>(
            admin.page,
            '/vendorTransaction/overbilling?status=Open&limit=100&offset=0',
          );
          opened = open.result.find((c) => c.po._id === order._id && c.invoiceNumber === invoice);
          return opened !== undefined;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(opened!.invoiceAmount).toBeCloseTo(billed, 2);
    expect(opened!.delta).toBeCloseTo(billed - opened!.expectedAmount, 2);
    expect(opened!.delta).toBeGreaterThan(0);
    // Nothing on the ledger until it is decided.
    expect((await ledgerOf(admin.page, vendorId)).summary.outstanding).toBeCloseTo(balance, 2);
  });

  it('the Admin approves the case in the queue: an Overbill Approved entry raises the balance by the delta', async () => {
    const order = needPo();
    const a = admin.page;
    await a.goto('/vendors/account-ledger');
    await a.getByRole('link', { name: /^Overbilling queue/i }).click();
    await a.waitForURL('**/vendors/overbilling');
    const caseRow = a.getByRole('table').getByRole('row').filter({ hasText: invoice }).first();
    await caseRow.getByRole('link', { name: order.poNumber }).waitFor();
    const opened = (
      await getApi<{ result: OverbillCase[] }>(
        a,
        '/vendorTransaction/overbilling?status=Open&limit=100&offset=0',
      )
    ).result.find((c) => c.invoiceNumber === invoice)!;
    await shot(a, 'desktop-ledger-flow-overbilling');
    await caseRow.getByRole('button', { name: `Approve overbilling on ${invoice}` }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Approve overbilling?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await toast(a, 'Overbilling Approved');
    await confirm.waitFor({ state: 'detached' });

    const approved = await entryOf(
      a,
      vendorId,
      (e) => e.type === 'Overbill Approved' && e.po?._id === order._id,
    );
    expect(approved.amount).toBeCloseTo(opened.delta, 2);
    expect(approved.balanceAfter).toBeCloseTo(balance + opened.delta, 2);
    balance = approved.balanceAfter;
    await a.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await a.getByRole('heading', { name: FLOW_VENDOR }).waitFor();
    const row = await ledgerRow(a, 'Overbill Approved', `Invoice ${invoice}`);
    await row.getByRole('link', { name: order.poNumber }).waitFor();
    await expect(shownIn(row, 'Balance After')).resolves.toBe(rupees(approved.balanceAfter));
    expect(admin.errors).toEqual([]);
  });

  it('the ledger after it all, at 1280 and 390 px: each entry with its balance after', async () => {
    const order = needPo();
    const p = accountant.page;
    await p.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await p.getByRole('heading', { name: FLOW_VENDOR }).waitFor();
    const ledger = await ledgerOf(p, vendorId);
    expect(ledger.summary.outstanding).toBeCloseTo(balance, 2);
    await p.getByLabel('Ledger summary').getByText(rupees(balance)).first().waitFor();
    const steps: Array<[string, string, (e: Entry) => boolean]> = [
      ['PO Add', order.poNumber, (e) => e.type === 'PO Add' && e.po?._id === order._id],
      ['Payment', `UTR-FLOW-${suffix}`, (e) => e.reference === `UTR-FLOW-${suffix}`],
      ['Credit Note', `CN-FLOW-${suffix}`, (e) => e.reference === `CN-FLOW-${suffix}`],
      [
        'Overbill Approved',
        `Invoice ${invoice}`,
        (e) => e.type === 'Overbill Approved' && e.po?._id === order._id,
      ],
    ];
    for (const [type, text, match] of steps) {
      const row = await ledgerRow(p, type, text);
      await expect(shownIn(row, 'Balance After')).resolves.toBe(
        rupees(ledger.result.find(match)!.balanceAfter),
      );
    }
    await shot(p, 'desktop-ledger-flow-ledger');
    expect(accountant.errors).toEqual([]);

    const phone = await signedIn(PHONES.accountant, PHONE);
    await phone.page.goto(`/vendors/ledger-detail?id=${vendorId}`);
    await phone.page.getByRole('heading', { name: FLOW_VENDOR }).waitFor();
    await phone.page.getByText(`Invoice ${invoice}`).first().waitFor();
    await phone.page.getByText(`UTR-FLOW-${suffix}`).first().waitFor();
    await expect(
      phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).resolves.toBe(true);
    await shot(phone.page, 'phone-ledger-flow');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
