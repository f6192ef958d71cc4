// Budget (BOQ import): importing a 2,000-line BOQ takes at most 10 s: the preview of the uploaded
// XLSX (POST /api/v1/boq/import: read, check, resolve every item) and saving the BOQ from it
// (POST /api/v1/boq), through the gateway. The target for the preview alone is under 1 s. PGlite, or
// PostgreSQL with BENCH_DATABASE_URL (a fresh database, dropped afterwards).
//
// The 2,000 items are created in the catalog by its own import (a CSV of names and units); the
// projects service learns them from erp.catalog.item_upserted.v1, as in production. The BOQ file is
// an XLSX written with exceljs: S.No, Item (names in other letter cases), Unit, Quantity, Rate,
// Remark, Amount, as a tender BOQ would have them.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { freshBenchDatabase, json, signIn, startProcess } from './lib/system.mjs';

const LINES = Number(process.env.BENCH_LINES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_S = 10;
const PREVIEW_TARGET_MS = 1000;
const UNITS = ['bags', 'kg', 'CBM', 'pcs', 'sheets', 'tons', 'meters'];

const env = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
const db = await freshBenchDatabase();
if (db) env.DATABASE_URL = db.url;
const kind = db ? 'PostgreSQL' : 'PGlite';
const tag = randomBytes(3).toString('hex');
const itemName = (i) => `Bench ${tag} BOQ material ${String(i).padStart(4, '0')}`;

async function boqWorkbook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('BOQ');
  ws.addRow(['S.No', 'Item', 'Unit', 'Quantity', 'Rate', 'Remark', 'Amount']);
  for (let i = 0; i < LINES; i++) {
    const qty = Math.round((10 + ((i * 37) % 5000) + ((i * 7) % 100) / 100) * 100) / 100;
    const rate = Math.round((50 + ((i * 13) % 9000) + ((i * 3) % 100) / 100) * 100) / 100;
    const name = i % 3 === 0 ? itemName(i).toUpperCase() : itemName(i);
    ws.addRow([
      i + 1,
      name,
      UNITS[i % UNITS.length],
      qty,
      rate,
      i % 10 === 0 ? `Block ${1 + (i % 4)}, floor ${i % 14}` : '',
      Math.round(qty * rate * 100) / 100,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const sys = await startProcess('gateway/dist/main.js', env);
try {
  const auth = { authorization: `Bearer ${await signIn(sys.base)}` };
  // 1. The item master: the catalog imports the items; their item_upserted events reach the projects service.
  const csv = [
    'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes',
    ...Array.from({ length: LINES }, (_, i) => `"${itemName(i)}",${UNITS[i % UNITS.length]},,,,,,`),
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'items.csv');
  let job = await json(
    await fetch(`${sys.base}/api/v1/items/import`, { method: 'POST', headers: auth, body: form }),
  );
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    job = await json(await fetch(`${sys.base}/api/v1/items/import/${job._id}`, { headers: auth }));
  }
  console.log(
    `catalog import of ${LINES} items: created ${job.created}, refused ${job.refused} (${job.status})`,
  );

  const file = await boqWorkbook();
  console.log(`BOQ workbook: ${LINES} lines, ${(file.length / 1024).toFixed(0)} KB`);
  const preview = async () => {
    const body = new FormData();
    body.append('file', new Blob([file]), 'tender-boq.xlsx');
    const t0 = performance.now();
    const p = await json(
      await fetch(`${sys.base}/api/v1/boq/import`, { method: 'POST', headers: auth, body }),
    );
    return { p, ms: performance.now() - t0 };
  };
  // 2. Wait until the projects service knows every item (the events are asynchronous).
  const until = Date.now() + 120_000;
  let first;
  for (;;) {
    first = await preview();
    if (first.p.lines.length === LINES || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(
    `preview: ${first.p.lines.length} lines accepted, ${first.p.refused.length} refused, ${first.p.unknownItems.length} unknown items`,
  );
  if (first.p.lines.length !== LINES) throw new Error('the projects service did not learn every item');

  // 3. Timed: the preview, then saving a BOQ from its lines, RUNS times.
  const [project] = (await json(await fetch(`${sys.base}/api/v1/project?limit=1`, { headers: auth }))).result;
  const previews = [];
  const totals = [];
  let saveStatus = 'not tried';
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const { p, ms } = await preview();
    previews.push(ms);
    const res = await fetch(`${sys.base}/api/v1/boq`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: project._id,
        name: `Bench tender BOQ ${tag} ${run + 1}`,
        status: 'draft',
        items: p.lines.map((l) => ({
          item: l.item._id,
          plannedQty: l.plannedQty,
          unit: l.unit,
          rate: l.rate,
          remark: l.remark,
        })),
      }),
    });
    saveStatus =
      res.status === 201 ? 'saved' : `save answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    if (res.status === 201) await res.arrayBuffer();
    totals.push(performance.now() - t0);
    console.log(
      `run ${run + 1}: preview ${ms.toFixed(0)} ms, preview + save ${(totals.at(-1) ?? 0).toFixed(0)} ms (${saveStatus})`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const worstTotal = Math.max(...totals) / 1000;
  console.log('');
  console.log(
    `BOQ import preview of ${LINES} lines: median ${median(previews).toFixed(0)} ms, worst ${Math.max(...previews).toFixed(0)} ms (target ${PREVIEW_TARGET_MS} ms, ${kind}): ${Math.max(...previews) <= PREVIEW_TARGET_MS ? 'within target' : 'OVER TARGET'}`,
  );
  console.log(
    `BOQ import of ${LINES} lines (preview + save): median ${(median(totals) / 1000).toFixed(2)} s, worst ${worstTotal.toFixed(2)} s (budget ${BUDGET_S} s, ${kind}): ${worstTotal <= BUDGET_S && saveStatus === 'saved' ? 'within budget' : 'OVER BUDGET or not saved'}`,
  );
} finally {
  await sys.stop();
  await db?.drop();
}
