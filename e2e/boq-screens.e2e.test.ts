/**
 * The BOQ list and detail screens of mfe-team against the projects service. The demo data gives each
 * demo project a confirmed BOQ (once the catalog's demo items have reached the projects service); the
 * flow adds a draft through the API, then: the list with its search, project and status filters in
 * the URL; the detail with planned, consumed and balance on a desktop and on a phone; deleting the
 * draft after the confirmation; revising a confirmed BOQ into a draft revision. The Purchaser (BOQ
 * List read only) sees no Create, Edit or Delete. Screenshots at desktop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import { apiClient } from '../scripts/demo-seed/api.mjs';
import { DESKTOP, PHONE, baseUrl, launch, newPage, screenshotDir, shot, signIn } from './lib/browser.js';
import { callApi, dismissToasts } from './lib/page.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // The demo's two projects, made through the API by the seed (their ids are the system's).
  const admin = await apiClient(baseUrl).signIn('9000000001');
  const { result } = (await admin.get('/project?limit=100&offset=0')) as {
    result: Array<{ _id: string; projectCode: string }>;
  };
  SKYLINE = result.find((p) => p.projectCode === 'PRJ-0001')!._id;
  GODAVARI = result.find((p) => p.projectCode === 'PRJ-0002')!._id;
});
afterAll(async () => browser?.close());

const suffix = String(Date.now()).slice(-5);
const DRAFT_NAME = `Finishing works ${suffix}, Tower A`;
let SKYLINE = '';
let GODAVARI = '';
const SKYLINE_BOQ = 'Civil and structural works, Tower A';
const GODAVARI_BOQ = 'Foundations, floor slab and office block';

interface Summary {
  _id: string;
  name: string;
  status: string;
  projectId: { _id: string };
}

/** The demo BOQs are made once the catalog's items have arrived (events): wait for both. */
async function demoBoqs(p: Page): Promise<Summary[]> {
  for (let i = 0; i < 60; i++) {
    const { json } = await callApi<{ result: Summary[] }>(p, 'GET', '/boq/all?limit=100&offset=0');
    const found = json?.result ?? [];
    if ([SKYLINE_BOQ, GODAVARI_BOQ].every((n) => found.some((b) => b.name === n && b.status === 'confirmed')))
      return found;
    await p.waitForTimeout(500);
  }
  throw new Error('the demo BOQs did not appear');
}

async function toastWith(page: Page, title: string) {
  await page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first().waitFor();
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('an Admin works with the BOQ list and detail', () => {
  let page: Page;
  let errors: string[];
  let skylineId = '';
  let godavariId = '';
  let draftId = '';

  beforeAll(async () => {
    ({ page, errors } = await newPage(browser, DESKTOP));
    await signIn(page);
    const boqs = await demoBoqs(page);
    skylineId = boqs.find((b) => b.name === SKYLINE_BOQ)!._id;
    godavariId = boqs.find((b) => b.name === GODAVARI_BOQ)!._id;
    // A draft to delete: two of the catalog's demo items.
    // Found by name: other flows may have added many items before this one runs.
    const byName = async (n: string) =>
      (
        await callApi<{ result: Array<{ _id: string; name: string; unit: string }> }>(
          page,
          'GET',
          `/items/all?limit=100&offset=0&keyword=${encodeURIComponent(n)}`,
        )
      ).json.result.find((i) => i.name === n)!;
    const [cement, sand] = [await byName('Cement OPC 53'), await byName('River sand')];
    const created = await callApi<{ boq: { _id: string } }>(page, 'POST', '/boq', {
      projectId: SKYLINE,
      name: DRAFT_NAME,
      description: 'Plaster and flooring',
      status: 'draft',
      items: [
        { item: cement!._id, plannedQty: 1200.5, unit: cement!.unit, rate: 385, remark: 'Plaster' },
        { item: sand!._id, plannedQty: 240, unit: sand!.unit, rate: 1850 },
      ],
    });
    expect(created.status).toBe(201);
    draftId = created.json.boq._id;
  });

  it('reaches the BOQ list from the menu and narrows it by status, project and search', async () => {
    await page.getByRole('button', { name: 'Team and Project' }).first().click();
    await page.getByRole('link', { name: 'BOQ List' }).first().click();
    await page.waitForURL('**/boq/list');
    await rowOf(page, SKYLINE_BOQ).waitFor();
    await rowOf(page, DRAFT_NAME).waitFor();
    await expect(page.getByPlaceholder('Search by BOQ name, project, or ID...').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Create BOQ' }).isVisible()).resolves.toBe(
      true,
    );
    // The BOQ number and the project link.
    await expect(
      rowOf(page, SKYLINE_BOQ)
        .getByText(/^BOQ-\d{4,}/)
        .count(),
    ).resolves.toBe(1);
    await expect(
      rowOf(page, SKYLINE_BOQ).getByRole('link', { name: 'Skyline Residency, Pune' }).getAttribute('href'),
    ).resolves.toBe(`/team/project/${SKYLINE}`);
    // Only a draft has Edit and Delete.
    await expect(
      rowOf(page, SKYLINE_BOQ)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).resolves.toBe(0);
    await expect(
      rowOf(page, DRAFT_NAME)
        .getByRole('button', { name: `Delete ${DRAFT_NAME}` })
        .count(),
    ).resolves.toBe(1);
    await expect(
      rowOf(page, DRAFT_NAME)
        .getByRole('link', { name: `Edit ${DRAFT_NAME}` })
        .getAttribute('href'),
    ).resolves.toBe(`/boq/edit/${draftId}`);
    await shot(page, 'boq-list-desktop');

    await page.getByLabel('Filter by status').selectOption('draft');
    await page.waitForURL(/status=draft/);
    // The previous rows stay on screen while the filtered ones load.
    await rowOf(page, SKYLINE_BOQ).waitFor({ state: 'detached' });
    await rowOf(page, DRAFT_NAME).waitFor();
    // The draft's project is Skyline: Godavari's drafts are none.
    await page.getByLabel('Filter by project').selectOption(GODAVARI);
    await page.waitForURL(new RegExp(`projectId=${GODAVARI}`));
    await page.getByText('No BOQs match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.waitForURL((url) => !url.search.includes('status=') && !url.search.includes('projectId='));
    await rowOf(page, GODAVARI_BOQ).waitFor();
    // Reload keeps the filters in the URL; the project filter shows code and name.
    await page.goto(`/boq/list?projectId=${GODAVARI}`);
    await rowOf(page, GODAVARI_BOQ).waitFor();
    await expect(rowOf(page, SKYLINE_BOQ).count()).resolves.toBe(0);
    await expect(
      page.getByLabel('Filter by project').locator('option:checked').textContent(),
    ).resolves.toMatch(/^PRJ-\d{4} - /);
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.getByPlaceholder('Search by BOQ name, project, or ID...').fill(`Finishing works ${suffix}`);
    await page.waitForURL(/keyword=/);
    await rowOf(page, SKYLINE_BOQ).waitFor({ state: 'detached' });
    await rowOf(page, DRAFT_NAME).waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(2);
    await page.getByPlaceholder('Search by BOQ name, project, or ID...').fill('no such boq zzz');
    await page.getByText('No BOQs match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await rowOf(page, SKYLINE_BOQ).waitFor();
  });

  it('opens a confirmed BOQ: planned, consumed and balance of each line, the dates day-month-year', async () => {
    await rowOf(page, SKYLINE_BOQ)
      .getByRole('link', { name: `View ${SKYLINE_BOQ}` })
      .click();
    await page.waitForURL(`**/boq/${skylineId}`);
    await page.getByRole('heading', { name: SKYLINE_BOQ }).waitFor();
    await expect(page.getByText('Confirmed', { exact: true }).first().isVisible()).resolves.toBe(true);
    for (const header of [
      'Item Name',
      'Planned',
      'Consumed',
      'Balance',
      'Unit',
      'Rate',
      'Amount',
      'Remark',
    ]) {
      await expect(page.getByRole('columnheader', { name: header, exact: true }).count()).resolves.toBe(1);
    }
    // Ready-mix concrete M25: 3,450 CBM planned, nothing received yet, 3,450 left.
    const rmc = page.getByRole('row').filter({ hasText: 'Ready-mix concrete M25' });
    await expect(rmc.getByRole('cell').allTextContents()).resolves.toEqual([
      'Ready-mix concrete M25',
      '3,450',
      '0',
      '3,450',
      'CBM',
      '₹5,200.00',
      '₹1,79,40,000.00',
      'Raft, columns, beams and slabs',
    ]);
    const facts = await page.locator('dl').first().textContent();
    expect(facts).toMatch(/Created Date\d{2}-\d{2}-\d{4}/);
    const lines = (await callApi<{ items: unknown[] }>(page, 'GET', `/boq/${skylineId}`)).json.items.length;
    expect(facts).toContain(`Total Items${lines}`);
    await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(lines + 1);
    expect(facts).toMatch(/Total Amount₹/);
    await expect(
      page.getByRole('link', { name: 'Skyline Residency, Pune' }).getAttribute('href'),
    ).resolves.toBe(`/team/project/${SKYLINE}`);
    // A confirmed BOQ is revised, not edited or deleted.
    await expect(page.getByRole('button', { name: 'Revise' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Edit', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await shot(page, 'boq-detail-desktop');
  });

  it('exports the BOQ to a spreadsheet', async (ctx) => {
    // The export route ships with the BOQ import/export; until it is deployed the service answers 'No such endpoint'.
    const probe = await callApi<{ message?: string }>(page, 'GET', `/boq/${skylineId}/export`);
    if (probe.status === 404 && /^No such endpoint/.test(probe.json?.message ?? '')) ctx.skip();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('says a BOQ that does not exist is not found, with the way back to the list', async () => {
    await page.goto('/boq/0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f');
    await page.getByText('BOQ Not Found').waitFor();
    await page.getByText('The requested BOQ could not be found.').waitFor();
    await page.getByRole('link', { name: 'Back to BOQ List' }).first().click();
    await page.waitForURL('**/boq/list');
  });

  it('deletes a draft only after the confirmation', async () => {
    await rowOf(page, DRAFT_NAME)
      .getByRole('button', { name: `Delete ${DRAFT_NAME}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete BOQ?' });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'boq-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(rowOf(page, DRAFT_NAME).count()).resolves.toBe(1);
    await rowOf(page, DRAFT_NAME)
      .getByRole('button', { name: `Delete ${DRAFT_NAME}` })
      .click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'BOQ deleted');
    await rowOf(page, DRAFT_NAME).waitFor({ state: 'detached' });
    await expect((await callApi(page, 'GET', `/boq/${draftId}`)).status).toBe(404);
    await dismissToasts(page);
  });

  it('revises a confirmed BOQ into a draft revision, the confirmed one staying in force', async () => {
    await page.goto(`/boq/${godavariId}`);
    await page.getByRole('heading', { name: GODAVARI_BOQ }).waitFor();
    await page.getByRole('button', { name: 'Revise' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revise this BOQ?' });
    await dialog.getByText(/stays in force until the new revision is confirmed/).waitFor();
    await page.waitForTimeout(300); // the dialog's entrance
    await shot(page, 'boq-revise-confirm');
    await dialog.getByRole('button', { name: 'Create Revision' }).click();
    await page.waitForURL(/\/boq\/edit\/[0-9a-f-]{36}$/);
    const revisionId = page.url().split('/').at(-1)!;
    expect(revisionId).not.toBe(godavariId);
    const revision = await callApi<{ revision: number; status: string; boqId: string }>(
      page,
      'GET',
      `/boq/${revisionId}`,
    );
    expect(revision.json).toMatchObject({ revision: 2, status: 'draft' });
    await dismissToasts(page);
    // The confirmed revision: still confirmed, pointing at its draft; the revisions listed.
    await page.goto(`/boq/${godavariId}`);
    await page.getByText(/A draft revision \(Rev 2\) is being prepared/).waitFor();
    await expect(page.getByRole('link', { name: 'Edit Draft Revision' }).getAttribute('href')).resolves.toBe(
      `/boq/edit/${revisionId}`,
    );
    await expect(page.getByRole('button', { name: 'Revise' }).count()).resolves.toBe(0);
    const revisions = page.getByRole('list', { name: 'Revisions' });
    await expect(revisions.getByRole('link', { name: 'Rev 2' }).getAttribute('href')).resolves.toBe(
      `/boq/${revisionId}`,
    );
    await shot(page, 'boq-detail-revisions');
    // The draft revision's page: Rev 2, a draft, with Edit and Delete.
    await revisions.getByRole('link', { name: 'Rev 2' }).click();
    await page.waitForURL(`**/boq/${revisionId}`);
    await page.getByText(`${revision.json.boqId} · Rev 2`).waitFor();
    await expect(page.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href')).resolves.toBe(
      `/boq/edit/${revisionId}`,
    );
    // Deleting the draft revision goes back to the list; the confirmed one stays.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete BOQ?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL('**/boq/list');
    await toastWith(page, 'BOQ deleted');
    await rowOf(page, GODAVARI_BOQ).waitFor();
    await expect((await callApi<{ status: string }>(page, 'GET', `/boq/${godavariId}`)).json.status).toBe(
      'confirmed',
    );
    await dismissToasts(page);
  });

  it('lists the project’s BOQs on its page, with Create BOQ', async () => {
    await page.goto(`/team/project/${SKYLINE}`);
    const list = page.getByRole('list', { name: 'BOQs of Skyline Residency, Pune' });
    await list.getByRole('link', { name: SKYLINE_BOQ }).waitFor();
    await shot(page, 'boq-project-detail');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Create BOQ' }).getAttribute('href'),
    ).resolves.toBe(`/boq/create?project=${SKYLINE}`);
    await list.getByRole('link', { name: SKYLINE_BOQ }).click();
    await page.waitForURL(`**/boq/${skylineId}`);
  });

  it('scrolls a 500-line BOQ (virtualised) and marks a balance below zero', async () => {
    // The service's answer for one BOQ, grown to 500 lines, some received beyond plan (receipts come
    // from the purchase orders, which this system does not have yet): the page reads it as it would.
    const real = (
      await callApi<Record<string, unknown> & { items: Array<Record<string, unknown>> }>(
        page,
        'GET',
        `/boq/${skylineId}`,
      )
    ).json;
    const lines = Array.from({ length: 500 }, (_, i) => {
      const planned = 100 + i;
      const consumed = i % 50 === 7 ? planned + 12.5 : i % 3 === 0 ? 40.25 : 0;
      return {
        ...real.items[i % real.items.length],
        _id: `line-${i}`,
        name: `Line item ${i + 1}`,
        plannedQty: planned,
        consumedQuantity: consumed,
        balanceQuantity: planned - consumed,
        remark: i % 50 === 7 ? 'Over plan' : '',
      };
    });
    await page.route(`**/api/v1/boq/${skylineId}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { ...real, items: lines, itemCount: 500 } })
        : route.continue(),
    );
    await page.goto(`/boq/${skylineId}`);
    await page.getByRole('heading', { name: SKYLINE_BOQ }).waitFor();
    // Virtualised: far fewer rows in the page than lines.
    const rendered = await page.locator('tbody tr[data-index]').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    const over = page.getByRole('row').filter({ hasText: 'Line item 8' }).first();
    await expect(over.getByRole('cell').nth(3).textContent()).resolves.toBe(
      '-12.5 (more received than planned)',
    );
    await over.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'boq-detail-over-consumed.png') }); // the screen, not 500 lines
    // Scrolling down step by step reaches the last line.
    for (let i = 0; i < 200; i++) {
      if ((await page.getByRole('row').filter({ hasText: 'Line item 500' }).count()) > 0) break;
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(30);
    }
    await page.getByRole('row').filter({ hasText: 'Line item 500' }).waitFor();
    await page.unroute(`**/api/v1/boq/${skylineId}`);
  });

  it('threw no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe('on a phone', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await newPage(browser, PHONE));
    await signIn(page);
    await demoBoqs(page);
  });

  it('shows the list as cards with the filters in a side panel', async () => {
    await page.goto('/boq/list');
    const card = page.getByRole('listitem').filter({ hasText: SKYLINE_BOQ });
    await card.waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByLabel('Filter by status').selectOption('confirmed');
    await page.waitForURL(/status=confirmed/);
    await shot(page, 'boq-list-phone-filters');
    await panel.getByRole('button', { name: 'Show results' }).click();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await card.waitFor();
    await shot(page, 'boq-list-phone');
  });

  it('shows each line as a card with its real planned, consumed, balance and remark', async () => {
    await page
      .getByRole('listitem')
      .filter({ hasText: SKYLINE_BOQ })
      .getByRole('link', { name: `View ${SKYLINE_BOQ}` })
      .click();
    await page.getByRole('heading', { name: SKYLINE_BOQ }).waitFor();
    const card = page
      .getByRole('list', { name: 'BOQ items' })
      .getByRole('listitem')
      .filter({ hasText: 'TMT steel bar 12 mm' });
    const pairs = await card.locator('div > dt, div > dd').allTextContents();
    expect(pairs).toEqual([
      'Planned',
      '1,82,500 kg',
      'Consumed',
      '0 kg',
      'Balance',
      '1,82,500 kg',
      'Remark',
      'Slabs and beams, Fe 500D',
    ]);
    await shot(page, 'boq-detail-phone');
  });

  it('threw no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});

describe('a Purchaser, who may read BOQs but not change them', () => {
  it('sees the list and the detail without Create, Edit, Delete or Revise', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, '9000000002');
    await demoBoqs(page);
    await page.goto('/boq/list');
    await rowOf(page, SKYLINE_BOQ).waitFor();
    await expect(page.getByRole('main').getByRole('link', { name: 'Create BOQ' }).count()).resolves.toBe(0);
    await rowOf(page, SKYLINE_BOQ)
      .getByRole('link', { name: `View ${SKYLINE_BOQ}` })
      .click();
    await page.getByRole('heading', { name: SKYLINE_BOQ }).waitFor();
    await expect(page.getByRole('button', { name: 'Revise' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Export to Excel' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });
});
