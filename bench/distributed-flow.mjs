// Budgets (distributed mode): outbox lag p95 ≤ 100 ms under 50 approvals a second, and the whole flow
// sustained for 5 minutes at that rate with zero lost or duplicated events, counted at the end.
//
// The distributed topology (lib/distributed.mjs: every service its own process with its own role and
// schema, po and indent twice, the gateway in front) on this machine's PostgreSQL and NATS, a fresh
// database and NATS namespace per run. Everything goes through the gateway as people would:
//
// 1. Preparation: BENCH_RATE x BENCH_SECONDS indents waiting for approval. For each, the Employee
//    raises it from the demo BOQ (POST /indent, status compare; the three items of
//    gateway/test/indent-po-flow.test.ts, or the first BENCH_LINES lines of the BOQ), the Purchaser
//    opens the comparison and sends it for approval with the lowest prices (GET + POST
//    /indent/compare/{id}), and the Admin opens the approval screen (GET /indent/compare/{id}), which
//    gives the body of the approval. BENCH_PREPARE_CONNECTIONS (16) indents are prepared at once.
//    BENCH_PREPARE=sql is faster: BENCH_TEMPLATES (20) indents are prepared so through the API, and
//    each is then copied in SQL, in the indent service's schema, as many times as needed: the
//    indent row (a new id, the next IND- number from indent_numbers, its title and keyword text
//    made as the service makes them), its lines, history and fleet rows, all as the API left them
//    waiting for approval; the service's own triggers keep its counts and list generation. What
//    the copies lack is the audit log's rows of their creation and comparison (no events: raising
//    and comparing an indent announces nothing), and the approval of a copy is the same body as its
//    template's (same lines, prices and version), as the Admin's screen would give.
// 2. The run: the Admin's approvals (POST /indent/approval/{id}) sent open-loop at BENCH_RATE (50)
//    a second for BENCH_SECONDS (300), each at its scheduled time whatever the earlier ones are
//    doing. Meanwhile the Employee records the goods receipt of every PO that appears: once an
//    approval is answered, its POs are looked up (GET /po?indentId=, until one per chosen vendor
//    is there; waits from 200 ms growing by half up to 2 s) and each is received in full with a
//    little rejected (POST /poReceipt), at most BENCH_RECEIPT_CONCURRENCY (32) indents at a time. That drives the rest of the flow: receipt ->
//    PO status on the indent, BOQ consumption (projects), the vendor's ledger (vendors).
// 3. Settling: until every outbox row is published, no JetStream consumer has anything pending
//    and no failed event waits for a retry; waited for while that backlog shrinks, given up when it
//    has not shrunk for 30 s or after BENCH_SETTLE_SECONDS (900). The settle time is printed: a
//    backlog that took minutes to clear means the rate was not sustained, though nothing was lost.
// 4. Counting, with SQL over every service's schema (the administrator's connection): outbox lag of
//    erp.indent.approved.v1 (indent.outbox: published_at - created_at) and erp.po.created.v1
//    (po.outbox) written during the run; approved indents vs POs (one per indent and vendor); PO
//    numbers 1..N; one ledger 'PO Add' per PO; the indents' PO lists; BOQ consumption vs accepted
//    receipt quantities; every outbox row published; dead letters; inbox rows vs events per
//    consumer; JetStream's messages per subject vs the outboxes. Then 'lost: N, duplicated: N'.
//
// CPU of every process (from /proc), of PostgreSQL's backends of the run's database and of the
// load generator over the run says where the time goes. BENCH_LINES, BENCH_PREPARE_CONNECTIONS,
// BENCH_RECEIPT_CONCURRENCY, BENCH_RECEIPTS=0 (approvals only), BENCH_KEEP_DATABASE=1.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { Pool } from 'undici';
import { percentile } from './lib/load.mjs';
import { cpuMs, json, postgresCpuMs, signIn } from './lib/system.mjs';
import {
  cleanup,
  interrupted,
  pgClient,
  startDistributed,
  streamPending,
  streamSubjectCounts,
} from './lib/distributed.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const LINES = process.env.BENCH_LINES ? Number(process.env.BENCH_LINES) : null;
const PREPARE_CONNECTIONS = Number(process.env.BENCH_PREPARE_CONNECTIONS ?? 16);
const PREPARE = process.env.BENCH_PREPARE ?? 'api';
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 20);
const RECEIPT_CONCURRENCY = Number(process.env.BENCH_RECEIPT_CONCURRENCY ?? 32);
const RECEIPTS = process.env.BENCH_RECEIPTS !== '0';
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 900);
const TEST_ITEMS = ['Cement OPC 53', 'Binding wire', 'River sand'];
const QUANTITY = 4; // per line; received in full, REJECTED of it refused at the gate
const REJECTED = 0.5;
const LAG_BUDGET_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const r1 = (x) => Math.round(x * 10) / 10;
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: r1(percentile(s, 50)),
    p95: r1(percentile(s, 95)),
    p99: r1(percentile(s, 99)),
    max: r1(s.at(-1) ?? NaN),
  };
};
const fmt = (s) => `n ${s.n}, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms`;

/** The nats-server processes on this machine (shared with whatever else uses it). */
function natsServerPids() {
  const pids = [];
  for (const pid of readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('nats-server')) pids.push(pid);
    } catch {
      /* gone */
    }
  }
  return pids;
}

let exitCode = 0;
try {
  const t0 = Date.now();
  const run = await startDistributed();
  const { topology, schemaOf } = run;
  const base = topology.gatewayUrl;
  console.log(
    `distributed topology ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${topology.processes.map((p) => p.id).join(', ')} (database ${run.database}, NATS namespace ${run.natsNamespace})`,
  );
  const admin = { authorization: `Bearer ${await signIn(base)}` };
  const purchaser = { authorization: `Bearer ${await signIn(base, '9000000002')}` };
  const employee = { authorization: `Bearer ${await signIn(base, '9000000004')}` };
  const pool = new Pool(base, {
    connections: 256,
    pipelining: 1,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const call = async (who, method, path, body) => {
    const res = await pool.request({
      method,
      path: `/api/v1${path}`,
      headers: { ...who, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : null };
  };
  const ok = async (who, method, path, body) => {
    const r = await call(who, method, path, body);
    if (r.status >= 300)
      throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    return r.body;
  };

  // The demo BOQ, and the indent service knowing it and its prices (from the other services' events).
  let boq;
  for (const until = Date.now() + 60_000; !boq; await sleep(300)) {
    boq = (
      await json(await fetch(`${base}/api/v1/boq/all?status=confirmed&limit=100`, { headers: employee }))
    ).result[0];
    if (!boq && Date.now() > until) throw new Error('no confirmed demo BOQ after 60 s');
  }
  const boqLines = (await ok(employee, 'GET', `/boq/items/${boq._id}`)).result;
  const lines = LINES ? boqLines.slice(0, LINES) : boqLines.filter((l) => TEST_ITEMS.includes(l.name));
  const indentBody = (n) => ({
    title: `Bench indent ${n}`,
    projectId: boq.projectId._id,
    boqId: boq._id,
    status: 'compare',
    items: lines.map((l) => ({ item: l.itemId, quantity: QUANTITY })),
  });
  for (const until = Date.now() + 60_000; ; await sleep(500)) {
    const probe = await call(employee, 'POST', '/indent', indentBody(0));
    if (probe.status === 201) {
      const c = await ok(purchaser, 'GET', `/indent/compare/${probe.body.indent._id}`);
      if (c.items.every((l) => l.vendors.length > 0)) break;
    }
    if (Date.now() > until)
      throw new Error(
        `the indent service never took an indent with prices: ${probe.status} ${JSON.stringify(probe.body).slice(0, 300)}`,
      );
  }

  // 1. Preparation.
  const total = Math.round(RATE * SECONDS);
  const viaApi = PREPARE === 'sql' ? Math.min(total, TEMPLATES) : total;
  const prepared = [];
  let next = 0;
  const tp = performance.now();
  let prepErrors = 0;
  const prepare = async () => {
    while (next < viaApi) {
      const n = ++next;
      try {
        await prepareOne(n);
      } catch (err) {
        // One that failed (a busy machine's 503) is left where it stopped, never approved; another takes its place.
        if (++prepErrors > 50) throw err;
        console.log(`  preparing indent ${n} failed (${err.message.slice(0, 120)}); preparing another`);
        next--;
        await sleep(500);
      }
    }
  };
  const prepareOne = async (n) => {
    const { indent } = await ok(employee, 'POST', '/indent', indentBody(n));
    const c = await ok(purchaser, 'GET', `/indent/compare/${indent._id}`);
    await ok(purchaser, 'POST', `/indent/compare/${indent._id}`, {
      status: 'approval',
      pricesVersion: c.pricesVersion,
      version: c.version,
      items: c.items.map((l) => ({
        itemId: l.itemId,
        selectedVendor: l.vendors.find((v) => v.isLowest).vendorId,
      })),
    });
    const review = await ok(admin, 'GET', `/indent/compare/${indent._id}`);
    prepared.push({
      id: indent._id,
      lines: review.items.map((l) => ({
        itemId: l.itemId,
        vendorId: l.selectedVendor,
        quantity: l.quantity,
      })),
      body: {
        status: 'approved',
        pricesVersion: review.pricesVersion,
        version: review.version,
        items: review.items.map((l) => ({
          itemId: l.itemId,
          selectedVendor: l.selectedVendor,
          price: l.vendors.find((v) => v.vendorId === l.selectedVendor).price,
        })),
      },
    });
  };
  await Promise.all(Array.from({ length: PREPARE_CONNECTIONS }, prepare));
  const apiSeconds = (performance.now() - tp) / 1000;
  if (prepared.length < total) {
    const db = await pgClient(run.adminDbUrl);
    try {
      prepared.push(...(await copyIndents(db, schemaOf.indent, prepared, total - prepared.length)));
    } finally {
      await db.end();
    }
  }
  const prepSeconds = (performance.now() - tp) / 1000;
  const vendorsPerIndent = new Set(prepared[0].lines.map((l) => l.vendorId)).size;
  console.log(
    `prepared ${prepared.length} indents waiting for approval in ${prepSeconds.toFixed(1)} s: ${viaApi} through the API in ${apiSeconds.toFixed(1)} s (${r1(viaApi / apiSeconds)} a second, 4 calls each, ${PREPARE_CONNECTIONS} at once)${
      prepared.length > viaApi
        ? `, ${prepared.length - viaApi} copied from them in SQL in ${(prepSeconds - apiSeconds).toFixed(1)} s`
        : ''
    }${prepErrors ? `, ${prepErrors} failed and replaced` : ''}; ${lines.length} lines each (${lines.map((l) => l.name).join(', ')}), ${vendorsPerIndent} vendors: ${vendorsPerIndent} POs an approval`,
  );
  // Let the preparation's own events settle, so the run starts from a quiet system.
  await settle(run, 60);

  // 2. The run.
  const db = await pgClient(run.adminDbUrl);
  const windowStart = (await db.query('SELECT now() AS t')).rows[0].t;
  const procs = topology.processes.map((p) => ({ id: p.id, pid: p.proc.pid }));
  const natsPids = natsServerPids();
  const cpuAt = () => ({
    ...Object.fromEntries(procs.map((p) => [p.id, cpuMs(p.pid)])),
    postgres: postgresCpuMs(run.database),
    ...Object.fromEntries(
      natsPids.map((pid) => [natsPids.length === 1 ? 'nats-server' : `nats-server(${pid})`, cpuMs(pid)]),
    ),
    generator: (() => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    })(),
  });
  const cpu0 = cpuAt();
  const sampler = samplePostgres(run.adminDbUrl, run.database);
  const approveMs = [];
  const lateMs = [];
  const errors = new Map();
  const countError = (what) => errors.set(what, (errors.get(what) ?? 0) + 1);
  let answered = 0;
  let lastAnswer = 0;
  const receiptQueue = [];
  const receiptMs = [];
  let receiptsDone = 0;
  let poReads = 0;
  let receiptIndentsDone = 0;
  let acceptedHundredths = 0;
  let inFlight = 0;
  const approvals = [];
  const start = performance.now();
  const approve = async (i) => {
    const p = prepared[i];
    const scheduled = start + (i * 1000) / RATE;
    const sent = performance.now();
    lateMs.push(sent - scheduled);
    try {
      const res = await call(admin, 'POST', `/indent/approval/${p.id}`, p.body);
      const done = performance.now();
      if (res.status !== 200) {
        countError(`approval ${res.status} ${String(res.body?.message ?? '').slice(0, 70)}`);
        return;
      }
      approveMs.push(done - sent);
      answered++;
      lastAnswer = done;
      if (RECEIPTS) {
        receiptQueue.push({ p, approvedAt: done });
        pumpReceipts();
      }
    } catch (err) {
      countError(`approval ${err.code ?? err.message}`);
    }
  };
  const receive = async ({ p, approvedAt }) => {
    const vendors = new Set(p.lines.map((l) => l.vendorId));
    let pos = [];
    await sleep(Math.max(0, approvedAt + 300 - performance.now()));
    // Looked for again after 200 ms, then each wait half as long again, up to 2 s: a person does
    // not reload five times a second, and at 5 a second the reads of lagging indents were a load
    // of their own (the reads are counted and printed).
    let wait = 200;
    for (const until = performance.now() + 60_000; ; await sleep(wait), wait = Math.min(2000, wait * 1.5)) {
      poReads++;
      const r = await call(employee, 'GET', `/po?indentId=${p.id}&limit=100`);
      if (r.status === 200) pos = r.body.result;
      else countError(`PO list ${r.status}`);
      if (pos.length >= vendors.size) break;
      if (performance.now() > until) {
        countError('POs not visible 60 s after the approval');
        return;
      }
    }
    for (const po of pos) {
      const mine = p.lines.filter((l) => l.vendorId === po.vendor._id);
      const t = performance.now();
      const r = await call(employee, 'POST', '/poReceipt', {
        poId: po._id,
        receiptId: randomUUID(),
        receivedItems: mine.map((l) => ({
          item: l.itemId,
          receivedQuantity: l.quantity,
          rejectedQuantity: REJECTED,
          remarks: '',
        })),
        invoice: {
          invoiceNumber: `BENCH/${po.poNumber}`,
          invoiceDate: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
          invoiceAmount: 1,
        },
        remarks: 'Bench delivery',
      });
      if (r.status === 200 || r.status === 201) {
        receiptMs.push(performance.now() - t);
        receiptsDone++;
        acceptedHundredths += mine.reduce((s, l) => s + Math.round((l.quantity - REJECTED) * 100), 0);
      } else countError(`receipt ${r.status} ${String(r.body?.message ?? '').slice(0, 80)}`);
    }
    receiptIndentsDone++;
  };
  let receiptsIdle = Promise.resolve();
  let wakeIdle = null;
  function pumpReceipts() {
    while (inFlight < RECEIPT_CONCURRENCY && receiptQueue.length > 0) {
      inFlight++;
      if (inFlight === 1) receiptsIdle = new Promise((r) => (wakeIdle = r));
      void receive(receiptQueue.shift())
        .catch((err) => countError(`receipt ${err.code ?? err.message}`))
        .finally(() => {
          inFlight--;
          pumpReceipts();
          if (inFlight === 0 && receiptQueue.length === 0) wakeIdle?.();
        });
    }
  }
  // Open loop: approval i leaves at start + i / RATE seconds, whatever became of the earlier ones.
  let sentCount = 0;
  let lastReport = start;
  while (sentCount < prepared.length) {
    const due = Math.min(prepared.length, Math.floor(((performance.now() - start) * RATE) / 1000) + 1);
    while (sentCount < due) approvals.push(approve(sentCount++));
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      console.log(
        `  ${Math.round((lastReport - start) / 1000)} s: ${sentCount} approvals sent, ${answered} answered, ${receiptsDone} receipts recorded, ${receiptQueue.length + inFlight} indents waiting for their receipts`,
      );
    }
    await sleep(Math.max(1, start + (sentCount * 1000) / RATE - performance.now()));
  }
  const sentWindow = (performance.now() - start) / 1000;
  await Promise.all(approvals);
  const approvalsDone = performance.now();
  const cpuApprovals = cpuAt();
  console.log(
    `approvals: ${sentCount} sent in ${sentWindow.toFixed(1)} s, the last answered ${((approvalsDone - start) / 1000).toFixed(1)} s after the first was sent`,
  );
  if (RECEIPTS) {
    const drainUntil = Date.now() + 300_000;
    while ((inFlight > 0 || receiptQueue.length > 0) && Date.now() < drainUntil)
      await Promise.race([receiptsIdle, sleep(1000)]);
    if (inFlight > 0 || receiptQueue.length > 0)
      countError('receipts not done 300 s after the last approval');
    console.log(
      `receipts: ${receiptsDone} recorded for ${receiptIndentsDone} approved indents, the last ${((performance.now() - start) / 1000).toFixed(1)} s after the run began`,
    );
  }
  const flowDone = performance.now();
  const windowEnd = (await db.query('SELECT now() AS t')).rows[0].t;
  const cpu1 = cpuAt();
  const pgSamples = await sampler.stop();

  // 3. Settling.
  const settled = await settle(run, SETTLE_SECONDS);
  console.log(
    settled.ok
      ? `settled ${settled.seconds.toFixed(1)} s after the flow`
      : `NOT SETTLED ${settled.why} (the counts below take that backlog for lost)`,
  );

  // 4. Figures.
  const s = (name) => schemaOf[name];
  const lag = async (schema, subject) =>
    (
      await db.query(
        `SELECT extract(epoch FROM (published_at - created_at)) * 1000 AS ms FROM ${schema}.outbox WHERE subject = $1 AND created_at >= $2 AND published_at IS NOT NULL`,
        [subject, windowStart],
      )
    ).rows.map((x) => Number(x.ms));
  const approvedLag = stats(await lag(s('indent'), 'erp.indent.approved.v1'));
  const poLag = stats(await lag(s('po'), 'erp.po.created.v1'));
  const toPo = stats(
    (
      await db.query(
        `SELECT extract(epoch FROM (p.created_at - o.created_at)) * 1000 AS ms FROM ${s('po')}.purchase_orders p JOIN ${s('indent')}.outbox o ON o.id = p.source_event_id WHERE o.created_at >= $1`,
        [windowStart],
      )
    ).rows.map((x) => Number(x.ms)),
  );
  const approval = stats(approveMs);
  const late = stats(lateMs);
  const achieved = answered / ((lastAnswer - start) / 1000);
  console.log('');
  console.log(
    `approval call (POST /indent/approval through the gateway): ${fmt(approval)}; sent behind schedule: p95 ${late.p95} ms, max ${late.max} ms`,
  );
  console.log(
    `achieved: ${sentCount} approvals offered at ${r1(sentCount / sentWindow)}/s (target ${RATE}/s), ${answered} answered 200 at ${r1(achieved)}/s; receipts ${receiptsDone} (${r1(receiptsDone / ((flowDone - start) / 1000))}/s), ${fmt(stats(receiptMs))}${RECEIPTS ? `; PO lists read to find the POs: ${poReads} (${r1(poReads / Math.max(1, answered))} per approval)` : ''}`,
  );
  console.log(`errors: ${errors.size === 0 ? 'none' : [...errors].map(([k, n]) => `${k} x${n}`).join(', ')}`);
  console.log(
    `outbox lag erp.indent.approved.v1 (indent.outbox published_at - created_at): ${fmt(approvedLag)}`,
  );
  console.log(`outbox lag erp.po.created.v1 (po.outbox): ${fmt(poLag)}`);
  console.log(
    `approval written -> its POs written (po.purchase_orders.created_at - indent.outbox.created_at): ${fmt(toPo)}`,
  );

  // CPU: per approval over the approvals' window, and the whole flow's.
  const span = (a, b) => (b - a) / 1000;
  const cpuLine = (c0, c1, seconds, per) =>
    Object.keys(c0)
      .filter((k) => c0[k] != null && c1[k] != null)
      .map(
        (k) =>
          `${k} ${r1((c1[k] - c0[k]) / per)} ms (${Math.round(((c1[k] - c0[k]) / 1000 / seconds) * 100)}%)`,
      )
      .join(', ');
  console.log(
    `CPU per approval while approving (and share of one core): ${cpuLine(cpu0, cpuApprovals, span(start, approvalsDone), Math.max(1, answered))}`,
  );
  console.log(
    `CPU per approval over the whole flow (the receipts and every event included): ${cpuLine(cpu0, cpu1, span(start, flowDone), Math.max(1, answered))}`,
  );
  const sumCpu = (c0, c1) =>
    Object.keys(c0).reduce((t, k) => t + (c0[k] != null && c1[k] != null ? c1[k] - c0[k] : 0), 0);
  const cores = os.availableParallelism();
  console.log(
    `CPU over the whole flow: ${r1(sumCpu(cpu0, cpu1) / 1000)} s in ${r1(span(start, flowDone))} s (${r1(cores * span(start, flowDone))} s of ${cores} cores; nats-server counted whole, it may serve others too)`,
  );

  console.log(
    `PostgreSQL, sampled every 100 ms over the flow (${pgSamples.samples} samples): active backends mean ${r1(pgSamples.meanActive)}, max ${pgSamples.maxActive}; connections mean ${r1(pgSamples.meanConnections)}, max ${pgSamples.maxConnections}`,
  );
  console.log(
    `  what the active backends were doing (share of samples x backends): ${pgSamples.top.map(([k, n]) => `${Math.round((n / pgSamples.total) * 100)}% ${k}`).join(' | ')}`,
  );
  console.log(
    `  waiting on: ${pgSamples.waits.map(([k, n]) => `${Math.round((n / pgSamples.total) * 100)}% ${k}`).join(', ')}`,
  );
  console.log(
    `  lock waits, the waiting statement and what holds the lock: ${pgSamples.blocks.map(([k, n]) => `${Math.round((n / pgSamples.total) * 100)}% ${k}`).join(' | ')}`,
  );

  // Counting.
  const counts = await countAll(db, run, { windowStart, windowEnd, acceptedHundredths, receiptsDone });
  const lagVerdict = approvedLag.p95 <= LAG_BUDGET_MS && poLag.p95 <= LAG_BUDGET_MS;
  console.log('');
  console.log(`lost: ${counts.lost}, duplicated: ${counts.duplicated}`);
  console.log(
    `outbox lag p95 ${approvedLag.p95} ms (indent) / ${poLag.p95} ms (po) at ${r1(achieved)} approvals/s for ${SECONDS} s (budget ${LAG_BUDGET_MS} ms at 50/s for 300 s): ${
      lagVerdict && counts.lost === 0 && counts.duplicated === 0 && achieved >= RATE * 0.98
        ? 'within budget'
        : 'OVER BUDGET'
    }${SECONDS < 300 || RATE < 50 ? ` (${[SECONDS < 300 ? 'shorter' : '', RATE < 50 ? 'slower' : ''].filter(Boolean).join(' and ')} than the budget run)` : ''}`,
  );
  await db.end();
  await pool.close();
} catch (err) {
  if (!interrupted()) console.error(err);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);

/**
 * Where PostgreSQL's time goes, cheaply (pg_stat_statements may not be loaded): the run database's
 * active backends every 100 ms, by statement (its first words) and by what they wait on.
 */
function samplePostgres(url, database) {
  let stopped = false;
  const byQuery = new Map();
  const byWait = new Map();
  const byBlock = new Map();
  let samples = 0;
  let active = 0;
  let maxActive = 0;
  let connections = 0;
  let maxConnections = 0;
  const add = (m, k) => m.set(k, (m.get(k) ?? 0) + 1);
  let failed = null;
  const loop = (async () => {
    const c = await pgClient(url);
    try {
      while (!stopped) {
        const { rows } = await c.query(
          `SELECT a.state, a.wait_event_type, a.wait_event, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 90) AS q,
                  CASE WHEN a.wait_event_type = 'Lock' THEN (SELECT CASE WHEN b.state = 'active' THEN left(regexp_replace(b.query, '\\s+', ' ', 'g'), 70) ELSE b.state || ' after ' || left(regexp_replace(b.query, '\\s+', ' ', 'g'), 60) END
                     FROM pg_stat_activity b WHERE b.pid = (pg_blocking_pids(a.pid))[1] LIMIT 1) END AS blocker
             FROM pg_stat_activity a WHERE a.datname = $1 AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'`,
          [database],
        );
        samples++;
        const busy = rows.filter((x) => x.state === 'active' || x.state === 'idle in transaction');
        active += busy.length;
        maxActive = Math.max(maxActive, busy.length);
        connections += rows.length;
        maxConnections = Math.max(maxConnections, rows.length);
        for (const x of busy) {
          add(
            byQuery,
            x.state === 'idle in transaction' ? '(idle in transaction: the service between statements)' : x.q,
          );
          add(
            byWait,
            x.state === 'idle in transaction'
              ? 'the service (idle in transaction)'
              : x.wait_event_type
                ? `${x.wait_event_type}:${x.wait_event}`
                : 'CPU (no wait event)',
          );
          if (x.blocker) add(byBlock, `${x.q.slice(0, 50)} -> behind: ${x.blocker}`);
        }
        await sleep(100);
      }
    } finally {
      await c.end();
    }
  })().catch((err) => {
    // Sampling is an aid: the run goes on without it.
    failed = err;
  });
  return {
    async stop() {
      stopped = true;
      await loop;
      if (failed) console.log(`(sampling PostgreSQL stopped early: ${failed.message})`);
      const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      return {
        samples,
        total: Math.max(1, active),
        meanActive: active / Math.max(1, samples),
        maxActive,
        meanConnections: connections / Math.max(1, samples),
        maxConnections,
        top: top(byQuery, 8),
        waits: top(byWait, 6),
        blocks: top(byBlock, 6),
      };
    },
  };
}

/**
 * `count` indents waiting for approval copied in SQL from `templates` (prepared through the API), in
 * batches of 1,000, each batch one transaction; returns them as the preparation lists them.
 */
async function copyIndents(db, schema, templates, count) {
  const copies = [];
  for (let done = 0; done < count;) {
    const k = Math.min(1000, count - done);
    // Template of each copy, round robin.
    const from = Array.from({ length: k }, (_, i) => templates[(done + i) % templates.length]);
    const ids = from.map(() => randomUUID());
    await db.query('BEGIN');
    try {
      const { rows } = await db.query(
        `UPDATE ${schema}.indent_numbers SET last = last + $1 RETURNING last - $1 AS first`,
        [k],
      );
      const first = Number(rows[0].first);
      await db.query(`CREATE TEMP TABLE bench_copy (id uuid, template uuid, number bigint) ON COMMIT DROP`);
      await db.query(`INSERT INTO bench_copy SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[])`, [
        ids,
        from.map((t) => t.id),
        ids.map((_, i) => first + 1 + i),
      ]);
      const cols = (
        await db.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'indents' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [schema],
        )
      ).rows.map((x) => x.column_name);
      const set = {
        id: 'c.id',
        indent_number: `'IND-' || lpad(c.number::text, 6, '0')`,
        title: `'Bench indent ' || c.number`,
        search: `lower(concat_ws(' ', 'IND-' || lpad(c.number::text, 6, '0'), 'Bench indent ' || c.number, p.project_code, p.name, t.created_by_name, t.notes, t.location))`,
        created_at: 'now()',
        updated_at: 'now()',
        submitted_at: 'CASE WHEN t.submitted_at IS NULL THEN NULL ELSE now() END',
      };
      await db.query(
        `INSERT INTO ${schema}.indents (${cols.join(', ')})
         SELECT ${cols.map((col) => set[col] ?? `t.${col}`).join(', ')}
           FROM bench_copy c JOIN ${schema}.indents t ON t.id = c.template LEFT JOIN ${schema}.project_snapshots p ON p.project_id = t.project_id
          ORDER BY c.number`,
      );
      const copy = async (table, key, extra = {}) => {
        const cs = (
          await db.query(
            `SELECT column_name, column_default FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
            [schema, table],
          )
        ).rows.filter((x) => !String(x.column_default ?? '').startsWith('nextval('));
        const names = cs.map((x) => x.column_name);
        await db.query(
          `INSERT INTO ${schema}.${table} (${names.join(', ')}) SELECT ${names.map((n) => (n === key ? 'c.id' : (extra[n] ?? `x.${n}`))).join(', ')}
             FROM bench_copy c JOIN ${schema}.${table} x ON x.${key} = c.template`,
        );
      };
      await copy('indent_lines', 'indent_id', { id: 'gen_random_uuid()' });
      await copy('indent_history', 'indent_id', { at: 'now()' });
      await copy('indent_fleet', 'indent_id');
      await db.query('COMMIT');
    } catch (err) {
      await db.query('ROLLBACK');
      throw err;
    }
    copies.push(...from.map((t, i) => ({ ...t, id: ids[i] })));
    done += k;
  }
  return copies;
}

/**
 * Wait until every outbox is published, JetStream has nothing pending and no failure awaits a retry.
 * A backlog that still shrinks is waited for, up to `maxSeconds`; one that has not shrunk for
 * `stallSeconds` is given up on (and reported as what it is: work not done, apart from the counts).
 */
async function settle(run, maxSeconds, stallSeconds = 30) {
  const db = await pgClient(run.adminDbUrl);
  const t = performance.now();
  let least = Infinity;
  let shrunkAt = t;
  try {
    for (;;) {
      const schemas = Object.values(run.schemaOf);
      const pending = await db.query(
        schemas
          .map(
            (sc) =>
              `SELECT '${sc}' AS s, (SELECT count(*) FROM ${sc}.outbox WHERE published_at IS NULL) AS unpublished, (SELECT count(*) FROM ${sc}.consumer_failures) AS failures`,
          )
          .join(' UNION ALL '),
      );
      const busy = pending.rows.filter((x) => Number(x.unpublished) > 0 || Number(x.failures) > 0);
      const js = await streamPending(run.natsNamespace);
      const jsBusy = Object.entries(js).filter(([, n]) => n > 0);
      if (busy.length === 0 && jsBusy.length === 0)
        return { ok: true, seconds: (performance.now() - t) / 1000 };
      const left =
        busy.reduce((sum, x) => sum + Number(x.unpublished) + Number(x.failures), 0) +
        jsBusy.reduce((sum, [, n]) => sum + n, 0);
      if (left < least) {
        least = left;
        shrunkAt = performance.now();
      }
      const why = [
        ...busy.map((x) => `${x.s}: ${x.unpublished} unpublished, ${x.failures} failed events waiting`),
        ...jsBusy.map(([c, n]) => `${c}: ${n} pending`),
      ].join('; ');
      if (performance.now() - t > maxSeconds * 1000)
        return { ok: false, why: `after ${maxSeconds} s: ${why}` };
      if (performance.now() - shrunkAt > stallSeconds * 1000)
        return { ok: false, why: `no progress for ${stallSeconds} s: ${why}` };
      await sleep(500);
    }
  } finally {
    await db.end();
  }
}

/** The counts at the end: each check's lost and duplicated, printed, and their sums. */
async function countAll(db, run, { windowStart, acceptedHundredths, receiptsDone }) {
  const s = (name) => run.schemaOf[name];
  const q = async (sql, params = []) => (await db.query(sql, params)).rows;
  const n = (x) => Number(x ?? 0);
  const checks = [];
  const check = (what, lost, duplicated, detail) => {
    checks.push({ what, lost: n(lost), duplicated: n(duplicated) });
    console.log(
      `  ${n(lost) === 0 && n(duplicated) === 0 ? 'ok  ' : 'FAIL'} ${what}: lost ${n(lost)}, duplicated ${n(duplicated)}${detail ? ` (${detail})` : ''}`,
    );
  };
  console.log('\ncounted at the end (SQL over every schema):');

  // Approved indents: one erp.indent.approved.v1 each, one PO per indent and chosen vendor.
  const [ev] = await q(
    `SELECT (SELECT count(*) FROM ${s('indent')}.indents WHERE status = 'approved') AS approved,
            (SELECT count(*) FROM ${s('indent')}.indents i WHERE status = 'approved' AND NOT EXISTS (SELECT 1 FROM ${s('indent')}.outbox o WHERE o.subject = 'erp.indent.approved.v1' AND (o.envelope->'data'->>'indentId')::uuid = i.id)) AS missing,
            (SELECT count(*) - count(DISTINCT envelope->'data'->>'indentId') FROM ${s('indent')}.outbox WHERE subject = 'erp.indent.approved.v1') AS extra`,
  );
  check(
    'approved indents -> erp.indent.approved.v1 (one each)',
    ev.missing,
    ev.extra,
    `${ev.approved} approved indents`,
  );
  const [pairs] = await q(
    `WITH expected AS (SELECT DISTINCT l.indent_id, l.selected_vendor AS vendor_id FROM ${s('indent')}.indent_lines l JOIN ${s('indent')}.indents i ON i.id = l.indent_id WHERE i.status = 'approved'),
          actual AS (SELECT indent_id, vendor_id, count(*) AS n FROM ${s('po')}.purchase_orders GROUP BY 1, 2)
     SELECT (SELECT count(*) FROM expected) AS expected,
            (SELECT count(*) FROM expected e WHERE NOT EXISTS (SELECT 1 FROM actual a WHERE a.indent_id = e.indent_id AND a.vendor_id = e.vendor_id)) AS missing,
            (SELECT coalesce(sum(n - 1), 0) FROM actual) + (SELECT count(*) FROM actual a WHERE NOT EXISTS (SELECT 1 FROM expected e WHERE e.indent_id = a.indent_id AND e.vendor_id = a.vendor_id)) AS extra,
            (SELECT count(*) FROM ${s('po')}.purchase_orders) AS pos`,
  );
  check(
    'approved indents -> POs (one per indent and vendor)',
    pairs.missing,
    pairs.extra,
    `${pairs.expected} expected, ${pairs.pos} POs`,
  );
  const [seq] = await q(
    `SELECT count(*) AS n, count(DISTINCT po_seq) AS d, coalesce(min(po_seq), 1) AS lo, coalesce(max(po_seq), 0) AS hi, (SELECT last_number FROM ${s('po')}.po_numbers) AS last FROM ${s('po')}.purchase_orders`,
  );
  check(
    'PO numbers 1..N without gaps or repeats',
    n(seq.hi) - n(seq.d) + (n(seq.lo) - 1),
    n(seq.n) - n(seq.d),
    `${seq.n} POs, PO-${String(seq.lo).padStart(6, '0')}..PO-${String(seq.hi).padStart(6, '0')}, last number given ${seq.last}`,
  );
  const [ledger] = await q(
    `WITH adds AS (SELECT po_id, count(*) AS n FROM ${s('vendors')}.ledger_entries WHERE type = 'PO Add' GROUP BY po_id)
     SELECT (SELECT count(*) FROM ${s('po')}.purchase_orders p WHERE NOT EXISTS (SELECT 1 FROM adds a WHERE a.po_id = p.id)) AS missing,
            (SELECT coalesce(sum(n - 1), 0) FROM adds) + (SELECT count(*) FROM adds a WHERE NOT EXISTS (SELECT 1 FROM ${s('po')}.purchase_orders p WHERE p.id = a.po_id)) AS extra,
            (SELECT count(*) FROM ${s('vendors')}.ledger_entries WHERE type = 'PO Add') AS entries`,
  );
  check("one ledger 'PO Add' per PO (vendors)", ledger.missing, ledger.extra, `${ledger.entries} entries`);
  const [onIndent] = await q(
    `SELECT (SELECT count(*) FROM ${s('po')}.purchase_orders p WHERE NOT EXISTS (SELECT 1 FROM ${s('indent')}.indent_pos x WHERE x.po_id = p.id)) AS missing,
            (SELECT count(*) FROM ${s('indent')}.indent_pos x WHERE NOT EXISTS (SELECT 1 FROM ${s('po')}.purchase_orders p WHERE p.id = x.po_id)) AS extra,
            (SELECT count(*) FROM ${s('po')}.purchase_orders p JOIN ${s('indent')}.indent_pos x ON x.po_id = p.id
               LEFT JOIN ${s('indent')}.po_statuses ps ON ps.po_id = p.id WHERE coalesce(ps.status, x.status) <> p.status) AS stale`,
  );
  check(
    "every PO on its indent's list (indent.indent_pos), with its status",
    n(onIndent.missing) + n(onIndent.stale),
    onIndent.extra,
    `${onIndent.stale} with another status than the PO's`,
  );

  // Receipts -> BOQ consumption (projects): each accepted receipt line counted once.
  const [cons] = await q(
    `WITH accepted AS (SELECT rl.receipt_id, l.item_id, rl.accepted_hundredths AS q FROM ${s('po')}.receipt_lines rl JOIN ${s('po')}.po_lines l ON l.id = rl.line_id WHERE rl.accepted_hundredths > 0)
     SELECT (SELECT count(*) FROM accepted a WHERE NOT EXISTS (SELECT 1 FROM ${s('projects')}.boq_receipts b WHERE b.receipt_id = a.receipt_id AND b.item_id = a.item_id)) AS missing,
            (SELECT count(*) FROM ${s('projects')}.boq_receipts b WHERE NOT EXISTS (SELECT 1 FROM accepted a WHERE b.receipt_id = a.receipt_id AND b.item_id = a.item_id)) AS extra,
            (SELECT coalesce(sum(q), 0) FROM accepted) AS accepted,
            (SELECT coalesce(sum(quantity_hundredths), 0) FROM ${s('projects')}.boq_receipts) AS counted,
            (SELECT coalesce(sum(consumed_hundredths), 0) FROM ${s('projects')}.boq_consumption) AS consumed,
            (SELECT coalesce(sum(rl.accepted_hundredths), 0) FROM ${s('po')}.receipt_lines rl JOIN ${s('po')}.receipts r ON r.id = rl.receipt_id WHERE r.received_at >= $1) AS run_accepted,
            (SELECT count(*) FROM ${s('po')}.receipts WHERE received_at >= $1) AS run_receipts`,
    [windowStart],
  );
  const consumedDiff = n(cons.consumed) - n(cons.accepted);
  check(
    'BOQ consumption = accepted receipt quantities (projects.boq_consumption vs po.receipt_lines)',
    n(cons.missing) + (consumedDiff < 0 ? 1 : 0),
    n(cons.extra) + (consumedDiff > 0 ? 1 : 0),
    `accepted ${n(cons.accepted) / 100}, counted per receipt ${n(cons.counted) / 100}, consumed ${n(cons.consumed) / 100}; this run: ${cons.run_receipts} receipts in the database (${receiptsDone} answered), ${n(cons.run_accepted) / 100} accepted (${acceptedHundredths / 100} sent)`,
  );

  // Events: every outbox row published, no dead letters, none waiting for a retry.
  for (const [service, schema] of Object.entries(run.schemaOf)) {
    const [o] = await q(
      `SELECT (SELECT count(*) FROM ${schema}.outbox) AS rows, (SELECT count(*) FROM ${schema}.outbox WHERE published_at IS NULL) AS unpublished,
              (SELECT count(*) FROM ${schema}.dead_letters) AS dead, (SELECT count(*) FROM ${schema}.consumer_failures) AS failing`,
    );
    check(
      `${service}: outbox published, no dead letters, no failed events waiting`,
      n(o.unpublished) + n(o.dead) + n(o.failing),
      0,
      `${o.rows} outbox rows, ${o.unpublished} unpublished, ${o.dead} dead letters, ${o.failing} waiting for a retry`,
    );
  }

  // Inbox rows = events, per consumer and subject, for the events written since the run began.
  // Which consumer takes which subject: what its inbox holds at all (the demo data went through
  // every consumer of the main flow).
  const schemas = Object.values(run.schemaOf);
  const outboxAll = schemas
    .map((sc) => `SELECT id, subject, created_at FROM ${sc}.outbox`)
    .join(' UNION ALL ');
  const consumers = await q(
    schemas
      .map((sc) => `SELECT DISTINCT '${sc}' AS schema, consumer, subject FROM ${sc}.inbox`)
      .join(' UNION ALL '),
  );
  let inboxLost = 0;
  let inboxExtra = 0;
  const perConsumer = [];
  for (const c of consumers) {
    const [x] = await q(
      `WITH events AS (SELECT id FROM (${outboxAll}) o WHERE o.subject = $1 AND o.created_at >= $2),
            seen AS (SELECT event_id FROM ${c.schema}.inbox WHERE consumer = $3 AND subject = $1 AND handled_at >= $2)
       SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM seen) AS inbox,
              (SELECT count(*) FROM events e WHERE NOT EXISTS (SELECT 1 FROM ${c.schema}.inbox i WHERE i.consumer = $3 AND i.event_id = e.id)) AS missing,
              (SELECT count(*) FROM seen i WHERE NOT EXISTS (SELECT 1 FROM (${outboxAll}) o WHERE o.id = i.event_id)) AS unknown`,
      [c.subject, windowStart, c.consumer],
    );
    inboxLost += n(x.missing);
    inboxExtra += n(x.unknown);
    if (n(x.events) > 0 || n(x.inbox) > 0)
      perConsumer.push(`${c.consumer} ${c.subject.replace(/^erp\./, '')} ${x.inbox}/${x.events}`);
  }
  check(
    'inbox rows = events per consumer (written since the run began)',
    inboxLost,
    inboxExtra,
    perConsumer.join(', '),
  );

  // JetStream: one message per event id (duplicates within the window dropped by Nats-Msg-Id).
  const inStream = await streamSubjectCounts(run.natsNamespace);
  const inOutbox = Object.fromEntries(
    (await q(`SELECT subject, count(*) AS n FROM (${outboxAll}) o GROUP BY subject`)).map((x) => [
      x.subject,
      n(x.n),
    ]),
  );
  let streamLost = 0;
  let streamExtra = 0;
  for (const subject of new Set([...Object.keys(inStream), ...Object.keys(inOutbox)])) {
    const d = (inStream[subject] ?? 0) - (inOutbox[subject] ?? 0);
    if (d < 0) streamLost -= d;
    else streamExtra += d;
  }
  check(
    'JetStream messages per subject = outbox rows',
    streamLost,
    streamExtra,
    ['erp.indent.approved.v1', 'erp.po.created.v1', 'erp.po.receipt_recorded.v1', 'erp.po.status_changed.v1']
      .map((x) => `${x.replace(/^erp\./, '')} ${inStream[x] ?? 0}/${inOutbox[x] ?? 0}`)
      .join(', '),
  );

  return {
    lost: checks.reduce((t, c) => t + c.lost, 0),
    duplicated: checks.reduce((t, c) => t + c.duplicated, 0),
  };
}
