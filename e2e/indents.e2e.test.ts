/**
 * An indent's whole life through the screens of mfe-indent (services/indent and services/po behind
 * them). The demo Employee raises an indent on Skyline Residency's confirmed BOQ with three items
 * picked in 'Select Item from Master' (one beyond its BOQ balance), reorders a line and is told about
 * a missing quantity; the Purchaser compares, picks a non-lowest vendor for one item (a reason is
 * asked for), and sends it for approval; the Admin sends it back once with an Overall Comment; the
 * Employee reads the comment, changes a quantity and sends it again; the Purchaser sends it on with
 * the choices kept; the Admin saves a fleet cost and approves, and the indent's page lists one PO per
 * vendor, the same POs the PO service lists for the indent. Then phone sizes, and what the Employee
 * cannot do. Screenshots at 1280 and 390 px in e2e/screenshots (desktop-indent-*, phone-indent-*).
 *
 * Other flows may run first on the same system, and the indent service seeds demo indents: nothing
 * here counts indents, and the title carries this run's suffix.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, screenshotDir, shot, signIn } from './lib/browser.js';
import { dismissToasts, toastWith } from './lib/page.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const suffix = String(Date.now()).slice(-5);
const TITLE = `Plaster and shuttering, floor 12 (${suffix})`;
const PHONES = { admin: '9000000001', purchaser: '9000000002', employee: '9000000004' };
const SKYLINE = 'Skyline Residency, Pune';
const SKYLINE_BOQ = 'Civil and structural works, Tower A';
/** Three items of the demo BOQ, with the demo vendors' prices (scripts/demo-seed/business.mjs). */
const CEMENT = 'Cement OPC 53';
const SAND = 'River sand';
const BLOCKS = 'AAC blocks 600x200x200 mm';
/** Cement's lowest price is Shree Ganesh's; the Purchaser takes Deccan's (on the steel truck). */
const CEMENT_LOWEST = 'Shree Ganesh Cement Traders';
const CEMENT_CHOSEN = 'Deccan Steel Suppliers';
const SAND_VENDOR = 'Godavari Sand and Aggregates';
const BLOCKS_VENDOR = 'Sahyadri Bricks and Blocks';
const VENDORS = [CEMENT_CHOSEN, SAND_VENDOR, BLOCKS_VENDOR];
const REASON = 'Comes on the steel truck already booked for Thursday';
const COMMENT = `Cement for the block joints is short: make it 300 bags (${suffix})`;
/** Sand beyond what the BOQ still has by this many CBM. */
const SAND_OVER = 40;
const OVER_TEXT = `Over BOQ by ${SAND_OVER} CBM`;

/** The API as the signed-in screen calls it (its token from localStorage), as e2e/boq-screens does. */
async function api<T>(p: Page, url: string): Promise<{ status: number; json: T }> {
  return p.evaluate(async (url) => {
    const res = await fetch(`/api/v1${url}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, url) as Promise<{ status: number; json: T }>;
}

/**
 * A full-page screenshot from the top: the shell's header and sidebar are fixed, so a page scrolled
 * down (to a card with a problem, say) would be drawn with them in the middle of the picture.
 */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await shot(page, name);
}

/** What is on the screen (a dialog over the page), not the whole page. */
async function screen(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Main navigation' });
/** An item's card on the compare and approval screens (a section named by its heading '1. Cement OPC 53'). */
const itemCard = (page: Page, item: string) =>
  page.getByRole('region', { name: new RegExp(`^\\d+\\. ${item}`) });
/** The items of the indent form's lines, in the order shown. */
const lineNames = (page: Page) =>
  page
    .getByRole('table', { name: 'Indent items' })
    .locator('tbody tr td:first-child strong')
    .allTextContents();

/** A member's own browser (desktop unless a phone is asked for), signed in, the welcome toast gone. */
async function signedIn(phone: string, viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page, phone);
  await opened.page.getByText('Login successful').waitFor();
  await dismissToasts(opened.page);
  return opened;
}

/** On a new system the demo BOQ is made once the catalog's items reach the projects service: wait for it. */
async function demoBoq(page: Page) {
  for (let i = 0; i < 60; i++) {
    const { json } = await api<{ result: Array<{ name: string; status: string }> }>(
      page,
      '/boq/all?limit=100&offset=0',
    );
    if (json?.result.some((b) => b.name === SKYLINE_BOQ && b.status === 'confirmed')) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the demo BOQ '${SKYLINE_BOQ}' did not appear`);
}

/** Shared by the steps: the indent as the service numbered it. */
let indentNo = '';
let indentId = '';

/**
 * Done closes 'Select Item from Master' and the caret lands in the first added line's quantity, where
 * the user types next. The flow types only once it is there (typing sooner would race the focus move).
 */
async function closePicker(page: Page, firstAdded: string) {
  await page
    .getByRole('dialog', { name: 'Select Item from Master' })
    .getByRole('button', { name: 'Done' })
    .click();
  const quantity = page.getByLabel(`Quantity of ${firstAdded}`);
  await expect.poll(() => quantity.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** A later step needs the indent of the first: without it, its tests are skipped rather than time out one by one. */
function needIndent() {
  if (!indentId) throw new Error('no indent: the Employee’s step did not raise one');
}

describe('the Employee raises an indent on the confirmed BOQ', () => {
  let page: Page;
  let errors: string[];
  let sandBalance = 0;
  beforeAll(async () => {
    ({ page, errors } = await signedIn(PHONES.employee));
    await demoBoq(page);
  });
  afterAll(async () => page?.context().close());

  it('opens Create Indent from the menu, which offers no Compare or Approval', async () => {
    const nav = sidebar(page);
    await nav.getByRole('link', { name: 'Indent List' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Compare', exact: true }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Approval', exact: true }).count()).resolves.toBe(0);
    await nav.getByRole('link', { name: 'Create Indent' }).click();
    await page.waitForURL('**/indent/create');
    await page.getByRole('heading', { name: 'Create Indent' }).waitFor();
    // Add Item waits for a BOQ, Send for Comparison for a line (SPEC §5).
    await expect(page.getByRole('button', { name: 'Add Item' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Send for Comparison' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'BOQ', exact: true }).isDisabled()).resolves.toBe(true);
  });

  it('fills the title, picks the project and its confirmed BOQ', async () => {
    await page.getByLabel('Title').fill(TITLE);
    const project = page.getByRole('combobox', { name: 'Project', exact: true });
    const projectOption = project.locator('option').filter({ hasText: SKYLINE });
    await projectOption.waitFor({ state: 'attached' });
    await project.selectOption((await projectOption.getAttribute('value'))!);
    const boq = page.getByRole('combobox', { name: 'BOQ', exact: true });
    const boqOption = boq.locator('option').filter({ hasText: SKYLINE_BOQ });
    await boqOption.waitFor({ state: 'attached' });
    await boq.selectOption((await boqOption.getAttribute('value'))!);
    await page.getByLabel('Site/Location').fill('Tower A, floor 12');
    await expect(page.getByLabel('Requester').inputValue()).resolves.toBe('Sandeep Patil');
    await expect(page.getByRole('button', { name: 'Add Item' }).isEnabled()).resolves.toBe(true);
  });

  it('adds three items in Select Item from Master, which lists the BOQ’s lines first with their balances', async () => {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Item from Master' });
    const fromBoq = dialog.getByRole('region', { name: /^Items of BOQ-/ });
    await fromBoq.getByRole('button', { name: `Add ${SAND}` }).waitFor();
    // The BOQ's group comes first; the item master's group (items the BOQ does not plan) after it.
    const groups = await dialog
      .getByRole('region')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(groups[0]).toMatch(/^Items of BOQ-/);
    const sandText = await fromBoq.getByRole('button', { name: `Add ${SAND}` }).textContent();
    const balance = /Balance: ([\d,.]+) CBM/.exec(sandText ?? '');
    expect(balance, sandText ?? '').not.toBeNull();
    sandBalance = Number(balance![1]!.replace(/,/g, ''));
    expect(sandBalance).toBeGreaterThan(SAND_OVER);
    for (const item of [CEMENT, SAND, BLOCKS])
      await fromBoq.getByRole('button', { name: `Add ${item}` }).click();
    await dialog.getByText('3 items added').waitFor();
    // An item on the indent is marked and cannot be added twice.
    await fromBoq.getByRole('button', { name: new RegExp(`^${CEMENT} Balance: .* Added$`) }).waitFor();
    await expect(
      fromBoq.getByRole('button', { name: new RegExp(`^${CEMENT} Balance: .* Added$`) }).isDisabled(),
    ).resolves.toBe(true);
    await page.waitForTimeout(300); // the dialog's entrance
    await screen(page, 'desktop-indent-item-picker');
    // Typing narrows both groups; an item added stays listed, marked, with the spec's words under it.
    await dialog.getByRole('searchbox', { name: 'Search items' }).fill('sand');
    await expect.poll(() => fromBoq.getByRole('listitem').count()).toBe(1);
    await dialog
      .getByText("No items found or all items already added. Can't find an item? Ask Purchaser to add it.")
      .waitFor();
    await closePicker(page, CEMENT);
    await expect(dialog.count()).resolves.toBe(0);
    expect(await lineNames(page)).toEqual([CEMENT, SAND, BLOCKS]);
  });

  it('types the quantities; sand beyond its balance shows Over BOQ', async () => {
    await page.getByLabel(`Quantity of ${CEMENT}`).fill('250');
    await page.getByLabel(`Quantity of ${SAND}`).fill(String(sandBalance + SAND_OVER));
    await page.getByLabel(`Quantity of ${BLOCKS}`).fill('4800');
    await page.getByText(OVER_TEXT).waitFor();
    await expect(page.getByText(/Over BOQ by/).count()).resolves.toBe(1);
  });

  it('moves the blocks up and cement down', async () => {
    await page.getByRole('button', { name: 'Move line 3 up' }).click();
    expect(await lineNames(page)).toEqual([CEMENT, BLOCKS, SAND]);
    await expect(page.getByRole('button', { name: 'Move line 1 up' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Move line 3 down' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Move line 1 down' }).click();
    expect(await lineNames(page)).toEqual([BLOCKS, CEMENT, SAND]);
    // The quantities moved with their lines.
    await expect(page.getByLabel(`Quantity of ${SAND}`).inputValue()).resolves.toBe(
      String(sandBalance + SAND_OVER),
    );
    await expect(page.getByLabel(`Quantity of ${BLOCKS}`).inputValue()).resolves.toBe('4800');
    await expect(page.getByLabel(`Quantity of ${CEMENT}`).inputValue()).resolves.toBe('250');
  });

  it('is told which item lacks a quantity', async () => {
    await page.getByLabel(`Quantity of ${BLOCKS}`).fill('');
    await page.getByRole('button', { name: 'Send for Comparison' }).click();
    await toastWith(page, `Please enter a valid quantity for "${BLOCKS}"`);
    await expect(page.getByLabel(`Quantity of ${BLOCKS}`).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(new URL(page.url()).pathname).toBe('/indent/create');
    await snap(page, 'desktop-indent-form-error');
    await dismissToasts(page);
    await page.getByLabel(`Quantity of ${BLOCKS}`).fill('4800');
    await settled(page);
    await snap(page, 'desktop-indent-form');
  });

  it('sends it for comparison and lands on the list, where it waits for comparison', async () => {
    await page.getByRole('button', { name: 'Send for Comparison' }).click();
    const toast = await toastWith(page, 'Indent Added Successfully');
    const said = (await toast.textContent()) ?? '';
    indentNo = /IND-\d+/.exec(said)?.[0] ?? '';
    expect(indentNo, said).not.toBe('');
    expect(said).toContain(TITLE);
    await page.waitForURL('**/indent/list');
    await dismissToasts(page);
    await page.getByPlaceholder('Search BoQ#, project, creator, notes...').fill(indentNo);
    // The search runs on the server: the list narrows to this indent.
    await expect.poll(() => page.getByRole('table', { name: 'Indents' }).locator('tbody tr').count()).toBe(1);
    const row = page.getByRole('row').filter({ hasText: indentNo });
    await row.getByText('Compare Pending').waitFor();
    await row.getByText('Over BOQ').waitFor();
    // Eight columns fit 1280 px: nothing scrolls sideways, the actions stay in view.
    const table = page.getByRole('table', { name: 'Indents' });
    await expect(table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).resolves.toBe(true);
    const href = await row.getByRole('link', { name: `View ${indentNo}` }).getAttribute('href');
    indentId = href!.split('/').pop()!;
    expect(indentId).toMatch(/^[0-9a-f-]{36}$/);
    await settled(page);
    await snap(page, 'desktop-indent-list-employee');
    expect(errors).toEqual([]);
  });
});

describe('the Purchaser compares vendors and sends it for approval', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    needIndent();
    ({ page, errors } = await signedIn(PHONES.purchaser));
  });
  afterAll(async () => page?.context().close());

  it('finds it in the compare queue and opens Compare', async () => {
    await sidebar(page).getByRole('link', { name: 'Compare', exact: true }).click();
    await page.waitForURL('**/indent/compare');
    await page.getByRole('heading', { name: 'Compare Queue' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: indentNo });
    await row.getByText(TITLE).waitFor();
    await row.getByText('3 items').waitFor();
    // Quantities per unit, never bags, CBM and pieces added together (decision 0037).
    const units = (await row.locator('.units').textContent()) ?? '';
    expect(units).toContain('4,800 pcs');
    expect(units).toContain('250 bags');
    expect(units).toMatch(/[\d,.]+ CBM/);
    expect(units).not.toMatch(/^\s*[\d,.]+\s*$/);
    await settled(page);
    await snap(page, 'desktop-indent-compare-queue');
    await row.getByRole('link', { name: `Compare ${indentNo}` }).click();
    await page.waitForURL(`**/indent/compare/${indentId}`);
    await page.getByRole('heading', { name: 'Compare Vendors' }).waitFor();
    for (const item of [BLOCKS, CEMENT, SAND]) await itemCard(page, item).waitFor();
    // The lines in the order the Employee left them.
    const headings = await page.locator('[data-item] h3 > span:first-child').allTextContents();
    expect(headings).toEqual([`1. ${BLOCKS}`, `2. ${CEMENT}`, `3. ${SAND}`]);
    await itemCard(page, SAND).getByText(OVER_TEXT).waitFor();
    await page.getByText('0 of 3 items selected').waitFor();
  });

  it('the compare screen shows no error before the user tries to save, and the first problem after', async () => {
    const bar = page.getByRole('group', { name: 'Save or send' });
    await bar.getByText('To send for approval, choose a vendor for 3 items.').waitFor();
    await expect(page.getByText(/Please select a vendor for/).count()).resolves.toBe(0);
    await expect(bar.locator('.hint.problem').count()).resolves.toBe(0);
    await settled(page);
    await snap(page, 'desktop-indent-compare-untouched');
    await bar.getByRole('button', { name: 'Save Selections' }).click();
    await toastWith(page, 'Validation Error', `Please select a vendor for ${BLOCKS}`);
    await bar
      .locator('.hint.problem')
      .getByText(`Please select a vendor for ${BLOCKS} (and 2 more)`)
      .waitFor();
    await dismissToasts(page);
  });

  it('auto-selects the lowest price for every item', async () => {
    await page.getByRole('button', { name: 'Auto-select Lowest (All)' }).click();
    await toastWith(page, 'Auto-selected', 'Lowest price vendors selected for all items');
    await page.getByText('3 of 3 items selected').waitFor();
    await expect(
      itemCard(page, CEMENT)
        .getByRole('radio', { name: new RegExp(CEMENT_LOWEST) })
        .isChecked(),
    ).resolves.toBe(true);
    await expect(
      itemCard(page, SAND)
        .getByRole('radio', { name: new RegExp(SAND_VENDOR) })
        .isChecked(),
    ).resolves.toBe(true);
    await expect(
      itemCard(page, BLOCKS)
        .getByRole('radio', { name: new RegExp(BLOCKS_VENDOR) })
        .isChecked(),
    ).resolves.toBe(true);
    await dismissToasts(page);
  });

  it('picks a vendor that is not the lowest for cement: saving without a reason is refused', async () => {
    const cement = itemCard(page, CEMENT);
    await cement.getByRole('radio', { name: new RegExp(CEMENT_CHOSEN) }).check();
    const reason = cement.getByRole('textbox', { name: /Reason for not selecting lowest price/ });
    await reason.waitFor();
    // Send for Approval waits for the reason; Save Selections checks on click (SPEC §5).
    await expect(page.getByRole('button', { name: 'Send for Approval' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save Selections' }).click();
    await toastWith(page, 'Validation Error', `Reason required for not selecting lowest price for ${CEMENT}`);
    await expect(reason.getAttribute('aria-invalid')).resolves.toBe('true');
    await snap(page, 'desktop-indent-compare-reason-required');
    await dismissToasts(page);
  });

  it('gives the reason; the PO Preview shows one PO per vendor', async () => {
    await itemCard(page, CEMENT)
      .getByRole('textbox', { name: /Reason for not selecting lowest price/ })
      .fill(REASON);
    await page.getByText('Every item is ready.').waitFor();
    const preview = page.getByRole('region', { name: 'PO Preview' });
    for (const vendor of VENDORS) await preview.getByRole('region', { name: `PO for ${vendor}` }).waitFor();
    await expect(preview.getByRole('region', { name: /^PO for / }).count()).resolves.toBe(3);
    await expect(preview.getByRole('region', { name: `PO for ${CEMENT_LOWEST}` }).count()).resolves.toBe(0);
    await preview
      .getByRole('region', { name: `PO for ${CEMENT_CHOSEN}` })
      .getByText(CEMENT)
      .waitFor();
    await settled(page);
    await snap(page, 'desktop-indent-compare');
  });

  it('sends it for approval, back to the queue', async () => {
    await page.getByRole('button', { name: 'Send for Approval' }).click();
    await toastWith(page, 'Indent Sent For Approval Successfully');
    await page.waitForURL('**/indent/compare');
    await page.getByRole('heading', { name: 'Compare Queue' }).waitFor();
    await settled(page);
    await expect(page.getByRole('row').filter({ hasText: indentNo }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the Admin reviews it and sends it back once', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    needIndent();
    ({ page, errors } = await signedIn(PHONES.admin));
  });
  afterAll(async () => page?.context().close());

  it('finds it in the approval queue with its Over BOQ exception, and opens Review', async () => {
    await sidebar(page).getByRole('link', { name: 'Approval', exact: true }).click();
    await page.waitForURL('**/indent/approval');
    await page.getByRole('heading', { name: 'Approval Queue' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: indentNo });
    await row.getByText('Priya Kulkarni').waitFor();
    await row.getByText('1 Over BOQ').waitFor();
    await row.getByRole('link', { name: `Review ${indentNo}` }).click();
    await page.waitForURL(`**/indent/approval/${indentId}`);
    await page.getByRole('heading', { name: 'Approval Review' }).waitFor();
  });

  it('sees the Purchaser’s choices, the non-lowest one with its reason, and the Over BOQ warning', async () => {
    const cement = itemCard(page, CEMENT);
    await cement.getByText(`Purchaser Selected: ${CEMENT_CHOSEN}`).waitFor();
    await cement.getByText('Non-lowest', { exact: true }).waitFor();
    const chosen = cement.getByRole('radio', { name: new RegExp(CEMENT_CHOSEN) });
    await expect(chosen.isChecked()).resolves.toBe(true);
    await cement
      .locator('label', { hasText: CEMENT_CHOSEN })
      .getByText('Purchaser Selected', { exact: true })
      .waitFor();
    await expect(
      cement
        .locator('label', { hasText: CEMENT_LOWEST })
        .getByText('Purchaser Selected', { exact: true })
        .count(),
    ).resolves.toBe(0);
    await cement.getByText(`Purchaser's reason: ${REASON}`).waitFor();
    await itemCard(page, SAND)
      .locator('label', { hasText: SAND_VENDOR })
      .getByText('Purchaser Selected', { exact: true })
      .waitFor();
    const side = page.getByRole('region', { name: /^Blockers/ });
    await side.getByRole('heading', { name: 'Blockers (0)' }).waitFor();
    await side.getByRole('list', { name: 'Warnings' }).getByText(`${SAND}: ${OVER_TEXT}`).waitFor();
    await itemCard(page, SAND).getByText(OVER_TEXT).waitFor();
    await page.getByRole('button', { name: 'Approve & Generate POs' }).waitFor();
    await settled(page);
    await snap(page, 'desktop-indent-approval-review');
  });

  it('sends it back with an Overall Comment (none is refused)', async () => {
    await page.getByRole('button', { name: 'Send Back' }).click();
    await toastWith(page, 'Please enter an overall comment to send this indent back');
    await dismissToasts(page);
    await page.getByLabel('Overall Comment').fill(COMMENT);
    await page.getByRole('button', { name: 'Send Back' }).click();
    await toastWith(page, 'Indent sent back for rework');
    await page.waitForURL('**/indent/approval');
    await settled(page);
    await expect(page.getByRole('row').filter({ hasText: indentNo }).count()).resolves.toBe(0);
    const { json } = await api<{ status: string; reworkComment: string }>(page, `/indent/${indentId}`);
    expect(json).toMatchObject({ status: 'draft', reworkComment: COMMENT });
    expect(errors).toEqual([]);
  });
});

describe('the Employee reworks the indent and sends it again', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    needIndent();
    ({ page, errors } = await signedIn(PHONES.employee));
  });
  afterAll(async () => page?.context().close());

  it('sees it as a draft again, with the Admin’s comment on its page', async () => {
    await page.goto('/indent/list?status=draft');
    await page.getByPlaceholder('Search BoQ#, project, creator, notes...').fill(indentNo);
    await expect.poll(() => page.getByRole('table', { name: 'Indents' }).locator('tbody tr').count()).toBe(1);
    const row = page.getByRole('row').filter({ hasText: indentNo });
    await row.getByText('Draft', { exact: true }).waitFor();
    await page.goto(`/indent/${indentId}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Sent back for rework' });
    await notice.getByText(COMMENT).waitFor();
    await notice.getByText(/Demo Admin/).waitFor();
    await page.getByRole('region', { name: 'History' }).getByText('Sent back for rework').waitFor();
    // The items' header gives each unit's quantity, never one sum across units.
    await page.getByText(/^3 items · 4,800 pcs · 250 bags · [\d,.]+ CBM$/).waitFor();
    await snap(page, 'desktop-indent-detail-sent-back');
    await page.getByRole('link', { name: 'Back to Indent List' }).first().click();
    await page.waitForURL('**/indent/list');
  });

  it('opens it from the list (Open), changes the cement and sends it for comparison again', async () => {
    await page.getByPlaceholder('Search BoQ#, project, creator, notes...').fill(indentNo);
    await expect.poll(() => page.getByRole('table', { name: 'Indents' }).locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: `Open ${indentNo}` }).click();
    await page.waitForURL(`**/indent/edit/${indentId}`);
    await page.getByRole('heading', { name: 'Edit Indent' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Sent back for rework' }).getByText(COMMENT).waitFor();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(TITLE);
    expect(await lineNames(page)).toEqual([BLOCKS, CEMENT, SAND]);
    await page.getByText(OVER_TEXT).waitFor();
    await page.getByLabel(`Quantity of ${CEMENT}`).fill('300');
    await snap(page, 'desktop-indent-edit-rework');
    await page.getByRole('button', { name: 'Send for Comparison' }).click();
    // A send after rework says what happened (decision 0037); 'Indent Added Successfully' is a first send's.
    await toastWith(page, 'Indent sent for comparison again', indentNo);
    await expect(page.getByText('Indent Added Successfully').count()).resolves.toBe(0);
    await page.waitForURL('**/indent/list');
    expect(errors).toEqual([]);
  });
});

describe('the Purchaser sends it on again from a phone, the choices kept', () => {
  beforeAll(needIndent);
  it('opens the queue’s card, finds the choices and the reason preselected, and sends it for approval', async () => {
    const { page, errors, context } = await signedIn(PHONES.purchaser, PHONE);
    await page.goto('/indent/compare');
    const card = page
      .getByRole('list', { name: 'Compare Queue' })
      .getByRole('listitem')
      .filter({ hasText: indentNo });
    await card.getByRole('link', { name: `Compare ${indentNo}` }).click();
    await page.waitForURL(`**/indent/compare/${indentId}`);
    const cement = itemCard(page, CEMENT);
    await cement.getByText('Quantity: 300 bags').waitFor();
    await expect(cement.getByRole('radio', { name: new RegExp(CEMENT_CHOSEN) }).isChecked()).resolves.toBe(
      true,
    );
    await expect(
      cement.getByRole('textbox', { name: /Reason for not selecting lowest price/ }).inputValue(),
    ).resolves.toBe(REASON);
    await expect(
      itemCard(page, SAND)
        .getByRole('radio', { name: new RegExp(SAND_VENDOR) })
        .isChecked(),
    ).resolves.toBe(true);
    await page.getByText('3 of 3 items selected').waitFor();
    await settled(page);
    await snap(page, 'phone-indent-compare');
    await page.getByRole('button', { name: 'Send for Approval' }).click();
    await toastWith(page, 'Indent Sent For Approval Successfully');
    await page.waitForURL('**/indent/compare');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Admin approves it and the POs are generated', () => {
  let page: Page;
  let errors: string[];
  const poRows: Array<{ poNumber: string; vendor: string; amount: string }> = [];
  beforeAll(async () => {
    needIndent();
    ({ page, errors } = await signedIn(PHONES.admin));
  });
  afterAll(async () => page?.context().close());

  it('on a phone, the review has no Approve button', async () => {
    const phone = await signedIn(PHONES.admin, PHONE);
    const p = phone.page;
    await p.goto('/indent/approval');
    await p
      .getByRole('list', { name: 'Approval Queue' })
      .getByRole('listitem')
      .filter({ hasText: indentNo })
      .getByRole('link', { name: `Review ${indentNo}` })
      .click();
    await p.waitForURL(`**/indent/approval/${indentId}`);
    await itemCard(p, CEMENT).getByText(`Purchaser Selected: ${CEMENT_CHOSEN}`).waitFor();
    await p.getByText('Approval is done on a larger screen', { exact: false }).waitFor();
    await expect(p.getByRole('button', { name: 'Approve & Generate POs' }).count()).resolves.toBe(0);
    await settled(p);
    await snap(p, 'phone-indent-approval-review');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('opens the review again: the Purchaser’s non-lowest choice and reason are kept', async () => {
    await page.goto('/indent/approval');
    await page.getByRole('link', { name: `Review ${indentNo}` }).click();
    await page.waitForURL(`**/indent/approval/${indentId}`);
    const cement = itemCard(page, CEMENT);
    await cement.getByText('Quantity: 300 bags').waitFor();
    await cement.getByText(`Purchaser Selected: ${CEMENT_CHOSEN}`).waitFor();
    await cement.getByText(`Purchaser's reason: ${REASON}`).waitFor();
    await page.getByRole('heading', { name: 'Blockers (0)' }).waitFor();
  });

  it('saves a fleet cost for the sand vendor, kept on the server', async () => {
    const po = page.getByRole('region', { name: `PO for ${SAND_VENDOR}` });
    const fleet = po.getByRole('group', { name: `Fleet cost for ${SAND_VENDOR}` });
    await fleet.getByLabel('Amount (₹)').fill('1500');
    await fleet.getByLabel('GST (₹)').fill('270');
    await fleet.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Fleet cost saved', `Fleet cost updated for ${SAND_VENDOR}`);
    await po.getByText('₹1,500.00').waitFor();
    await po.getByText('₹270.00').waitFor();
    await dismissToasts(page);
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: `Fleet cost for ${SAND_VENDOR}` })
          .getByLabel('Amount (₹)')
          .inputValue(),
      )
      .toMatch(/^1500(\.00?)?$/);
    await settled(page);
    await snap(page, 'desktop-indent-approval-fleet');
  });

  it('approves: the indent’s page lists one PO per chosen vendor within a few seconds', async () => {
    await page.getByRole('button', { name: 'Approve & Generate POs' }).click();
    await toastWith(page, 'Indent Approved Successfully');
    await page.waitForURL(`**/indent/${indentId}`);
    const section = page.getByRole('region', { name: 'Purchase Orders Generated' });
    const rows = section.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(VENDORS.length);
    for (let i = 0; i < VENDORS.length; i++) {
      const cells = await rows.nth(i).getByRole('cell').allTextContents();
      poRows.push({ poNumber: cells[0]!, vendor: cells[1]!, amount: cells[3]! });
    }
    expect(poRows.map((r) => r.vendor).sort()).toEqual([...VENDORS].sort());
    for (const r of poRows) expect(r.poNumber).toMatch(/^PO-\d{6,}$/);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await settled(page);
    await snap(page, 'desktop-indent-detail-pos');
  });

  it('the PO service lists the same POs for the indent (GET /po?indentId=)', async () => {
    const { status, json } = await api<{
      result: Array<{
        poNumber: string;
        vendor: { name: string };
        amount: number;
        status: string;
        indentId: { _id: string; indentId: string };
        fleet: { amount: number; gst: number };
      }>;
      totalItems: number;
    }>(page, `/po?indentId=${indentId}&limit=100&offset=0`);
    expect(status).toBe(200);
    expect(json.totalItems).toBe(VENDORS.length);
    const inr = (n: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
        n,
      );
    expect(
      json.result
        .map((po) => ({ poNumber: po.poNumber, vendor: po.vendor.name, amount: inr(po.amount) }))
        .sort((a, b) => a.poNumber.localeCompare(b.poNumber)),
    ).toEqual([...poRows].sort((a, b) => a.poNumber.localeCompare(b.poNumber)));
    for (const po of json.result) {
      expect(po.indentId).toMatchObject({ _id: indentId, indentId: indentNo });
      expect(po.status).toBe('Open');
      expect(po.fleet).toEqual(
        po.vendor.name === SAND_VENDOR ? { amount: 1500, gst: 270 } : { amount: 0, gst: 0 },
      );
    }
    expect(errors).toEqual([]);
  });
});

describe('phone size: the Employee’s list, the indent with its POs, the form', () => {
  let page: Page;
  let errors: string[];
  let context: BrowserContext;
  beforeAll(async () => {
    needIndent();
    ({ page, errors, context } = await signedIn(PHONES.employee, PHONE));
  });
  afterAll(async () => context?.close());

  it('shows the indents as cards, filtered in the side panel', async () => {
    await page.goto('/indent/list');
    const cards = page.getByRole('list', { name: 'Indents' });
    await cards.getByRole('listitem').first().waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByRole('combobox', { name: 'Filter by project' }).waitFor();
    await panel.getByRole('button', { name: 'Approved', pressed: false }).click();
    await page.waitForURL(/status=approved/);
    await page.waitForTimeout(300); // the panel's entrance
    await screen(page, 'phone-indent-filters');
    await panel.getByRole('button', { name: 'Show results' }).click();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await page.getByPlaceholder('Search BoQ#, project, creator, notes...').fill(indentNo);
    const card = cards.getByRole('listitem').filter({ hasText: indentNo });
    await card.getByText(TITLE).waitFor();
    await card.getByText('Approved').waitFor();
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(1);
    await settled(page);
    await snap(page, 'phone-indent-list');
    await card.getByRole('link', { name: `View ${indentNo}` }).click();
    await page.waitForURL(`**/indent/${indentId}`);
  });

  it('shows the indent with its purchase orders as cards', async () => {
    const pos = page.getByRole('region', { name: 'Purchase Orders Generated' });
    await expect.poll(() => pos.getByRole('listitem').count()).toBe(VENDORS.length);
    for (const vendor of VENDORS)
      await pos
        .getByRole('listitem')
        .filter({ hasText: vendor })
        .getByText(/PO-\d+/)
        .waitFor();
    // The history's 'from → to': where a narrow screen wraps, the arrow stays with the status it points to.
    const arrows = page.getByRole('list', { name: 'Status history' }).locator('[aria-label="to"]');
    await expect(arrows.count()).resolves.toBe(5);
    const together = await arrows.evaluateAll((els) =>
      els.map((arrow) => {
        const a = arrow.getBoundingClientRect();
        const b = arrow.nextElementSibling!.getBoundingClientRect();
        return Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < 4;
      }),
    );
    expect(together).toEqual([true, true, true, true, true]);
    await settled(page);
    await snap(page, 'phone-indent-detail');
  });

  it('fills the form on a phone, and leaves it only after Discard Changes?', async () => {
    await page.goto('/indent/create');
    await page.getByLabel('Title').fill(`Phone check ${suffix}`);
    const project = page.getByRole('combobox', { name: 'Project', exact: true });
    const projectOption = project.locator('option').filter({ hasText: SKYLINE });
    await projectOption.waitFor({ state: 'attached' });
    await project.selectOption((await projectOption.getAttribute('value'))!);
    const boq = page.getByRole('combobox', { name: 'BOQ', exact: true });
    const boqOption = boq.locator('option').filter({ hasText: SKYLINE_BOQ });
    await boqOption.waitFor({ state: 'attached' });
    await boq.selectOption((await boqOption.getAttribute('value'))!);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Item from Master' });
    await dialog.getByRole('button', { name: `Add ${BLOCKS}` }).click();
    await dialog.getByRole('button', { name: `Add ${SAND}` }).click();
    await page.waitForTimeout(300);
    await screen(page, 'phone-indent-item-picker');
    await closePicker(page, BLOCKS);
    await page.getByLabel(`Quantity of ${SAND}`).fill('2000');
    await page.getByText(/Over BOQ by/).waitFor();
    // The buttons stay in reach at the end of the lines, under the header (the toasts take the bottom).
    const bar = page.getByRole('region', { name: 'Indent actions' });
    await page.getByLabel(`Quantity of ${SAND}`).scrollIntoViewIfNeeded();
    await expect(bar.isVisible()).resolves.toBe(true);
    await bar.getByRole('button', { name: 'Send for Comparison' }).click();
    const toast = await toastWith(page, `Please enter a valid quantity for "${BLOCKS}"`);
    // Nothing of the bar under the toast: its buttons can be pressed while the toast shows.
    const [barBox, toastBox] = [await bar.boundingBox(), await toast.boundingBox()];
    expect(barBox!.y).toBeGreaterThanOrEqual(0);
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(toastBox!.y);
    await screen(page, 'phone-indent-form-error');
    await dismissToasts(page);
    await snap(page, 'phone-indent-form');
    await bar.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard Changes?' });
    await discard.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(`Phone check ${suffix}`);
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard Changes' }).click();
    await page.waitForURL('**/indent/list');
    expect(errors).toEqual([]);
  });
});

describe('the Employee neither compares nor approves', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    needIndent();
    ({ page, errors } = await signedIn(PHONES.employee));
  });
  afterAll(async () => page?.context().close());

  it('has no Compare or Approval in the menu, nor their quick actions on the dashboard', async () => {
    const nav = sidebar(page);
    await nav.getByRole('link', { name: 'Create Indent' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Compare', exact: true }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Approval', exact: true }).count()).resolves.toBe(0);
    await page
      .getByRole('link', { name: /Create Indent/ })
      .last()
      .waitFor();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Compare Vendors/ })
        .count(),
    ).resolves.toBe(0);
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Approve Indents/ })
        .count(),
    ).resolves.toBe(0);
  });

  it('sees Access denied on the compare and approval screens, with nothing to act on', async () => {
    const screens = [
      {
        path: '/indent/compare',
        heading: 'Compare Queue',
        says: "You don't have permission to compare vendor prices.",
      },
      {
        path: `/indent/compare/${indentId}`,
        heading: 'Compare Vendors',
        says: "You don't have permission to compare vendor prices.",
      },
      {
        path: '/indent/approval',
        heading: 'Approval Queue',
        says: "You don't have permission to review indents for approval.",
      },
      {
        path: `/indent/approval/${indentId}`,
        heading: 'Approval Review',
        says: "You don't have permission to review indents for approval.",
      },
    ];
    for (const s of screens) {
      await page.goto(s.path);
      await page.getByRole('heading', { name: s.heading }).waitFor();
      await page.getByText('Access denied').waitFor();
      await page.getByText(s.says).waitFor();
      for (const action of [
        'Compare',
        'Review',
        'Save Selections',
        'Send for Approval',
        'Approve & Generate POs',
        'Send Back',
      ])
        await expect(
          page
            .getByRole('main')
            .getByRole('button', { name: action })
            .or(page.getByRole('main').getByRole('link', { name: action }))
            .count(),
        ).resolves.toBe(0);
      // A way out that is not another refusal: back to the indent list, not to a queue they may not open.
      if (s.path.includes(indentId))
        await expect(
          page
            .getByRole('main')
            .getByRole('link', { name: /^Back to/ })
            .getAttribute('href'),
        ).resolves.toBe('/indent/list');
      if (s.path === '/indent/approval') await snap(page, 'desktop-indent-approval-denied');
    }
  });

  it('nor edits the indent once it is approved: its page offers no Edit, Compare or Review', async () => {
    await page.goto(`/indent/${indentId}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    for (const action of ['Edit', 'Compare', 'Review'])
      await expect(
        page.getByRole('main').getByRole('link', { name: action, exact: true }).count(),
      ).resolves.toBe(0);
    await page.goto(`/indent/edit/${indentId}`);
    await page.getByText('Only draft indent can be edited. This BoQ has status: Approved').waitFor();
    await expect(page.getByRole('button', { name: 'Send for Comparison' }).count()).resolves.toBe(0);
  });

  it('the services refuse them too', async () => {
    const compare = await api<{ message: string }>(page, `/indent/compare/${indentId}`);
    expect(compare.status).toBe(403);
    const queue = await api<{ message: string }>(page, '/indent?status=approval&limit=100&offset=0');
    expect(queue.status).toBe(200); // the list is theirs to read (their projects' indents), not to act on
    expect(errors).toEqual([]);
  });
});
