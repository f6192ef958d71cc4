// Budget (issue on indents): approving a 200-line indent across 20 vendors, the 20 purchase orders
// are readable through the API (GET /api/v1/po?indentId=) within 300 ms p95 of the approval's answer
// in embedded mode (PGlite, in-process bus), 500 ms on PostgreSQL + NATS (BENCH_DATABASE_URL and
// BENCH_NATS_URL). The way there goes through the API as people would: 20 vendors and 200 items
// priced by two vendors each (the lower price rotating, so the lowest prices spread over all 20),
// a project with the demo Employee, a confirmed BOQ of the 200 items; then BENCH_RUNS times
// (default 20): the Employee raises the indent, the Purchaser takes the lowest prices and sends it
// for approval, the Admin approves, and the clock runs from the approval's answer until the PO list
// of that indent holds 20 POs (asked every 5 ms).
import { percentile } from './lib/load.mjs';
import { freshBenchDatabase, json, signIn, startProcess } from './lib/system.mjs';
import { approvalAtChosenPrices } from '../scripts/demo-seed/seed.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VENDORS = 20;
const LINES = 200;
const nats = process.env.BENCH_NATS_URL;

const env = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
const fresh = await freshBenchDatabase();
if (fresh) env.DATABASE_URL = fresh.url;
if (nats) env.NATS_URL = nats;
const kind = fresh
  ? nats
    ? 'PostgreSQL + NATS'
    : 'PostgreSQL, in-process bus'
  : nats
    ? 'PGlite + NATS'
    : 'embedded (PGlite, in-process bus)';
const budget = fresh && nats ? 500 : 300;
const sys = await startProcess('gateway/dist/main.js', env);
const run = Date.now().toString(36);
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const purchaser = { authorization: `Bearer ${await signIn(sys.base, '9000000002')}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const api = async (headers, method, path, body) =>
    json(
      await fetch(`${sys.base}/api/v1${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
  const { user } = await api(employee, 'GET', '/auth/me');

  const t0 = Date.now();
  const vendors = [];
  for (let v = 0; v < VENDORS; v++) {
    const { vendor } = await api(admin, 'POST', '/vendors', {
      name: `Bench Vendor ${run} ${String(v + 1).padStart(2, '0')}`,
      contactPerson: 'Bench Contact',
      phoneNumber: `98${String(10000000 + v).slice(-8)}`,
      email: `vendor${v}.${run}@bench.example`,
      address: 'MIDC, Pune',
      paymentTerms: 30,
    });
    vendors.push(vendor._id);
  }
  // The catalog learns the vendors from their events before it takes prices of them.
  await new Promise((r) => setTimeout(r, 1500));
  const items = [];
  for (let i = 0; i < LINES; i++) {
    const a = i % VENDORS;
    const b = (i + 1) % VENDORS;
    const { item } = await api(purchaser, 'POST', '/items', {
      name: `Bench material ${run} ${i + 1}`,
      unit: 'bags',
      vendors: [
        { vendor: vendors[a], price: 300 + (i % 50), gst: 54 },
        { vendor: vendors[b], price: 320 + (i % 50), gst: 57.6 },
      ],
    });
    items.push(item._id);
  }
  const { project } = await api(admin, 'POST', '/project', {
    name: `Bench Towers ${run}`,
    projectCode: `PRJ-B${run.slice(-5).toUpperCase()}`,
    status: 'inProgress',
    employees: [user._id],
  });
  const { boq } = await api(admin, 'POST', '/boq', {
    projectId: project._id,
    name: 'Bench BOQ',
    status: 'confirmed',
    items: items.map((id) => ({ item: id, plannedQty: 1000, unit: 'bags', rate: 350 })),
  });
  console.log(
    `set up ${VENDORS} vendors, ${LINES} priced items, a project and a ${LINES}-line BOQ in ${Date.now() - t0} ms (${kind})`,
  );

  const indentBody = (n) => ({
    title: `Bench indent ${n}`,
    projectId: project._id,
    boqId: boq._id,
    status: 'compare',
    items: items.map((id, i) => ({ item: id, quantity: 10 + (i % 7) })),
  });
  // The indent service knows the project, BOQ and prices once their events have arrived.
  let first;
  for (const until = Date.now() + 60_000; ;) {
    const res = await fetch(`${sys.base}/api/v1/indent`, {
      method: 'POST',
      headers: { ...employee, 'content-type': 'application/json' },
      body: JSON.stringify(indentBody(0)),
    });
    if (res.status === 201) {
      first = (await res.json()).indent;
      break;
    }
    if (Date.now() > until)
      throw new Error(`the indent service never took the indent: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  for (;;) {
    const c = await api(purchaser, 'GET', `/indent/compare/${first._id}`);
    if (c.items.every((l) => l.vendors.length === 2)) break;
    await new Promise((r) => setTimeout(r, 300));
  }

  const latencies = [];
  const approveMs = [];
  for (let n = 1; n <= RUNS; n++) {
    const indent = n === 1 ? first : (await api(employee, 'POST', '/indent', indentBody(n))).indent;
    const c = await api(purchaser, 'GET', `/indent/compare/${indent._id}`);
    await api(purchaser, 'POST', `/indent/compare/${indent._id}`, {
      status: 'approval',
      pricesVersion: c.pricesVersion,
      version: c.version,
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.vendors.find((v) => v.isLowest).vendorId,
      })),
    });
    const review = await api(admin, 'GET', `/indent/compare/${indent._id}`);
    const body = approvalAtChosenPrices(review);
    const sent = performance.now();
    await api(admin, 'POST', `/indent/approval/${indent._id}`, body);
    const answered = performance.now();
    for (;;) {
      const pos = await api(admin, 'GET', `/po?indentId=${indent._id}&limit=100`);
      if (pos.totalItems >= VENDORS) break;
      if (performance.now() - answered > 30_000) throw new Error(`only ${pos.totalItems} POs after 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - answered);
    approveMs.push(answered - sent);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const approvals = [...approveMs].sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  console.log(
    `approval answer: p50 ${r(percentile(approvals, 50))} ms, p95 ${r(percentile(approvals, 95))} ms`,
  );
  console.log(
    `POs readable after the approval's answer (${RUNS} runs, ${LINES} lines, ${VENDORS} vendors, ${kind}): p50 ${r(percentile(sorted, 50))} ms, p95 ${r(percentile(sorted, 95))} ms, max ${r(sorted.at(-1))} ms (budget ${budget} ms): ${percentile(sorted, 95) <= budget ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await sys.stop();
  await fresh?.drop();
}
