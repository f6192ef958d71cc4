// Budget (issue 12, purchase orders and goods receipts): a 300-line PO's detail page and the goods
// receipt's step 1 scroll and accept input without visible stalls on a phone-sized viewport: input to
// screen ≤ 50 ms. Measured in Chromium (playwright-core, CHROME_PATH or chromium on the PATH) at
// 390 x 844 (isMobile, hasTouch) inside the page, on the demo system (embedded) with 300 items priced
// by two demo vendors each (the first always the lowest), a confirmed 300-line BOQ on the demo
// project and a 300-line indent compared and approved through the API with every line on the one
// vendor, so approval makes one PO of 300 lines. The demo Employee (9000000004) opens it.
// BENCH_CPU_SLOWDOWN=4 also runs it with the CPU slowed four times (a mid-range phone).
//
// Each screen is opened as a deep link (/po/{id}, then /po/{id}/receipt): from the navigation to the
// first line painted, and to the list ready (heading and counts shown, the virtualised list's full
// height laid out, the page's height then unchanged for a second). Then the page is scrolled to the
// end in BENCH_SCROLL_STEPS (20) mouse-wheel steps, waiting after each until the position has held
// for 300 ms, and back up in as many touch swipes (a finger drawn 600 px down the screen in ~0.3 s,
// then held still so that no fling follows; Input.dispatchTouchEvent). Frames are recorded while the
// page scrolls (requestAnimationFrame, see installProbe); intervals over 50 ms are stalls. For each
// wheel step, the time from the wheel event's timestamp to the first frame after the page scrolled
// (requestAnimationFrame, then a task).
// Long animation frames (the browser's own report) are counted too. On the receipt's step 1, a
// quantity (7.25) is typed into BENCH_ROWS (30) rows spread over the list, each scrolled into view
// first: for each keystroke, from the keydown event's timestamp to the first frame after its input
// event (requestAnimationFrame, then a task), as indent-ui.mjs measures. It measures; it does not
// fail (exit 0 whatever the figures), as the other benches.
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { percentile } from './lib/load.mjs';
import { json, startProcess } from './lib/system.mjs';
import { approvalAtChosenPrices } from '../scripts/demo-seed/seed.mjs';

const LINES = 300;
const BUDGET_MS = 50;
const ROWS = Number(process.env.BENCH_ROWS ?? 30);
const SCROLL_STEPS = Number(process.env.BENCH_SCROLL_STEPS ?? 20);
const SWIPE_PX = 600;
const SWIPE_MS = 300;
const VALUE = '7.25';
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs in every document before its scripts: notes, after the frame that first shows it, when the
 * screen's first line was painted and when its list was ready (performance.now(): ms since the
 * navigation started). "Ready" is the first frame of a layout that then held for a second.
 */
function milestones({ lines }) {
  const receipt = /^\/po\/[^/]+\/receipt$/.test(location.pathname);
  if (!receipt && !/^\/po\/[^/]+$/.test(location.pathname)) return;
  const m = (window.__milestones = { firstLine: null, ready: null });
  const list = () => document.querySelector(receipt ? '#receipt-lines ul' : 'ul[aria-label="Ordered items"]');
  const firstLine = () =>
    receipt
      ? document.querySelector('#receipt-lines li[data-index] input[aria-label^="Received Qty, "]')
      : list()?.querySelector(':scope > li[data-index]');
  const complete = () => {
    const ul = list();
    if (
      !ul ||
      !ul.querySelector(':scope > li[data-index]') ||
      ul.getBoundingClientRect().height < lines * 100
    )
      return false;
    if (receipt)
      return (document.getElementById('receipt-step-one-status')?.textContent ?? '').includes(
        `0 of ${lines} items`,
      );
    return (
      Boolean(document.getElementById('po-deliveries')) &&
      (document.getElementById('po-items')?.parentElement?.textContent ?? '').includes(`${lines} lines`)
    );
  };
  const afterPaint = (set) => setTimeout(() => set(performance.now()), 0);
  let candidate = null;
  const tick = (frameTime) => {
    if (m.firstLine === null && firstLine()) {
      m.firstLine = -1;
      afterPaint((t) => (m.firstLine = t));
    }
    if (complete()) {
      const height = document.documentElement.scrollHeight;
      if (!candidate || candidate.height !== height) {
        candidate = { height, since: frameTime, at: -1 };
        const c = candidate;
        afterPaint((t) => (c.at = t));
      } else if (frameTime - candidate.since >= 1000 && candidate.at >= 0) {
        m.ready = candidate.at;
        return;
      }
    } else candidate = null;
    if (performance.now() < 120_000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * In the page: a recorder of frames, wheel-to-frame times and long animation frames, started and
 * stopped per pass. Frames are recorded while the page scrolls, in bursts: from a scroll event until
 * the position has held for 300 ms (past the virtualiser's own settling render). A loop of
 * requestAnimationFrame running all along would change what it measures: while a page asks for
 * every frame, Chromium hands it input and scroll a frame later (a wheel on a plain page then takes
 * ~30 ms to its scroll event instead of ~10 ms).
 */
function installProbe() {
  if (window.__probe) return;
  const p = (window.__probe = {
    on: false,
    active: false,
    lastScroll: 0,
    bursts: [],
    wheel: [],
    wheelParts: [],
    loaf: [],
    pendingWheel: null,
    pass: 0,
  });
  const follow = () => {
    const pass = p.pass;
    const frames = [];
    p.bursts.push(frames);
    p.active = true;
    // The last scroll is known from the scroll events: reading scrollY here would force the layout
    // the page has pending, and the probe would be billed for it.
    const tick = (t) => {
      if (!p.on || p.pass !== pass) {
        p.active = false;
        return;
      }
      frames.push(t);
      if (t - p.lastScroll > 300) p.active = false;
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  p.start = () =>
    Object.assign(p, {
      on: true,
      active: false,
      bursts: [],
      wheel: [],
      wheelParts: [],
      loaf: [],
      pendingWheel: null,
      pass: p.pass + 1,
    });
  p.stop = () => {
    p.on = false;
    p.active = false;
    const height = document.documentElement.scrollHeight;
    return {
      bursts: p.bursts,
      wheel: p.wheel,
      wheelParts: p.wheelParts,
      loaf: p.loaf,
      loafSupported: p.loafSupported,
      scrollY,
      height,
      atEnd: scrollY + innerHeight >= height - 2,
    };
  };
  addEventListener(
    'wheel',
    (e) => {
      if (p.on && p.pendingWheel === null) p.pendingWheel = e.timeStamp;
    },
    { passive: true, capture: true },
  );
  // On the document, which hears the scroll before the window (where the list's virtualiser listens).
  document.addEventListener(
    'scroll',
    () => {
      if (!p.on) return;
      p.lastScroll = performance.now();
      if (!p.active) follow();
      if (p.pendingWheel === null) return;
      const start = p.pendingWheel;
      const scrolled = performance.now();
      p.pendingWheel = null;
      requestAnimationFrame(() =>
        setTimeout(() => {
          const now = performance.now();
          p.wheel.push(now - start);
          p.wheelParts.push([scrolled - start, now - scrolled]);
        }, 0),
      );
    },
    { passive: true, capture: true },
  );
  try {
    new PerformanceObserver((list) => {
      if (!p.on) return;
      for (const e of list.getEntries()) {
        const scripts = e.scripts ?? [];
        const top = [...scripts].sort((a, b) => b.duration - a.duration)[0];
        p.loaf.push({
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: scripts.reduce((sum, x) => sum + x.duration, 0),
          // Style and layout at the end of the frame, and forced by scripts on the way.
          layout: e.styleAndLayoutStart > 0 ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          forced: scripts.reduce((sum, x) => sum + (x.forcedStyleAndLayoutDuration ?? 0), 0),
          top: top
            ? `${top.invoker} ${top.sourceFunctionName || '(anonymous)'} @ ${(top.sourceURL ?? '').split('/').pop()}:${top.sourceCharPosition} ${Math.round(top.duration)} ms`
            : '',
          invokers: scripts.map((x) => [
            `${x.invoker} @ ${(x.sourceURL ?? '').split('/').pop()}:${x.sourceCharPosition}`,
            x.duration,
          ]),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
    p.loafSupported = true;
  } catch {
    p.loafSupported = false;
  }
}

/** In the page: resolves once the scroll position has held for three frames (at most 3 s). */
function settled() {
  return new Promise((resolve) => {
    let last = scrollY;
    let same = 0;
    const until = performance.now() + 3000;
    const tick = () => {
      same = scrollY === last ? same + 1 : 0;
      last = scrollY;
      if (same >= 3 || performance.now() > until) resolve(scrollY);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
    over: sorted.filter((v) => v > BUDGET_MS).length,
  };
};
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '–');

/** Once a scroll has begun (or 1 s without one), until the probe's burst of frames has ended; polled with timers, not frames. */
async function scrollDone(page) {
  await page
    .waitForFunction(() => window.__probe.active, null, { polling: 10, timeout: 1000 })
    .catch(() => {});
  await page.waitForFunction(() => !window.__probe.active, null, { polling: 50, timeout: 30_000 });
  await sleep(100);
}

/** Scrolls to the end in wheel steps, then back up in touch swipes; what the frames and wheel steps took. */
async function scrollPasses(page, cdp) {
  await page.evaluate(installProbe);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(settled);
  await page.mouse.move(195, 560);
  await sleep(300);
  // Down: wheel steps, each a share of what is left (the virtualiser corrects its height as rows are measured).
  await page.evaluate(() => window.__probe.start());
  let steps = 0;
  for (; steps < SCROLL_STEPS + 10; steps++) {
    const left = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight - scrollY);
    if (left <= 2) break;
    await page.mouse.wheel(0, Math.ceil(left / Math.max(1, SCROLL_STEPS - steps)));
    await scrollDone(page);
  }
  const down = await page.evaluate(() => window.__probe.stop());
  const wheel = { ...down, steps };
  // Up: touch swipes, a finger drawn down the screen (Input.dispatchTouchEvent: touchStart, a move
  // every 16 ms, held still before it lifts so that no fling follows).
  await page.evaluate(() => window.__probe.start());
  let swipes = 0;
  let swipeError = null;
  const moves = Math.round(SWIPE_MS / 16);
  try {
    for (; swipes < SCROLL_STEPS; swipes++) {
      if ((await page.evaluate(() => scrollY)) <= 2) break;
      const y = 160;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y }] });
      for (let i = 1; i <= moves + 3; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: 195, y: y + (SWIPE_PX * Math.min(i, moves)) / moves }],
        });
        await sleep(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await scrollDone(page);
    }
  } catch (error) {
    swipeError = error.message;
  }
  const up = await page.evaluate(() => window.__probe.stop());
  return { wheel, touch: { ...up, scrolled: down.scrollY - up.scrollY, steps: swipes, error: swipeError } };
}

/** Frame intervals within each burst (the idle time between bursts is no frame). */
const intervals = (bursts) => bursts.flatMap((frames) => frames.slice(1).map((t, i) => t - frames[i]));

function scrollRows(screen, label, passes) {
  const rows = [];
  const w = passes.wheel;
  const wf = summary(intervals(w.bursts));
  const wl = summary(w.wheel);
  const loafNote = (loaf, supported) => {
    if (supported === false) return '';
    if (loaf.length === 0) return '; long animation frames 0';
    const longest = loaf.reduce((a, b) => (b.duration > a.duration ? b : a));
    const median = (key) => ms(summary(loaf.map((l) => l[key])).p50);
    const byInvoker = new Map();
    for (const [invoker, duration] of loaf.flatMap((l) => l.invokers))
      byInvoker.set(invoker, (byInvoker.get(invoker) ?? 0) + duration);
    const invokers = [...byInvoker]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ');
    return `; long animation frames ${loaf.length}, median ${median('duration')} (scripts ${median('scripts')}, style and layout ${median('layout')}, forced by scripts ${median('forced')}), longest ${ms(longest.duration)} (scripts ${ms(longest.scripts)}, style and layout ${ms(longest.layout)}; ${longest.top}); their scripts by invoker: ${invokers || 'none'}`;
  };
  rows.push([
    `${screen}: wheel to frame, ${w.steps} steps to the end${label}`,
    wl,
    `wheel to scroll event p50 ${ms(summary(w.wheelParts.map((x) => x[0])).p50)}, scroll event to frame p50 ${ms(summary(w.wheelParts.map((x) => x[1])).p50)}, ${wl.over} over 50 ms; frames p50 ${ms(wf.p50)}, p95 ${ms(wf.p95)}, max ${ms(wf.max)}, ${wf.over} of ${wf.n} over 50 ms (${w.bursts.length} bursts)${loafNote(w.loaf, w.loafSupported)}; page ${Math.round(w.height).toLocaleString('en')} px${w.atEnd ? '' : ', END NOT REACHED'}`,
  ]);
  const t = passes.touch;
  if (t.error) rows.push([`${screen}: touch swipes${label}`, null, `not measured: ${t.error}`]);
  else {
    const tf = summary(intervals(t.bursts));
    rows.push([
      `${screen}: frame interval, ${t.steps} touch swipes up${label}`,
      tf,
      `${tf.over} of ${tf.n} frames over 50 ms (${t.bursts.length} bursts)${loafNote(t.loaf, w.loafSupported)}; scrolled ${Math.round(t.scrolled).toLocaleString('en')} px`,
    ]);
  }
  return rows;
}

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
  for (const until = Date.now() + 60_000; vendors.length < 2 && Date.now() < until; await sleep(500)) {
    vendors = (await api(admin, 'GET', '/vendors/all?limit=100&status=active')).vendors ?? [];
  }
  const [vendor, other] = vendors;
  const run = Date.now().toString(36);
  const items = [];
  for (let i = 0; i < LINES; i++) {
    const { item } = await api(purchaser, 'POST', '/items', {
      name: `Bench fitting ${run} ${i + 1}`,
      unit: 'pcs',
      vendors: [
        { vendor: vendor._id, price: 120 + (i % 40), gst: 21.6 },
        { vendor: other._id, price: 125 + (i % 40), gst: 22.5 },
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
  const body = {
    title: `Bench 300-line PO ${run}`,
    projectId: project._id,
    boqId: boq._id,
    status: 'compare',
    items: items.map((id, i) => ({ item: id, quantity: 10 + (i % 9) })),
  };
  let indent;
  for (const until = Date.now() + 60_000; !indent; await sleep(500)) {
    const res = await fetch(`${base}/indent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${employee.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 201) indent = (await res.json()).indent;
    else if (Date.now() > until)
      throw new Error(`the indent service never took the indent: ${await res.text()}`);
  }
  // Compare: every line to the one vendor (the lowest everywhere), sent for approval.
  for (const until = Date.now() + 60_000; ; await sleep(500)) {
    const c = await api(purchaser, 'GET', `/indent/compare/${indent._id}`);
    if (c.items.every((l) => l.vendors.length === 2)) {
      await api(purchaser, 'POST', `/indent/compare/${indent._id}`, {
        status: 'approval',
        pricesVersion: c.pricesVersion,
        version: c.version,
        items: c.items.map((l) => ({
          itemId: l.itemId,
          selectedVendor: vendor._id,
          ...(l.vendors.find((v) => v.vendorId === vendor._id)?.isLowest
            ? {}
            : { reasonForSelection: 'Bench: one vendor for the whole indent' }),
        })),
      });
      break;
    }
    if (Date.now() > until) throw new Error('the compare screen never listed both vendors on every line');
  }
  // Approval: one PO for the vendor, with 300 lines.
  const review = await api(admin, 'GET', `/indent/compare/${indent._id}`);
  await api(admin, 'POST', `/indent/approval/${indent._id}`, approvalAtChosenPrices(review));
  let po;
  for (const until = Date.now() + 60_000; !po; await sleep(300)) {
    const list = await api(admin, 'GET', `/po?indentId=${indent._id}&limit=100`);
    if (list.result.length > 1) throw new Error(`approval made ${list.result.length} POs, not one`);
    if (list.result.length === 1) po = await api(employee, 'GET', `/po/${list.result[0]._id}`);
    else if (Date.now() > until) throw new Error('the PO never appeared');
  }
  if (po.items.length !== LINES) throw new Error(`the PO has ${po.items.length} lines, not ${LINES}`);
  const names = po.items.map((l) => l.item.name);
  console.log(`${po.poNumber}: ${po.items.length} lines for ${po.vendor.name}`);

  async function pageAs(who, slowdown) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      baseURL: sys.base,
    });
    await context.addInitScript(milestones, { lines: LINES });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userName', user.name);
    }, who);
    const cdp = await context.newCDPSession(page);
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    return { page, context, cdp };
  }
  async function open(page, path) {
    await page.goto(path);
    await page.waitForFunction(
      () => window.__milestones?.ready > 0 && window.__milestones.firstLine > 0,
      null,
      { timeout: 120_000, polling: 100 },
    );
    return page.evaluate(() => window.__milestones);
  }

  const results = [];
  for (const slowdown of slowdowns) {
    const label = slowdown > 1 ? `, CPU ${slowdown}x slower` : '';
    // The PO's page: open, then scroll it.
    {
      const { page, context, cdp } = await pageAs(employee, slowdown);
      const m = await open(page, `/po/${po._id}`);
      results.push([
        `PO detail: deep link to the first line${label}`,
        { value: m.firstLine },
        'painted',
        'none',
      ]);
      results.push([
        `PO detail: deep link to Ordered Items ready${label}`,
        { value: m.ready },
        `heading "${LINES} lines", Deliveries, full list height`,
        'none',
      ]);
      for (const row of scrollRows('PO detail', label, await scrollPasses(page, cdp))) results.push(row);
      await context.close();
    }
    // The receipt's step 1: open, scroll, then type quantities into rows spread over the list.
    {
      const { page, context, cdp } = await pageAs(employee, slowdown);
      const m = await open(page, `/po/${po._id}/receipt`);
      results.push([
        `Receipt step 1: deep link to the first row${label}`,
        { value: m.firstLine },
        'a Received Qty input painted',
        'none',
      ]);
      results.push([
        `Receipt step 1: deep link to the list ready${label}`,
        { value: m.ready },
        `"0 of ${LINES} items received", full list height`,
        'none',
      ]);
      for (const row of scrollRows('Receipt step 1', label, await scrollPasses(page, cdp))) results.push(row);
      await page.evaluate(() => {
        const t = (window.__typing = { times: [], keys: 0 });
        let start = null;
        document.addEventListener(
          'keydown',
          (e) => {
            if (!e.target?.matches?.('input[aria-label^="Received Qty, "]')) return;
            t.keys++;
            start = e.timeStamp;
          },
          true,
        );
        document.addEventListener(
          'input',
          () => {
            if (start === null) return;
            const t0 = start;
            start = null;
            requestAnimationFrame(() => setTimeout(() => t.times.push(performance.now() - t0), 0));
          },
          true,
        );
      });
      const picked = Array.from({ length: ROWS }, (_, k) =>
        Math.round((k * (LINES - 1)) / Math.max(1, ROWS - 1)),
      );
      for (const index of picked) {
        const labelText = `Received Qty, ${names[index]}`;
        // The list is window-virtualised: scroll toward the row until it is in the page, then centre it.
        const found = await page.evaluate(
          async ({ labelText, index }) => {
            const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const find = () => document.querySelector(`input[aria-label="${labelText}"]`);
            for (let i = 0; i < 60; i++) {
              const el = find();
              if (el) {
                el.scrollIntoView({ block: 'center' });
                await frame();
                find()?.scrollIntoView({ block: 'center' });
                await frame();
                return Boolean(find());
              }
              const rows = [...document.querySelectorAll('#receipt-lines li[data-index]')];
              const first = rows[0];
              const last = rows.at(-1);
              if (!first || !last) return false;
              const from = Number(first.dataset.index);
              const to = Number(last.dataset.index);
              const rowHeight =
                (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) /
                Math.max(to - from + 1, 1);
              const anchor = index < from ? first : last;
              window.scrollTo({
                top:
                  scrollY +
                  anchor.getBoundingClientRect().top +
                  (index - Number(anchor.dataset.index)) * rowHeight -
                  innerHeight / 2,
              });
              await frame();
            }
            return false;
          },
          { labelText, index },
        );
        if (!found) throw new Error(`row ${index + 1} (${names[index]}) never came into the page`);
        await page.evaluate(settled);
        const input = page.locator(`input[aria-label="${labelText}"]`);
        await input.click();
        await input.pressSequentially(VALUE, { delay: 120 });
        await page.waitForTimeout(150);
        const shown = await input.inputValue();
        if (shown !== VALUE) throw new Error(`row ${index + 1} shows ${shown}`);
      }
      await page.waitForTimeout(400);
      const typed = await page.evaluate(() => window.__typing);
      const status = await page.locator('#receipt-step-one-status').textContent();
      if (!status.startsWith(`${picked.length} of ${LINES}`))
        throw new Error(`the step's bar says "${status}"`);
      const s = summary(typed.times);
      results.push([
        `Receipt step 1: typing a quantity, ${picked.length} rows${label}`,
        s,
        `${s.n} of ${typed.keys} keystrokes shown, ${s.over} over 50 ms; bar: "${status.trim()}"`,
      ]);
      await context.close();
    }
  }

  // The table: p50 / p95 / max per measure, the budget on the p95, stalls (frames or inputs over 50 ms) in the notes.
  const lines = results.map(([name, s, note, budget]) => {
    if (budget === 'none') return [name, ms(s.value), '', '', '(none)', 'info', note];
    if (!s) return [name, '', '', '', `${BUDGET_MS} ms`, 'not measured', note];
    return [
      name,
      ms(s.p50),
      ms(s.p95),
      ms(s.max),
      `${BUDGET_MS} ms`,
      s.p95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET',
      note,
    ];
  });
  const head = ['Measure', 'p50 / value', 'p95', 'max', 'budget p95', 'verdict', 'notes'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join(' | ')
      .trimEnd();
  console.log('');
  console.log(`PO UI, ${po.poNumber} (${LINES} lines), 390 x 844 phone viewport:`);
  console.log(fmt(head));
  console.log(fmt(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) console.log(fmt(l));
} finally {
  await browser.close();
  await sys.stop();
}
