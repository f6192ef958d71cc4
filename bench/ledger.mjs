// Budgets (issue 13, vendor ledgers), through the gateway at 20 concurrent connections on PostgreSQL:
// - a vendor's ledger of 50,000 entries opens (first page with its summary) in at most 50 ms p95;
// - the vendor accounts list over 5,000 vendors, sorted by outstanding, in at most 30 ms p95;
// - the balance check (npm run ledger:check) over 1,000,000 entries in at most 10 s.
// PostgreSQL with BENCH_DATABASE_URL (a fresh database, dropped afterwards), PGlite otherwise.
//
// After a first start has migrated and seeded the demo, the data is generated with SQL in the
// vendors service's schema, as the service itself would have written it: BENCH_VENDORS vendors
// (default 5,000) after the demo's five; BENCH_ENTRIES ledger entries (default 1,000,000), of which
// 50,000 (BENCH_BIG) on one vendor's ledger and the rest spread over 4,000 vendors (the last 1,000
// have none, and list with 0); three PO Adds to a payment, dated over three years, each entry's
// balance_after the running sum; the kept accounts (each vendor's row made by the vendors table's
// trigger) summed from the entries; 1,000 open overbilling cases (fewer with fewer vendors). The check must then find nothing.
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startOnGeneratedData } from './lib/project-data.mjs';
import { json, root, signIn } from './lib/system.mjs';
import { measureListCase, repeatInBackground } from './lib/list-cases.mjs';

const VENDORS = Number(process.env.BENCH_VENDORS ?? 5_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const BIG = Number(process.env.BENCH_BIG ?? 50_000);
const WITH_ENTRIES = Math.min(VENDORS, 4_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const LEDGER_BUDGET_MS = 50;
const ACCOUNTS_BUDGET_MS = 30;
const CHECK_BUDGET_MS = 10_000;

const vendorUuid = (k) => {
  const h = createHash('md5').update(`bench vendor ${k}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
// Entries per vendor: BIG on vendor 1, the rest shared by vendors 2..WITH_ENTRIES.
const PER = Math.max(1, Math.ceil((ENTRIES - BIG) / (WITH_ENTRIES - 1)));

const generate = [
  `INSERT INTO vendors.vendors (id, display_no, vendor_id, name, contact_person, phone_number, email, address, gstin, payment_terms, status, created_at, updated_at)
   SELECT md5('bench vendor ' || k)::uuid, 5 + k, 'VEN-' || lpad((5 + k)::text, 4, '0'),
          (ARRAY['Deccan','Sahyadri','Pune','Shree Balaji','Kalyan','Western','श्री गणेश','Apex','Bharat','Mahalaxmi','Konkan','Vidarbha','Om Sai','Jai Hind','Godavari','Narmada','Rajdhani','Sunrise','Star','Modern'])[1 + k % 20] || ' ' ||
          (ARRAY['Steel Suppliers','Cement Agencies','Bricks','Sand and Aggregates','Hardware','Pipes and Fittings','Electricals','Timber'])[1 + (k / 20) % 8] || ' ' || k,
          'Amit Kale', '98' || lpad(k::text, 8, '0'), 'accounts' || k || '@vendor.example', 'Plot ' || k || ', MIDC Bhosari, Pune', '27AAPFU0939F1ZV',
          30 + k % 31, CASE WHEN k % 10 = 0 THEN 'inactive' ELSE 'active' END, now() - k * interval '1 hour', now()
     FROM generate_series(1, ${VENDORS}) k`,
  `SELECT setval('vendors.vendor_display_seq', ${5 + VENDORS})`,
  `INSERT INTO vendors.ledger_entries (id, vendor_id, seq, type, amount_paise, effect, balance_after_paise, date, reference, method, po_id, po_number, notes,
                                       entered_by_name, created_at)
   SELECT gen_random_uuid(), vendor_id, seq, CASE WHEN pay THEN 'Payment' ELSE 'PO Add' END, amount, CASE WHEN pay THEN -1 ELSE 1 END,
          sum(CASE WHEN pay THEN -amount ELSE amount END) OVER (PARTITION BY vendor_id ORDER BY seq ROWS UNBOUNDED PRECEDING),
          (current_date - ((n - seq) * 1095 / n)::integer),
          CASE WHEN pay THEN 'UTR' || vno || 'N' || seq ELSE 'PO-' || vno || '-' || seq END,
          CASE WHEN pay THEN 'NEFT' END,
          CASE WHEN pay THEN NULL ELSE gen_random_uuid() END,
          CASE WHEN pay THEN NULL ELSE 'PO-' || vno || '-' || seq END,
          CASE WHEN pay THEN 'Part payment' ELSE 'Indent IND-' || vno END,
          CASE WHEN pay THEN 'Rahul Deshmukh' ELSE 'Demo Admin' END,
          now() - (n - seq) * interval '1 day' * 1095 / n
     FROM (SELECT md5('bench vendor ' || v.k)::uuid AS vendor_id, v.k AS vno, v.n, s.seq, (s.seq % 4 = 0) AS pay,
                  (100000 + ((v.k::bigint * 7919 + s.seq::bigint * 104729) % 50000000))::bigint AS amount
             FROM (SELECT k, CASE WHEN k = 1 THEN ${BIG} ELSE ${PER} END AS n FROM generate_series(1, ${WITH_ENTRIES}) k) v
            CROSS JOIN LATERAL generate_series(1, v.n) s(seq)) x`,
  `INSERT INTO vendors.ledger_accounts (vendor_id, vendor_name, last_seq, outstanding_paise, ordered_paise, paid_paise, last_activity)
   SELECT vendor_id, '', max(seq), sum(amount_paise * effect), coalesce(sum(amount_paise) FILTER (WHERE type = 'PO Add'), 0),
          coalesce(sum(amount_paise) FILTER (WHERE type = 'Payment'), 0), max(created_at)
     FROM vendors.ledger_entries GROUP BY vendor_id
   ON CONFLICT (vendor_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, outstanding_paise = EXCLUDED.outstanding_paise, ordered_paise = EXCLUDED.ordered_paise,
          paid_paise = EXCLUDED.paid_paise, last_activity = EXCLUDED.last_activity
   WHERE ledger_accounts.last_seq = 0`,
  `INSERT INTO vendors.overbill_cases (id, vendor_id, vendor_name, po_id, po_number, receipt_id, invoice_number, invoice_amount_paise, expected_amount_paise, delta_paise, opened_at)
   SELECT gen_random_uuid(), md5('bench vendor ' || k)::uuid, 'Bench vendor', gen_random_uuid(), 'PO-' || k || '-1', gen_random_uuid(), 'INV/' || k,
          3250000 + k, 3250000, k, now() - k * interval '1 hour'
     FROM generate_series(2, ${Math.min(1001, VENDORS)}) k`,
  `UPDATE vendors.ledger_accounts a SET open_overbill_count = o.n, open_overbill_paise = o.amount
     FROM (SELECT vendor_id, count(*) AS n, sum(delta_paise) AS amount FROM vendors.overbill_cases WHERE status = 'Open' GROUP BY vendor_id) o
    WHERE o.vendor_id = a.vendor_id`,
  ...['vendors', 'ledger_entries', 'ledger_accounts', 'overbill_cases'].map(
    (t) => `VACUUM ANALYZE vendors.${t}`,
  ),
];

const { sys, fresh, kind, dataDir } = await startOnGeneratedData(
  generate,
  `${VENDORS.toLocaleString('en-IN')} vendors, ${ENTRIES.toLocaleString('en-IN')} ledger entries (${BIG.toLocaleString('en-IN')} on one vendor)`,
);
const results = {};
const checks = [];
const { runLedgerCheckCli } = await import(
  pathToFileURL(path.join(root, 'services/vendors/dist/plugins/ledger-check-cli.js')).href
);
/** npm run ledger:check as the command runs it (its own connection), timed. */
async function timedCheck(env) {
  const lines = [];
  const t0 = performance.now();
  const code = await runLedgerCheckCli([], env, (t) => lines.push(t));
  const ms = Math.round(performance.now() - t0);
  console.log(`ledger:check exit ${code} in ${ms} ms: ${lines.join(' ').slice(0, 300)}`);
  checks.push({ ms, code });
}
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const accountant = { authorization: `Bearer ${await signIn(sys.base, '9000000003')}` };
  const big = vendorUuid(1);
  const ledger = await fetch(`${sys.base}/api/v1/vendorTransaction/${big}?limit=1`, {
    headers: accountant,
  }).then(json);
  const accounts = await fetch(`${sys.base}/api/v1/vendorTransaction?limit=1`, { headers: accountant }).then(
    json,
  );
  console.log(
    `the big ledger: ${ledger.totalItems} entries, outstanding ${ledger.summary.outstanding}; accounts listed: ${accounts.totalItems}, open overbilling ${accounts.openOverbilling}`,
  );

  // The screens ask a ledger 25 entries a page and the accounts 100 a page (mfe-vendors' pacts).
  const cases = [
    [
      'ledger of 50,000: first page (25) with summary',
      accountant,
      `vendorTransaction/${big}?limit=25&offset=0`,
      LEDGER_BUDGET_MS,
    ],
    ['ledger of 50,000: first page (10)', accountant, `vendorTransaction/${big}?limit=10`, LEDGER_BUDGET_MS],
    [
      'ledger of 50,000: last 3 months (25)',
      accountant,
      `vendorTransaction/${big}?limit=25&offset=0&range=3months`,
      LEDGER_BUDGET_MS,
    ],
    [
      'ledger of 50,000: last month (25)',
      accountant,
      `vendorTransaction/${big}?limit=25&offset=0&range=lastMonth`,
      LEDGER_BUDGET_MS,
    ],
    [
      'ledger of 50,000: page 40 (offset 975)',
      accountant,
      `vendorTransaction/${big}?limit=25&offset=975`,
      LEDGER_BUDGET_MS,
    ],
    ['ledger of 50,000: first page (100)', accountant, `vendorTransaction/${big}?limit=100`, null],
    [
      'ledger of 50,000: keyword (a UTR)',
      accountant,
      `vendorTransaction/${big}?limit=25&keyword=utr1n4`,
      null,
    ],
    [
      'ledger of 50,000: first page (25), a payment every 100 ms',
      accountant,
      `vendorTransaction/${big}?limit=25&offset=0`,
      LEDGER_BUDGET_MS,
      'writing',
    ],
    [
      'accounts by outstanding (100)',
      accountant,
      'vendorTransaction?limit=100&offset=0&sort=-outstanding',
      ACCOUNTS_BUDGET_MS,
    ],
    ['accounts by outstanding (10)', accountant, 'vendorTransaction?limit=10', ACCOUNTS_BUDGET_MS],
    [
      'accounts by outstanding, low first (100)',
      accountant,
      'vendorTransaction?limit=100&sort=outstanding',
      ACCOUNTS_BUDGET_MS,
    ],
    ['accounts by name (100)', accountant, 'vendorTransaction?limit=100&sort=name', null],
    ['accounts by last activity (100)', accountant, 'vendorTransaction?limit=100&sort=-lastActivity', null],
    ['accounts, keyword deccan (100)', accountant, 'vendorTransaction?limit=100&keyword=deccan', null],
    [
      'accounts by outstanding (100), a payment every 100 ms',
      accountant,
      'vendorTransaction?limit=100&offset=0&sort=-outstanding',
      ACCOUNTS_BUDGET_MS,
      'writing',
    ],
  ];
  let paid = 0;
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  /** A payment on the big ledger every 100 ms until stopped, as the Accountant's dialog sends it. */
  function keepPaying() {
    return repeatInBackground(async () => {
      await json(
        await fetch(`${sys.base}/api/v1/vendorTransaction/${big}/payments`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: 10.5,
            date: today,
            method: 'IMPS',
            reference: `BENCH-${randomUUID()}`,
            requestKey: randomUUID(),
          }),
        }),
      );
      paid++;
    });
  }
  const only = process.env.BENCH_CASE;
  for (const [name, headers, p, budget, how = ''] of cases) {
    if (only && !name.includes(only)) continue;
    const before = paid;
    const stopWriting = how === 'writing' ? keepPaying() : null;
    const { answer, measured: r } = await measureListCase(sys, fresh, {
      path: p,
      headers,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
    });
    await stopWriting?.();
    results[name] = {
      budget,
      rows: answer.result.length,
      totalItems: answer.totalItems,
      ...r,
      ...(stopWriting ? { payments: paid - before } : {}),
    };
    console.log(`${name.padEnd(58)} ${JSON.stringify(results[name])}`);
  }
  // On PostgreSQL the check reads while the system runs; PGlite is one process's database (below, after the stop).
  if (fresh && (!only || 'check'.includes(only)))
    for (let i = 0; i < 3; i++) await timedCheck({ DATABASE_URL: fresh.url });
} finally {
  await sys.stop();
  if (!fresh && (!process.env.BENCH_CASE || 'check'.includes(process.env.BENCH_CASE)))
    await timedCheck({ DATA_DIR: dataDir });
  rmSync(dataDir, { recursive: true, force: true });
  await fresh?.drop();
}
console.log('');
for (const [name, r] of Object.entries(results)) {
  const verdict =
    r.budget === null ? '(no budget of its own)' : r.p95 <= r.budget ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections${r.budget ? ` (budget ${r.budget} ms on PostgreSQL; ${kind})` : ` (${kind})`}: ${verdict}`,
  );
}
for (const c of checks) {
  console.log(
    `ledger:check over ${ENTRIES.toLocaleString('en-IN')} entries: ${c.ms} ms, exit ${c.code} (budget ${CHECK_BUDGET_MS} ms; ${kind}): ${c.ms <= CHECK_BUDGET_MS && c.code === 0 ? 'within budget' : 'OVER BUDGET or mismatches'}`,
  );
}
