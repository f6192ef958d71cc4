// Budget (issue 3): importing 10,000 rows of items with vendor prices takes at most 20 s, from the
// upload until the job reports done. Embedded mode (PGlite) unless BENCH_DATABASE_URL is set.
// The file mixes new items (several vendor prices each), updates of those items and refused rows,
// as a purchaser's price sheet would.
import { randomBytes } from 'node:crypto';
import { freshBenchDatabase, json, signIn, startProcess } from './lib/system.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const env = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
const db = await freshBenchDatabase();
if (db) env.DATABASE_URL = db.url;

function csvFile(vendors, rows, tag, raise) {
  const lines = ['Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes'];
  const units = ['bags', 'kg', 'CBM', 'pcs', 'sheets', 'tons', 'meters'];
  for (let i = 0; lines.length <= rows; i++) {
    const item = `Bench ${tag} material ${i}`;
    // Three vendor prices per item; every 50th row has a refusable price (0).
    for (let k = 0; k < 3 && lines.length <= rows; k++) {
      const v = vendors[(i + k) % vendors.length];
      // The second upload raises every third item's prices by a rupee (updates with price history).
      const base = 100 + ((i * 7 + k * 13) % 900) + 0.5 + (raise && i % 3 === 0 ? 1 : 0);
      const price = lines.length % 50 === 0 ? '0' : base.toFixed(2);
      lines.push(`"${item}",${units[i % units.length]},"${v}",${price},18,1,active,bench`);
    }
  }
  return lines.join('\n');
}

const sys = await startProcess('gateway/dist/main.js', env);
try {
  const token = await signIn(sys.base);
  const auth = { authorization: `Bearer ${token}` };
  // The catalog learns vendors from the vendors service's events, a moment after a first start:
  // wait until it knows every demo vendor (their demo prices come back as item counts), or rows
  // naming a vendor it has not heard of yet are refused and the pass does less work.
  let listed = [];
  for (let tries = 0; tries < 300; tries++) {
    listed = (
      await json(await fetch(`${sys.base}/api/v1/vendors/all?limit=100&status=active`, { headers: auth }))
    ).vendors;
    if (listed.length > 0 && listed.every((v) => v.totalItems > 0)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const vendors = listed.map((v) => v.name);
  const tag = randomBytes(3).toString('hex');
  const results = [];
  for (const [pass, raise] of [
    ['new items', false],
    ['the file again, a third of prices raised', true],
  ]) {
    const body = new FormData();
    body.append('file', new Blob([csvFile(vendors, ROWS, tag, raise)], { type: 'text/csv' }), 'prices.csv');
    const t0 = performance.now();
    let job = await json(
      await fetch(`${sys.base}/api/v1/items/import`, { method: 'POST', headers: auth, body }),
    );
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = await json(await fetch(`${sys.base}/api/v1/items/import/${job._id}`, { headers: auth }));
    }
    const ms = performance.now() - t0;
    results.push(ms);
    console.log(
      `${pass.padEnd(40)} ${(ms / 1000).toFixed(1)} s  rows ${job.totalRows}: created ${job.created}, updated ${job.updated}, unchanged ${job.unchanged}, refused ${job.refused} (${job.status})`,
    );
  }
  const worst = Math.max(...results) / 1000;
  console.log(
    `\nimport of ${ROWS} rows: ${worst.toFixed(1)} s at worst (budget 20 s, ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${worst <= 20 ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await sys.stop();
  await db?.drop();
}
