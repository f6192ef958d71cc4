// Budget (issue on indents): the indent list (GET /api/v1/indent) over 100,000 indents through the
// gateway at 20 concurrent connections on PostgreSQL: p95 at most 30 ms. PostgreSQL with
// BENCH_DATABASE_URL (a fresh database, dropped afterwards), PGlite otherwise.
//
// After a first start has migrated and seeded the demo, the data is generated with SQL in the indent
// service's schema, as the other services' events and the indent screens would leave it: 2,000
// projects and a confirmed BOQ each (snapshots), 1,000 items, then BENCH_INDENTS indents (default
// 100,000) of 5 lines each, 20 minutes apart, spread over the projects and the four statuses (the
// demo project gets 1 in 100, so the demo Employee's list is a real subset), numbered IND-100001 on.
import { rmSync } from 'node:fs';
import { startOnGeneratedData } from './lib/project-data.mjs';
import { json, signIn } from './lib/system.mjs';
import { measureListCase, repeatInBackground } from './lib/list-cases.mjs';

const INDENTS = Number(process.env.BENCH_INDENTS ?? 100_000);
const PROJECTS = 2000;
const ITEMS = 1000;
const LINES = 5;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const BUDGET_MS = 30;
// The demo's first project (the seed made it through the API, so its id is the system's).
const SKYLINE = `(SELECT project_id FROM indent.project_snapshots WHERE project_code = 'PRJ-0001')`;

const generate = [
  `INSERT INTO indent.project_snapshots (project_id, project_code, name, status, version)
   SELECT gen_random_uuid(), 'PRJ-' || lpad(g::text, 4, '0'),
          (ARRAY['Skyline','Green Valley','Sai Krupa','Shree Ganesh','Lakeview','Silver Oak','Orchid','Riverside'])[1 + g % 8] || ' ' ||
          (ARRAY['Residency','Heights','Towers','Business Park','Villas'])[1 + g % 5] || ', ' ||
          (ARRAY['Pune','Mumbai','Nashik','Nagpur','Thane','Bengaluru','Hyderabad','Chennai','Surat','Jaipur'])[1 + g % 10], 'inProgress', 1
     FROM generate_series(100, ${PROJECTS + 99}) g`,
  `INSERT INTO indent.boq_snapshots (boq_id, boq_number, revision, project_id, name, status, version)
   SELECT gen_random_uuid(), 'BOQ-' || (1000 + row_number() OVER (ORDER BY project_id)), 1, project_id, 'Civil works', 'confirmed', 1
     FROM indent.project_snapshots WHERE project_id NOT IN (SELECT project_id FROM indent.boq_snapshots)`,
  `INSERT INTO indent.item_snapshots (item_id, name, unit, status, version)
   SELECT gen_random_uuid(), (ARRAY['TMT bar','Cement OPC 53','AAC block','River sand','Binding wire','PVC pipe','Plywood'])[1 + g % 7] || ' ' || g,
          (ARRAY['kg','bags','pcs','CBM','kg','meters','sheets'])[1 + g % 7], 'active', 1
     FROM generate_series(1, ${ITEMS}) g`,
  `WITH p AS (SELECT b.project_id, b.boq_id, row_number() OVER (ORDER BY b.project_id) - 1 AS k FROM indent.boq_snapshots b
               WHERE b.status = 'confirmed' AND b.project_id <> ${SKYLINE}),
        n AS (SELECT count(*) AS projects FROM p),
        s AS (SELECT boq_id FROM indent.boq_snapshots WHERE project_id = ${SKYLINE} AND status = 'confirmed' ORDER BY boq_number LIMIT 1)
   INSERT INTO indent.indents (id, indent_number, title, project_id, boq_id, location, notes, status, created_by_name, created_at, updated_at,
                               item_count, total_hundredths, total_paise, search, submitted_by_name, submitted_at)
   SELECT gen_random_uuid(), 'IND-' || (100000 + g),
          (ARRAY['Slab casting','Column reinforcement','Masonry','Plaster materials','Plumbing','Electrical conduits','Waterproofing'])[1 + g % 7] || ', floor ' || (1 + g % 14),
          CASE WHEN g % 100 = 0 AND (SELECT boq_id FROM s) IS NOT NULL THEN ${SKYLINE} ELSE p.project_id END,
          CASE WHEN g % 100 = 0 AND (SELECT boq_id FROM s) IS NOT NULL THEN (SELECT boq_id FROM s) ELSE p.boq_id END,
          'Tower ' || chr((65 + g % 4)::int), CASE WHEN g % 5 = 0 THEN 'Urgent: pour planned this week' ELSE '' END,
          (ARRAY['draft','compare','approval','approved','approved','approved'])[1 + g % 6],
          (ARRAY['Sandeep Patil','Anil Jadhav','Meera Iyer','Ravi Kumar'])[1 + g % 4],
          now() - (${INDENTS} - g) * interval '20 minutes', now() - (${INDENTS} - g) * interval '20 minutes' + (g % 7) * interval '1 hour',
          ${LINES}, ${LINES} * 10000, (g % 1000) * 100000, '', 'Priya Kulkarni', now() - (${INDENTS} - g) * interval '20 minutes'
     FROM generate_series(1, ${INDENTS}) g JOIN p ON p.k = g % (SELECT projects FROM n)`,
  `UPDATE indent.indents i SET search = lower(concat_ws(' ', i.indent_number, i.title, p.project_code, p.name, i.created_by_name, i.notes, i.location))
     FROM indent.project_snapshots p WHERE p.project_id = i.project_id AND i.search = ''`,
  `WITH it AS (SELECT item_id, name, unit, row_number() OVER (ORDER BY item_id) - 1 AS k FROM indent.item_snapshots),
        i AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM indent.indents WHERE indent_number >= 'IND-100001')
   INSERT INTO indent.indent_lines (id, indent_id, position, item_id, item_name, unit, quantity_hundredths, remark)
   SELECT gen_random_uuid(), i.id, l, it.item_id, it.name, it.unit, 10000, ''
     FROM i CROSS JOIN generate_series(1, ${LINES}) l JOIN it ON it.k = (i.n * 37 + l * 101) % ${ITEMS}`,
  `INSERT INTO indent.boq_line_snapshots (boq_id, item_id, planned_hundredths)
   SELECT DISTINCT i.boq_id, l.item_id, 500000 FROM indent.indent_lines l JOIN indent.indents i ON i.id = l.indent_id
    WHERE i.indent_number >= 'IND-100001' AND (hashtext(l.item_id::text) % 3) <> 0 ON CONFLICT DO NOTHING`,
  `UPDATE indent.indents SET over_boq_lines = indent.over_boq_lines(id) WHERE indent_number >= 'IND-100001'`,
  `UPDATE indent.indent_numbers SET last = ${100000 + INDENTS}`,
];
// list_changes too: the generated statements above each moved the list's generation (decision 0021),
// leaving dead rows that the next autovacuum would clear; the bench measures after it, not during it.
// VACUUM FULL for the kept counts: the generation wrote 100,000 deltas in one transaction, folded
// every 500th (kit migration 7), so the old versions stayed until it committed and the live rows sit
// on the last of hundreds of pages (a plain VACUUM cannot shorten the table); a total then scans
// them all. A live system writes them in short transactions, whose folded rows autovacuum clears.
const compact = ['indent_counts'].map((t) => `VACUUM FULL indent.${t}`);
const maintenance = [
  'indents',
  'indent_lines',
  'project_snapshots',
  'boq_snapshots',
  'boq_line_snapshots',
  'item_snapshots',
  'indent_counts',
  'list_changes',
].map((t) => `VACUUM ANALYZE indent.${t}`);

const { sys, fresh, kind, dataDir } = await startOnGeneratedData(
  [...generate, ...compact, ...maintenance],
  `${INDENTS.toLocaleString('en-IN')} indents of ${LINES} lines over ${PROJECTS} projects`,
);
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const indents = (headers, query) => fetch(`${sys.base}/api/v1/indent?${query}`, { headers }).then(json);
  const all = await indents(admin, 'limit=1');
  const mine = await indents(employee, 'limit=1');
  console.log(
    `indents listed: ${all.totalItems}${all.totalCapped ? '+' : ''}; the demo Employee sees ${mine.totalItems}`,
  );
  const [middle] = (await indents(admin, `limit=1&offset=${Math.floor(INDENTS / 2)}`)).result;

  const cases = [
    ['first page (10)', admin, 'indent?limit=10&offset=0'],
    ['first page (100)', admin, 'indent?limit=100&offset=0'],
    ['status tab: approval', admin, 'indent?limit=10&offset=0&status=approval'],
    ['compare queue (100)', admin, 'indent?limit=100&offset=0&status=compare'],
    ["a project's indents", admin, `indent?limit=10&offset=0&projectId=${middle.projectId._id}`],
    ['keyword search', admin, 'indent?limit=10&offset=0&keyword=slab%20casting'],
    ['last updated first', admin, 'indent?limit=10&offset=0&sort=updatedAt'],
    ['page 50', admin, 'indent?limit=10&offset=490'],
    ["Employee's list", employee, 'indent?limit=10&offset=0'],
    // Kept answers (decision 0021) are served again only until the data changes: the same pages while
    // a draft is saved every 100 ms (far more often than people edit), each save a new generation.
    ['first page (10), a write every 100 ms', admin, 'indent?limit=10&offset=0', 'writing'],
    ['first page (100), a write every 100 ms', admin, 'indent?limit=100&offset=0', 'writing'],
    // And what a page costs when it is not kept: each request a page size of 10 to 100 at an offset
    // up to 490 (the first 50 pages of 10), 4,550 pages in turn, so few are asked twice in a run and
    // nearly every answer is built by PostgreSQL.
    ['a new page every request', admin, 'indent?limit=10&offset=0', 'unkept'],
    ['a new keyword page every request', admin, 'indent?limit=10&offset=0&keyword=slab%20casting', 'unkept'],
  ];
  // Each request's page: a size and an offset in turn (4,550 of them before the first repeats).
  let asked = 0;
  const unkept = (path) => () => {
    const n = asked++;
    const limit = 10 + (n % 91);
    const offset = 10 * (Math.floor(n / 91) % 50);
    return `/api/v1/${path.replace('limit=10&offset=0', `limit=${limit}&offset=${offset}`)}`;
  };
  const [draft] = (await indents(admin, 'limit=1&status=draft')).result;
  let saved = 0;
  /** Save `draft` (its notes) every 100 ms until stopped, as the indent form does. */
  function keepWriting() {
    return repeatInBackground(async () => {
      const current = await fetch(`${sys.base}/api/v1/indent/${draft._id}`, { headers: admin }).then(json);
      const body = {
        title: current.title,
        projectId: current.projectId._id,
        boqId: current.boqId._id,
        location: current.location,
        neededBy: current.neededBy,
        notes: `Bench save ${++saved}`,
        items: current.items.map((l) => ({ item: l.itemId, quantity: l.quantity, remarks: l.remark })),
        status: 'draft',
        version: current.version,
      };
      await json(
        await fetch(`${sys.base}/api/v1/indent/${draft._id}`, {
          method: 'PUT',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    });
  }
  const only = process.env.BENCH_CASE;
  const results = {};
  for (const [name, headers, path, kind] of cases) {
    if (only && !name.includes(only)) continue;
    const stopWriting = kind === 'writing' ? keepWriting() : null;
    const before = saved;
    const { answer, measured: r } = await measureListCase(sys, fresh, {
      path,
      headers,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      nextPath: kind === 'unkept' ? unkept(path) : undefined,
    });
    await stopWriting?.();
    results[name] = {
      rows: answer.result.length,
      totalItems: answer.totalItems,
      ...r,
      ...(stopWriting ? { writes: saved - before } : {}),
    };
    console.log(`${name.padEnd(22)} ${JSON.stringify(results[name])}`);
  }
  console.log('');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `Indents, ${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections (budget ${BUDGET_MS} ms, stated for PostgreSQL; ${kind}): ${r.p95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await sys.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await fresh?.drop();
}
