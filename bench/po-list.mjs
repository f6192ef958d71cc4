// Budget (issue on the PO list): the PO list (GET /api/v1/po) over 200,000 POs through the gateway at
// 20 concurrent connections on PostgreSQL: p95 at most 30 ms. PostgreSQL with BENCH_DATABASE_URL (a
// fresh database, dropped afterwards), PGlite otherwise.
//
// After a first start has migrated and seeded the demo, the data is generated with SQL in the PO
// service's schema, as approvals and receipts would leave it: BENCH_POS purchase orders (default
// 200,000) of 3 lines each, 8 minutes apart (about three years), three per indent, over 500 projects
// (the demo project gets 1 indent in 100, so the demo Employee's list is a real subset) and 400
// vendors (a few with Devanagari names). The newest tenth are mostly Open or Partial, older ones
// mostly Closed (about 18% active in all), with what was received on their lines to match; numbered
// after the demo's POs.
import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { startOnGeneratedData } from './lib/project-data.mjs';
import { json, signIn } from './lib/system.mjs';
import { measureListCase, repeatInBackground } from './lib/list-cases.mjs';

const POS = Number(process.env.BENCH_POS ?? 200_000);
const PROJECTS = 500;
const VENDORS = 400;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const BUDGET_MS = 30;
// The demo's first project, from the demo's own POs (the seed made it through the API, so its id is the system's).
const SKYLINE = `(SELECT project_id FROM po.purchase_orders WHERE project_code = 'PRJ-0001' LIMIT 1)`;

// A line's quantity (hundredths), unit price and GST (paise) and grand total, from the PO's g and the
// line's l: the same expressions make the lines and their PO's totals, so they agree.
const Q = (g, l) => `((1 + (${g} * 7 + ${l} * 31) % 400) * 100 + ((${g} + ${l}) % 4) * 25)::bigint`;
const PRICE = (g, l) => `(2500 + (${g} * 13 + ${l} * 101) % 150000)::bigint`;
const GST = (g, l) => `(${PRICE(g, l)} * 18 / 100)`;
const TOTAL = (g, l) => `((${Q(g, l)} * (${PRICE(g, l)} + ${GST(g, l)}) + 50) / 100)`;
// Newest tenth: 60% Open, 30% Partial; older: 4% Open, 6% Partial; the rest Closed.
const STATUS = (
  g,
) => `CASE WHEN ${g} > ${Math.floor(POS * 0.9)} THEN (CASE WHEN (${g} * 37) % 10 < 6 THEN 'Open' WHEN (${g} * 37) % 10 < 9 THEN 'Partial' ELSE 'Closed' END)
                            ELSE (CASE WHEN (${g} * 37) % 50 < 2 THEN 'Open' WHEN (${g} * 37) % 50 < 5 THEN 'Partial' ELSE 'Closed' END) END`;

const generate = [
  // Built again by the service on start: one build of 200,000 rows is far quicker than as many inserts into it.
  `DROP INDEX IF EXISTS po.purchase_orders_search_trgm`,
  // The kept counts are counted once afterwards, as migration 004 counted existing POs: the row
  // trigger would update the three per-status totals 200,000 times in one transaction, each update
  // walking the chain of versions the earlier ones left (minutes, growing with the square).
  `ALTER TABLE po.purchase_orders DISABLE TRIGGER purchase_orders_counted_insert`,
  `CREATE TABLE po.bench_projects AS
   SELECT k, gen_random_uuid() AS id, 'PRJ-' || lpad((100 + k)::text, 4, '0') AS code,
          (ARRAY['Skyline','Green Valley','Sai Krupa','Shree Ganesh','Lakeview','Silver Oak','Orchid','Riverside','सह्याद्री','Royal Palms'])[1 + k % 10] || ' ' ||
          (ARRAY['Residency','Heights','Towers','Business Park','Villas','IT Park'])[1 + k % 6] || ', ' ||
          (ARRAY['Pune','Mumbai','Nashik','Nagpur','Thane','Bengaluru','Hyderabad','Chennai','Surat','Jaipur'])[1 + (k / 10) % 10] AS name
     FROM generate_series(0, ${PROJECTS - 1}) k`,
  `CREATE TABLE po.bench_vendors AS
   SELECT k, gen_random_uuid() AS id,
          (ARRAY['Deccan','Sahyadri','Pune','Shree Balaji','Kalyan','Western','श्री गणेश','Apex','Bharat','Mahalaxmi','Konkan','Vidarbha','Om Sai','Jai Hind','Godavari','Narmada','Rajdhani','Sunrise','Star','Modern'])[1 + k % 20] || ' ' ||
          (ARRAY['Steel Suppliers','Cement Agencies','Bricks','Sand & Aggregates','Hardware','Pipes & Fittings','Electricals','Timber'])[1 + (k / 20) % 8] || ' ' || k AS name
     FROM generate_series(0, ${VENDORS - 1}) k`,
  `WITH s AS (SELECT last_number AS base FROM po.po_numbers),
        c AS (SELECT ${POS}::bigint AS n)
   INSERT INTO po.purchase_orders (id, po_seq, po_number, status, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
                                   project_code, boq_id, boq_number, boq_name, created_by, created_by_name, approved_by, approved_by_name, order_date,
                                   fleet_paise, fleet_gst_paise, lines_total_paise, amount_paise, item_count, source_event_id, created_at, updated_at)
   SELECT gen_random_uuid(), s.base + g, 'PO-' || lpad((s.base + g)::text, 6, '0'), ${STATUS('g')},
          md5('bench indent ' || (g / 3))::uuid, 'IND-' || lpad((100000 + g / 3)::text, 6, '0'),
          (ARRAY['Slab casting','Column reinforcement','Masonry','Plaster materials','Plumbing','Electrical conduits','Waterproofing'])[1 + (g / 3) % 7] || ', floor ' || (1 + (g / 3) % 14),
          v.id, v.name,
          CASE WHEN (g / 3) % 100 = 0 THEN ${SKYLINE} ELSE p.id END,
          CASE WHEN (g / 3) % 100 = 0 THEN 'Skyline Residency' ELSE p.name END,
          CASE WHEN (g / 3) % 100 = 0 THEN 'PRJ-0001' ELSE p.code END,
          md5('bench boq ' || p.k)::uuid, 'BOQ-' || (1000 + p.k), 'Civil works',
          md5('bench member ' || g % 4)::uuid::text, (ARRAY['Sandeep Patil','Anil Jadhav','Meera Iyer','Ravi Kumar'])[1 + g % 4],
          md5('bench admin')::uuid::text, 'Demo Admin',
          now() - (c.n - g) * interval '8 minutes',
          CASE WHEN g % 4 = 0 THEN 0 ELSE 150000 + (g % 7) * 10000 END,
          CASE WHEN g % 4 = 0 THEN 0 ELSE (150000 + (g % 7) * 10000) * 18 / 100 END,
          t.total,
          t.total + CASE WHEN g % 4 = 0 THEN 0 ELSE (150000 + (g % 7) * 10000) + (150000 + (g % 7) * 10000) * 18 / 100 END,
          3, gen_random_uuid(),
          now() - (c.n - g) * interval '8 minutes', now() - (c.n - g) * interval '8 minutes' + (g % 9) * interval '1 day'
     FROM generate_series(1, ${POS}) g CROSS JOIN s CROSS JOIN c
     JOIN po.bench_vendors v ON v.k = g % ${VENDORS}
     JOIN po.bench_projects p ON p.k = ((g / 3) * 7) % ${PROJECTS}
     CROSS JOIN LATERAL (SELECT sum(${TOTAL('g', 'l')})::bigint AS total FROM generate_series(1, 3) l) t`,
  `WITH s AS (SELECT last_number AS base FROM po.po_numbers)
   INSERT INTO po.po_lines (id, po_id, line_no, item_id, item_name, unit, quantity_hundredths, received_hundredths, price_paise, gst_paise, unit_total_paise, total_paise)
   SELECT gen_random_uuid(), p.id, l, md5('bench item ' || (p.po_seq * 37 + l * 101) % 1000)::uuid,
          (ARRAY['TMT bar','Cement OPC 53','AAC block','River sand','Binding wire','PVC pipe','Plywood'])[1 + (p.po_seq + l) % 7] || ' ' || (p.po_seq * 37 + l * 101) % 1000,
          (ARRAY['kg','bags','pcs','CBM','kg','meters','sheets'])[1 + (p.po_seq + l) % 7],
          ${Q('x.g', 'l')},
          CASE p.status WHEN 'Closed' THEN ${Q('x.g', 'l')} WHEN 'Partial' THEN CASE WHEN l = 1 THEN ${Q('x.g', 'l')} / 2 ELSE 0 END ELSE 0 END,
          ${PRICE('x.g', 'l')}, ${GST('x.g', 'l')}, ${PRICE('x.g', 'l')} + ${GST('x.g', 'l')}, ${TOTAL('x.g', 'l')}
     FROM po.purchase_orders p CROSS JOIN s CROSS JOIN LATERAL (SELECT p.po_seq - s.base AS g) x CROSS JOIN generate_series(1, 3) l
    WHERE p.po_seq > s.base`,
  `UPDATE po.po_numbers SET last_number = last_number + ${POS}`,
  `DELETE FROM po.po_counts`,
  `INSERT INTO po.po_counts (project_id, status, n) SELECT project_id, status, count(*) FROM po.purchase_orders GROUP BY project_id, status`,
  `ALTER TABLE po.purchase_orders ENABLE TRIGGER purchase_orders_counted_insert`,
  `DROP TABLE po.bench_projects`,
  `DROP TABLE po.bench_vendors`,
];
// The counts' deleted rows and list_changes' (each generated statement moved the list's generation)
// would be cleared by the next autovacuum; the bench measures after it, not during it, with the
// planner's statistics of the new rows and the visibility map that lets a page's numbers come from
// an index alone.
const maintenance = ['purchase_orders', 'po_lines', 'po_counts', 'list_changes'].map(
  (t) => `VACUUM ANALYZE po.${t}`,
);

const { sys, fresh, kind, dataDir } = await startOnGeneratedData(
  [...generate, ...maintenance],
  `${POS.toLocaleString('en-IN')} POs of 3 lines over ${PROJECTS} projects and ${VENDORS} vendors`,
);
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const pos = (headers, query) => fetch(`${sys.base}/api/v1/po?${query}`, { headers }).then(json);
  const all = await pos(admin, 'limit=1');
  const active = await pos(admin, 'limit=1&status=active');
  const mine = await pos(employee, 'limit=1');
  console.log(
    `POs listed: ${all.totalItems}, active ${active.totalItems}; the demo Employee sees ${mine.totalItems}`,
  );
  const [middle] = (await pos(admin, `limit=1&offset=${Math.floor(POS / 2)}`)).result;
  const keyword = encodeURIComponent(middle.vendor.name.toLowerCase());

  const cases = [
    ['first page (10)', admin, 'po?limit=10&offset=0'],
    ['first page (25)', admin, 'po?limit=25&offset=0'],
    // The receiving list (/po/open): 25 a page, sorted by each of its keys.
    ['active, newest first (25)', admin, 'po?limit=25&offset=0&status=active'],
    ['active by order date (25)', admin, 'po?limit=25&offset=0&status=active&sort=orderDate'],
    ['active by status (25)', admin, 'po?limit=25&offset=0&status=active&sort=status'],
    ['active by vendor (25)', admin, 'po?limit=25&offset=0&status=active&sort=vendor'],
    ['active by vendor, Z-A (25)', admin, 'po?limit=25&offset=0&status=active&sort=-vendor'],
    ['active by project (25)', admin, 'po?limit=25&offset=0&status=active&sort=project'],
    ['active by PO number (25)', admin, 'po?limit=25&offset=0&status=active&sort=poNumber'],
    ["a vendor's POs", admin, `po?limit=10&offset=0&vendorId=${middle.vendor._id}`],
    ["a project's POs", admin, `po?limit=10&offset=0&projectId=${middle.projectId._id}`],
    ['keyword (a vendor name)', admin, `po?limit=10&offset=0&keyword=${keyword}`],
    ["Employee's list", employee, 'po?limit=10&offset=0'],
    ['page 50', admin, 'po?limit=10&offset=490'],
    // Kept answers (decision 0023) are served again only until the data changes: the same pages while
    // a receipt is recorded every 100 ms (far more often than goods arrive), each a new generation.
    ['first page (10), a receipt every 100 ms', admin, 'po?limit=10&offset=0', 'writing'],
    [
      'active by vendor (25), a receipt every 100 ms',
      admin,
      'po?limit=25&offset=0&status=active&sort=vendor',
      'writing',
    ],
    // And what a page costs when it is not kept: each request a page size of 10 to 100 at an offset
    // up to 490, 4,550 pages in turn, so few are asked twice in a run and nearly every answer is built
    // by PostgreSQL; then the same while receipts are recorded.
    ['a new page every request', admin, 'po?limit=10&offset=0', 'unkept'],
    // The receiving list's own page size: pages of 25 at offsets 0 to 4,999 in turn, 5,000 pages of
    // ~18 KB, more than the 32 MB of kept answers hold, so the cache never serves one.
    ['a new active page of 25 every request', admin, 'po?limit=25&offset=0&status=active', 'unkept25'],
    [
      'a new active page by vendor every request',
      admin,
      'po?limit=10&offset=0&status=active&sort=vendor',
      'unkept',
    ],
    ['a new page every request, a receipt every 100 ms', admin, 'po?limit=10&offset=0', 'unkept writing'],
  ];
  let asked = 0;
  const unkept = (path) => () => {
    const n = asked++;
    const limit = 10 + (n % 91);
    const offset = 10 * (Math.floor(n / 91) % 50);
    return `/api/v1/${path.replace('limit=10&offset=0', `limit=${limit}&offset=${offset}`)}`;
  };
  const unkept25 = (path) => () => `/api/v1/${path.replace('offset=0', `offset=${asked++ % 5000}`)}`;
  // An Open PO with plenty pending on its first line: 0.01 of it received each time.
  let target;
  for (const open of (await pos(admin, 'limit=50&status=Open')).result) {
    target = await fetch(`${sys.base}/api/v1/po/${open._id}`, { headers: admin }).then(json);
    if (target.items[0].pending >= 100) break;
  }
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  let received = 0;
  /** Record a receipt on `target` every 100 ms until stopped, as the receiving screen does. */
  function keepReceiving() {
    return repeatInBackground(async () => {
      await json(
        await fetch(`${sys.base}/api/v1/poReceipt`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            poId: target._id,
            receiptId: randomUUID(),
            receivedItems: [{ item: target.items[0].itemId, receivedQuantity: 0.01, remarks: '' }],
            invoice: { invoiceNumber: `BENCH/${++received}`, invoiceDate: today, invoiceAmount: 15.23 },
            remarks: '',
          }),
        }),
      );
    });
  }
  const only = process.env.BENCH_CASE;
  const results = {};
  for (const [name, headers, path, how = ''] of cases) {
    if (only && !name.includes(only)) continue;
    const stopWriting = how.includes('writing') ? keepReceiving() : null;
    const before = received;
    const { answer, measured: r } = await measureListCase(sys, fresh, {
      path,
      headers,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      nextPath: how.startsWith('unkept') ? (how.startsWith('unkept25') ? unkept25 : unkept)(path) : undefined,
    });
    await stopWriting?.();
    results[name] = {
      rows: answer.result.length,
      totalItems: answer.totalItems,
      ...r,
      ...(stopWriting ? { receipts: received - before } : {}),
    };
    console.log(`${name.padEnd(26)} ${JSON.stringify(results[name])}`);
  }
  console.log('');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `POs, ${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections (budget ${BUDGET_MS} ms, stated for PostgreSQL; ${kind}): ${r.p95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await sys.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await fresh?.drop();
}
