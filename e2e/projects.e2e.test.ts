/**
 * Issue 10: the project screens of mfe-team against the projects service. An Admin creates a
 * project, assigns the demo Employee and saves; the list shows it; the Employee then sees exactly the
 * projects assigned to them (the demo data assigns PRJ-0001, and now the new one). Screenshots of the
 * list, the form with an error and the detail at desktop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newPage, shot, signIn } from './lib/browser.js';
import { dismissToasts, toastWith } from './lib/page.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const suffix = String(Date.now()).slice(-5);
const project = {
  name: `Riverside Towers ${suffix}, Nashik`,
  location: 'Gangapur Road, Nashik',
  start: '2026-12-01',
  target: '2027-09-30',
};
const EMPLOYEE = { name: 'Sandeep Patil', phone: '9000000004' };
const LEAVE = 'You have unsaved changes. Are you sure you want to leave?';

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

describe('an Admin creates a project and assigns an Employee', () => {
  let page: Page;
  let errors: string[];
  let projectUrl = '';
  beforeAll(async () => {
    ({ page, errors } = await newPage(browser, DESKTOP));
    await signIn(page);
  });

  it('reaches the project list from the menu and sees the demo projects', async () => {
    await page.getByRole('button', { name: 'Team and Project' }).first().click();
    await page.getByRole('link', { name: 'Project List' }).first().click();
    await page.waitForURL('**/team/projects');
    await page.getByRole('row', { name: /PRJ-0001/ }).waitFor();
    await expect(page.getByPlaceholder('Search projects, codes, locations').isVisible()).resolves.toBe(true);
    // The status chips: 'In Progress' is the list's 'active'; clicking the chosen chip again clears it.
    await page.getByRole('button', { name: 'In Progress' }).click();
    await page.waitForURL(/status=active/);
    await page.getByRole('row', { name: /PRJ-0001/ }).waitFor();
    await page.getByRole('button', { name: 'In Progress' }).click();
    await page.waitForURL((url) => !url.search.includes('status='));
    // A search that matches nothing, then Clear Filters.
    await page.getByPlaceholder('Search projects, codes, locations').fill('no such project zzz');
    await page.getByText('No projects match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.getByRole('row', { name: /PRJ-0001/ }).waitFor();
  });

  it('opens Add Project with the next code suggested, and refuses a nameless project and dates out of order', async () => {
    await page.getByRole('link', { name: 'Add Project' }).first().click();
    await page.waitForURL('**/team/project-edit');
    await page.getByRole('heading', { name: 'Project Details' }).waitFor();
    const code = page.getByLabel('Project Code');
    await expect.poll(() => code.inputValue()).toMatch(/^PRJ-\d{4,}$/);

    await page.getByRole('button', { name: 'Save & Close' }).click();
    await toastWith(page, 'Validation Error', 'Project name is required');
    await expect(page.getByLabel('Project Name').getAttribute('aria-invalid')).resolves.toBe('true');
    await dismissToasts(page);

    await page.getByLabel('Project Name').fill(project.name);
    await page.getByLabel('Location').fill(project.location);
    await page.getByLabel('Start Date').fill(project.target);
    await page.getByLabel('Target Completion Date').fill(project.start);
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await toastWith(page, 'Validation Error', 'Start date cannot be after target completion date');
    await shot(page, 'desktop-project-form-error');
    await dismissToasts(page);
    await page.getByLabel('Start Date').fill(project.start);
    await page.getByLabel('Target Completion Date').fill(project.target);
  });

  it('asks before leaving with unsaved changes, in the spec’s words', async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(LEAVE, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(page.getByLabel('Project Name').inputValue()).resolves.toBe(project.name);
  });

  it('assigns the demo Employee: nothing picked is refused, then the picked one is added', async () => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toastWith(page, 'Please select a team member');
    await dismissToasts(page);
    const picker = page.getByRole('combobox', { name: 'Team member' });
    await picker.click();
    await picker.fill('Sandeep');
    await page.getByRole('option', { name: new RegExp(EMPLOYEE.name) }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toastWith(page, 'Success', `${EMPLOYEE.name} assigned to project`);
    await page.getByRole('list', { name: 'Assigned employees' }).getByText(EMPLOYEE.name).waitFor();
    await dismissToasts(page);
  });

  it('saves and closes to the list, where the new project shows with its team', async () => {
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.waitForURL('**/team/projects');
    await page.getByPlaceholder('Search projects, codes, locations').fill(suffix);
    const row = page.getByRole('row', { name: new RegExp(project.name) });
    await row.waitFor();
    await row.getByText('1 employee').waitFor();
    await expect(
      row.getByRole('link', { name: `BoQs of ${project.name}` }).getAttribute('href'),
    ).resolves.toMatch(/^\/indent\/list\?project=/);
    await page.getByPlaceholder('Search projects, codes, locations').fill('');
    await page.getByRole('row', { name: /PRJ-0001/ }).waitFor();
    await settled(page);
    await shot(page, 'desktop-project-list');
    await page.getByPlaceholder('Search projects, codes, locations').fill(suffix);
    await row.getByRole('link', { name: `Open ${project.name}` }).click();
    await page.waitForURL(/\/team\/project\/[0-9a-f-]{36}$/);
    projectUrl = new URL(page.url()).pathname;
  });

  it('shows the project: dates, location, team and the BoQ count', async () => {
    await page.getByRole('heading', { name: project.name }).waitFor();
    await page
      .getByText(/^PRJ-\d{4,}$/)
      .first()
      .waitFor();
    await page.getByText('1 Dec 2026').waitFor();
    await page.getByText(project.location).waitFor();
    await page.getByRole('list', { name: 'Team members' }).getByText(EMPLOYEE.name).waitFor();
    // The Admin assigns employees (decision 0039): a way to do it, not "contact an administrator".
    await page.getByRole('link', { name: 'Assign Employees' }).waitFor();
    await expect(page.getByText(/contact an administrator/).count()).resolves.toBe(0);
    await settled(page);
    await shot(page, 'desktop-project-detail');
  });

  it('opens the project read only with mode=view', async () => {
    await page.goto(`/team/project-edit?id=${projectUrl.split('/').pop()}&mode=view`);
    await page.getByText('Read Only').waitFor();
    await expect(page.getByLabel('Project Name').inputValue()).resolves.toBe(project.name);
    await expect(page.getByLabel('Project Name').isEditable()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Save & Close' }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox', { name: 'Team member' }).count()).resolves.toBe(0);
    await page.getByRole('list', { name: 'Assigned employees' }).getByText(EMPLOYEE.name).waitFor();
    await page.getByRole('button', { name: 'Back to List' }).click();
    await page.waitForURL('**/team/projects');
  });

  it('marks the code when another project has it (409), keeping what was typed', async () => {
    await page.goto('/team/project-edit');
    await expect.poll(() => page.getByLabel('Project Code').inputValue()).toMatch(/^PRJ-/);
    await page.getByLabel('Project Name').fill('Copy of Skyline');
    await page.getByLabel('Project Code').fill('PRJ-0001');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText(/Not saved:/).waitFor();
    await expect(page.getByLabel('Project Code').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Project Name').inputValue()).resolves.toBe('Copy of Skyline');
    await shot(page, 'desktop-project-form-duplicate-code');
    await dismissToasts(page);
  });

  it('a stale save shows the kit’s banner, and Load latest version brings the other change', async () => {
    const id = projectUrl.split('/').pop()!;
    await page.goto(`/team/project-edit?id=${id}`);
    await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe(project.name);
    const other = await page.context().newPage();
    await other.goto(`/team/project-edit?id=${id}`);
    await expect.poll(() => other.getByLabel('Project Name').inputValue()).toBe(project.name);
    await other.getByLabel('Notes').fill('Changed in another tab');
    await other.getByRole('button', { name: 'Save & Close' }).click();
    await other.waitForURL('**/team/projects');
    await other.close();

    await page.getByLabel('Notes').fill('My change');
    await page.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText(/Not saved:.*changed by someone else/).waitFor();
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('My change');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Load latest version' }).click();
    await expect.poll(() => page.getByLabel('Notes').inputValue()).toBe('Changed in another tab');
  });

  it('says when a project does not exist, after asking once (a 404 is not retried)', async () => {
    const missing = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
    let asked = 0;
    const count = (request: { url: () => string }) => {
      if (request.url().endsWith(`/api/v1/project/${missing}`)) asked += 1;
    };
    page.on('request', count);
    await page.goto(`/team/project/${missing}`);
    await page.getByText('Please check the project ID and try again.').waitFor();
    await page.getByRole('link', { name: 'Back to List' }).first().waitFor();
    await page.waitForTimeout(1500);
    page.off('request', count);
    expect(asked).toBe(1);
  });

  it('shows the assignment on the member form too (one fact, decision 0015)', async () => {
    await page.goto('/team/list');
    await page.getByPlaceholder('Search by name, email or phone...').fill(EMPLOYEE.phone);
    await page.getByRole('link', { name: `Edit ${EMPLOYEE.name}` }).click();
    await page.waitForURL(/\/team\/edit\?id=/);
    const box = page
      .getByRole('list', { name: 'Projects' })
      .locator('label')
      .filter({ hasText: project.name })
      .getByRole('checkbox');
    // Auth applies the project's team through an event: give it a moment, reloading the form.
    await expect
      .poll(
        async () => {
          if ((await box.count()) > 0 && (await box.isChecked())) return true;
          await page.reload();
          await page.getByLabel('Full Name').waitFor();
          return false;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('phone: the list with its filter panel, the form with an error, the detail', async () => {
    const phone = await newPage(browser, PHONE);
    await signIn(phone.page);
    const p = phone.page;
    await p.goto('/team/projects');
    await p.getByText('PRJ-0001').first().waitFor();
    await p.getByRole('button', { name: 'Filters' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'On Hold' }).waitFor();
    await p.getByRole('dialog').getByRole('button', { name: 'In Progress' }).click();
    await p.waitForURL(/status=active/);
    await p.waitForTimeout(300); // the panel's entrance
    await shot(p, 'phone-project-filters');
    await p.getByRole('dialog').getByRole('button', { name: 'Show results' }).click();
    await p.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await p.getByText('PRJ-0001').first().waitFor();
    await settled(p);
    await shot(p, 'phone-project-list');

    await p.goto('/team/project-edit');
    await expect.poll(() => p.getByLabel('Project Code').inputValue()).toMatch(/^PRJ-/);
    await p.getByLabel('Project Code').fill('');
    await p.getByLabel('Project Name').fill('Phone check');
    await p.getByRole('button', { name: 'Save & Close' }).click();
    await toastWith(p, 'Validation Error', 'Project code is required');
    await shot(p, 'phone-project-form-error');

    await p.goto(projectUrl);
    await p.getByRole('heading', { name: project.name }).waitFor();
    await settled(p);
    await shot(p, 'phone-project-detail');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('the Employee sees only the projects assigned to them', () => {
  it('lists PRJ-0001 and the new project, and only projects they are on', async () => {
    const { page, errors, context } = await newPage(browser, DESKTOP);
    await signIn(page, EMPLOYEE.phone);
    await page.goto('/team/projects');
    await page.getByRole('row', { name: /PRJ-0001/ }).waitFor();
    await page.getByRole('row', { name: new RegExp(project.name) }).waitFor();
    await expect(page.getByRole('row', { name: /PRJ-0002/ }).count()).resolves.toBe(0);
    // Other flows on the same system may put the demo Employee on projects of their own: every row is
    // a project whose own team names them, and the table shows as many as the service says they have.
    const mine = await page.evaluate(async () => {
      const res = await fetch('/api/v1/project?limit=100', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await res.json()) as {
        result: Array<{ employees: Array<{ name: string }> }>;
        totalItems: number;
      };
    });
    expect(mine.result.every((p) => p.employees.some((e) => e.name === EMPLOYEE.name))).toBe(true);
    await expect(page.getByRole('table', { name: 'Projects' }).locator('tbody tr').count()).resolves.toBe(
      mine.totalItems,
    );
    // Employees neither add nor edit projects.
    await expect(page.getByRole('link', { name: 'Add Project' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /^Edit / }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: `Open ${project.name}` }).click();
    await page.getByRole('heading', { name: project.name }).waitFor();
    // Someone who cannot assign is told whom to ask.
    await page.getByText(/contact an administrator/).waitFor();
    await expect(page.getByRole('link', { name: 'Assign Employees' }).count()).resolves.toBe(0);
    await shot(page, 'desktop-project-detail-employee');
    expect(errors).toEqual([]);
    await context.close();
  });
});
