// Budget (issue on indents): a 300-line indent on a phone-sized viewport (390 x 844): typing a
// quantity shows within 50 ms, and the compare and approval screens open within 1 s. Measured in
// Chromium (playwright-core, CHROME_PATH or chromium on the PATH) inside the page, on the demo
// system (embedded) with 300 items priced by two demo vendors each, a confirmed 300-line BOQ on the
// demo project, and three 300-line indents made through the API: a draft (the Employee types in its
// edit form), one waiting for comparison (the Purchaser opens it) and one waiting for approval (the
// Admin opens it). BENCH_CPU_SLOWDOWN=4 also runs it with the CPU slowed four times (a mid-range phone).
//
// Typing: for each keystroke, from the keydown event's timestamp to the first frame after the input
// shows the new value (requestAnimationFrame, then a task). Opening: from the click on the queue's
// link to the first item card with the PO Preview shown, and to all 300 cards in the page.
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { percentile } from './lib/load.mjs';
import { json, startProcess } from './lib/system.mjs';

const LINES = 300;
const TYPE_BUDGET_MS = 50;
const OPEN_BUDGET_MS = 1000;
const chrome = process.env.CHROME_PATH ?? execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
const slowdowns = [1, ...(process.env.BENCH_CPU_SLOWDOWN ? [Number(process.env.BENCH_CPU_SLOWDOWN)] : [])];

const sys = await startProcess('gateway/dist/main.js', { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' });
const base = `${sys.base}/api/v1`;
async function login(phoneNumber) {
  await fetch(`${base}/auth/sendOtp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber }),
  });
  const [sms] = await (await fetch(`${base}/dev/sms?phoneNumber=${phoneNumber}`)).json();
  return json(
    await fetch(`${base}/auth/verifyOtp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber, otp: sms.code }),
    }),
  );
}
const api = async (who, method, path, body) =>
  json(
    await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );

const browser = await chromium.launch({
  executablePath: chrome,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
try {
  const admin = await login('9000000001');
  const purchaser = await login('9000000002');
  const employee = await login('9000000004');
  // Wait for the demo data (vendors, the demo project's BOQ) to have reached every service.
  let vendors = [];
  for (
    const until = Date.now() + 60_000;
    vendors.length < 2 && Date.now() < until;
    await new Promise((r) => setTimeout(r, 500))
  ) {
    vendors = (await api(admin, 'GET', '/vendors/all?limit=100&status=active')).vendors ?? [];
  }
  const run = Date.now().toString(36);
  const items = [];
  for (let i = 0; i < LINES; i++) {
    const { item } = await api(purchaser, 'POST', '/items', {
      name: `Bench fitting ${run} ${i + 1}`,
      unit: 'pcs',
      vendors: [
        { vendor: vendors[i % vendors.length]._id, price: 120 + (i % 40), gst: 21.6 },
        { vendor: vendors[(i + 1) % vendors.length]._id, price: 125 + (i % 40), gst: 22.5 },
      ],
    });
    items.push(item._id);
  }
  const [project] = (await api(employee, 'GET', '/project?limit=1')).result;
  const { boq } = await api(admin, 'POST', '/boq', {
    projectId: project._id,
    name: `Bench fittings ${run}`,
    status: 'confirmed',
    items: items.map((id) => ({ item: id, plannedQty: 500, unit: 'pcs', rate: 130 })),
  });
  const body = (status, n) => ({
    title: `Bench 300 lines ${run} ${n}`,
    projectId: project._id,
    boqId: boq._id,
    status,
    items: items.map((id, i) => ({ item: id, quantity: 10 + (i % 9) })),
  });
  let draft;
  for (const until = Date.now() + 60_000; !draft; await new Promise((r) => setTimeout(r, 500))) {
    const res = await fetch(`${base}/indent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${employee.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body('draft', 1)),
    });
    if (res.status === 201) draft = (await res.json()).indent;
    else if (Date.now() > until)
      throw new Error(`the indent service never took the indent: ${await res.text()}`);
  }
  const toCompare = (await api(employee, 'POST', '/indent', body('compare', 2))).indent;
  const toApprove = (await api(employee, 'POST', '/indent', body('compare', 3))).indent;
  for (;;) {
    const c = await api(purchaser, 'GET', `/indent/compare/${toApprove._id}`);
    if (c.items.every((l) => l.vendors.length === 2)) {
      await api(purchaser, 'POST', `/indent/compare/${toApprove._id}`, {
        status: 'approval',
        pricesVersion: c.pricesVersion,
        items: c.items.map((l) => ({
          itemId: l.itemId,
          selectedVendor: l.vendors.find((v) => v.isLowest).vendorId,
        })),
      });
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  async function pageAs(who, slowdown) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      baseURL: sys.base,
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userName', user.name);
    }, who);
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    return { page, context };
  }

  const results = [];
  for (const slowdown of slowdowns) {
    const label = slowdown > 1 ? `, CPU ${slowdown}x slower` : '';
    // Typing a quantity in the 300-line draft.
    {
      const { page, context } = await pageAs(employee, slowdown);
      await page.goto(`/indent/edit/${draft._id}`);
      // The lines are window-virtualised: scroll down until line 150 is in the page.
      const inputName = 'items.149.quantity';
      const input = page.locator(`input[name="${inputName}"]`);
      await page.locator('input[name="items.0.quantity"]').waitFor({ timeout: 30_000 });
      for (let i = 0; i < 400 && (await input.count()) === 0; i++) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(30);
      }
      await input.scrollIntoViewIfNeeded();
      await input.click();
      await input.press('Control+a');
      await input.press('Backspace');
      await page.evaluate((inputName) => {
        const el = document.querySelector(`input[name="${inputName}"]`);
        window.__typed = [];
        el.addEventListener('keydown', (e) => {
          const start = e.timeStamp;
          const want = () => el.value;
          const before = want();
          const done = () => {
            if (el.value !== before) window.__typed.push(performance.now() - start);
            else requestAnimationFrame(() => setTimeout(done, 0));
          };
          requestAnimationFrame(() => setTimeout(done, 0));
        });
      }, inputName);
      await input.pressSequentially('1234.56', { delay: 120 });
      await page.waitForTimeout(300);
      const typed = await page.evaluate(() => window.__typed);
      const shown = await input.inputValue();
      if (shown !== '1234.56') throw new Error(`the quantity shows ${shown}`);
      const sorted = [...typed].sort((a, b) => a - b);
      results.push([
        `typing a quantity (line 150 of ${LINES})${label}`,
        percentile(sorted, 95),
        TYPE_BUDGET_MS,
        `${typed.length} keystrokes, p50 ${Math.round(percentile(sorted, 50))} ms, max ${Math.round(sorted.at(-1))} ms`,
      ]);
      await context.close();
    }
    // Opening the compare and the approval screens from their queues.
    for (const [who, queue, indent, name] of [
      [purchaser, '/indent/compare', toCompare, 'compare screen'],
      [admin, '/indent/approval', toApprove, 'approval screen'],
    ]) {
      const { page, context } = await pageAs(who, slowdown);
      await page.goto(queue);
      const link = page.locator(`a[href$="${queue}/${indent._id}"]`).first();
      await link.waitFor({ timeout: 30_000 });
      const t0 = await page.evaluate(() => performance.now());
      await link.click();
      await page.locator('section[data-item]').first().waitFor({ timeout: 30_000 });
      await page.getByText('PO Preview').first().waitFor({ timeout: 30_000 });
      const first = (await page.evaluate(() => performance.now())) - t0;
      await page.waitForFunction((n) => document.querySelectorAll('section[data-item]').length >= n, LINES, {
        timeout: 60_000,
        polling: 50,
      });
      const all = (await page.evaluate(() => performance.now())) - t0;
      results.push([
        `${name}: first cards and PO Preview${label}`,
        first,
        OPEN_BUDGET_MS,
        `all ${LINES} cards after ${Math.round(all)} ms`,
      ]);
      await context.close();
    }
  }
  console.log('');
  for (const [name, ms, budget, note] of results) {
    console.log(
      `Indent UI, ${name}: ${Math.round(ms)} ms (budget ${budget} ms; ${note}): ${ms <= budget ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await browser.close();
  await sys.stop();
}
