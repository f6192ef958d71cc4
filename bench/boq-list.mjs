// Budget (issue on BOQs): with 2,000 projects and 20,000 BOQs of 50 lines on PostgreSQL, the BOQ list
// (GET /api/v1/boq/all) through the gateway at 20 concurrent connections: p95 at most 30 ms; a BOQ of
// 500 lines (GET /api/v1/boq/{id}) at most 50 ms. PostgreSQL with BENCH_DATABASE_URL (a fresh
// database, dropped afterwards), PGlite otherwise.
//
// After a first start has migrated and seeded the demo, the data is generated with SQL in the
// projects service's schema: the 2,000 projects of bench/project-list.mjs, 1,000 items in the item
// snapshots (as the catalog's events would leave them), 10 BOQs per project (BOQ-0100..,
// half draft and half confirmed, each of 50 lines over distinct items, created 3 hours apart,
// named after works and the project's city), one BOQ of 500 lines with consumption on 200 of its
// items, and each project's BOQ count. The demo Employee is assigned to 25 projects through the
// API, so their list (250 BOQs) is a real subset.
import { rmSync } from 'node:fs';
import { assignEmployee, generateProjectsSql, startOnGeneratedData } from './lib/project-data.mjs';
import { json, signIn } from './lib/system.mjs';
import { measureListCase, repeatInBackground } from './lib/list-cases.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2000);
const BOQS_PER_PROJECT = Number(process.env.BENCH_BOQS_PER_PROJECT ?? 10);
const LINES = 50;
const ITEMS = 1000;
const BIG_LINES = 500;
const EMPLOYEE_PROJECTS = Number(process.env.BENCH_EMPLOYEE_PROJECTS ?? 25);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const LIST_BUDGET_MS = 30;
const DETAIL_BUDGET_MS = 50;
const FIRST_NUMBER = 100;

const generateBoqsSql = (perProject) => [
  // Items as the catalog's snapshots leave them.
  `INSERT INTO projects.item_snapshots (item_id, name, unit, status, version)
   SELECT gen_random_uuid(),
          (ARRAY['TMT bar','Cement OPC 53','AAC block','River sand','M-sand','Aggregate 20 mm','Binding wire','PVC pipe','GI sheet','Copper wire','Vitrified tile','Wall putty','Waterproofing','Plywood','Paint'])[1 + g % 15] || ' ' || g,
          (ARRAY['kg','bag','nos','cft','cft','cft','kg','m','sqm','m','sqm','kg','litre','sqm','litre'])[1 + g % 15], 'active', 1
     FROM generate_series(1, ${ITEMS}) g`,
  // BOQs: `perProject` per project, numbered in creation order, the newest last.
  `WITH p AS (SELECT id, project_code, name, row_number() OVER (ORDER BY created_at, id) AS n FROM projects.projects),
        i AS (SELECT count(*) AS projects FROM p)
   INSERT INTO projects.boqs (id, boq_number, revision, project_id, name, description, notes, status, item_count, total_paise,
                              created_at, updated_at, created_by_name, project_search, confirmed_at, confirmed_by_name)
   SELECT gen_random_uuid(), 'BOQ-' || CASE WHEN ${FIRST_NUMBER} + g < 10000 THEN lpad((${FIRST_NUMBER} + g)::text, 4, '0') ELSE (${FIRST_NUMBER} + g)::text END, 1, p.id,
          (ARRAY['Civil works','Structure','Finishing works','MEP works','External development'])[1 + g % 5] || ', Tower ' || chr((65 + g % 4)::int),
          'Quantities for ' || p.name, '', CASE WHEN g % 2 = 0 THEN 'confirmed' ELSE 'draft' END, ${LINES}, 0,
          now() - (${PROJECTS * perProject} - g) * interval '3 hours', now() - (${PROJECTS * perProject} - g) * interval '3 hours',
          'Demo Admin', p.project_code || ' ' || p.name,
          CASE WHEN g % 2 = 0 THEN now() - (${PROJECTS * perProject} - g) * interval '3 hours' END, CASE WHEN g % 2 = 0 THEN 'Demo Admin' END
     FROM generate_series(0, (SELECT projects FROM i) * ${perProject} - 1) g
     JOIN p ON p.n = 1 + g % (SELECT projects FROM i)`,
  // 50 lines each, over distinct items.
  `WITH it AS (SELECT item_id, unit, row_number() OVER (ORDER BY item_id) - 1 AS k FROM projects.item_snapshots),
        b AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM projects.boqs WHERE boq_number >= 'BOQ-0100')
   INSERT INTO projects.boq_lines (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
   SELECT b.id, l, gen_random_uuid(), it.item_id, it.unit, 100 * (10 + (b.n * 7 + l * 13) % 990), 100 * (50 + (b.n + l * 17) % 5000),
          (10 + (b.n * 7 + l * 13) % 990) * 100 * (50 + (b.n + l * 17) % 5000), ''
     FROM b CROSS JOIN generate_series(1, ${LINES}) l
     JOIN it ON it.k = (b.n * 37 + l) % ${ITEMS}`,
  `UPDATE projects.boqs b SET total_paise = s.total FROM (SELECT boq_id, sum(amount_paise) AS total FROM projects.boq_lines GROUP BY boq_id) s
    WHERE s.boq_id = b.id AND b.boq_number >= 'BOQ-0100'`,
  // One BOQ of 500 lines (the newest project's), with consumption on 200 of its items.
  `WITH p AS (SELECT id, project_code, name FROM projects.projects ORDER BY created_at DESC, id DESC LIMIT 1)
   INSERT INTO projects.boqs (id, boq_number, revision, project_id, name, description, status, item_count, total_paise, created_at, updated_at,
                              created_by_name, project_search, confirmed_at, confirmed_by_name)
   SELECT gen_random_uuid(), 'BOQ-900000', 1, p.id, 'Complete works, all towers', 'The 500-line BOQ', 'confirmed', ${BIG_LINES}, 0,
          now() - interval '1 minute', now() - interval '1 minute', 'Demo Admin', p.project_code || ' ' || p.name, now(), 'Demo Admin' FROM p`,
  `WITH it AS (SELECT item_id, unit, row_number() OVER (ORDER BY item_id) AS k FROM projects.item_snapshots)
   INSERT INTO projects.boq_lines (boq_id, line_no, id, item_id, unit, planned_hundredths, rate_paise, amount_paise, remark)
   SELECT (SELECT id FROM projects.boqs WHERE boq_number = 'BOQ-900000'), k, gen_random_uuid(), item_id, unit, 100 * (10 + k % 990), 100 * (50 + k * 17 % 5000),
          (10 + k % 990) * 100 * (50 + k * 17 % 5000), CASE WHEN k % 10 = 0 THEN 'As per drawing' ELSE '' END
     FROM it WHERE k <= ${BIG_LINES}`,
  `INSERT INTO projects.boq_consumption (boq_number, item_id, consumed_hundredths)
   SELECT 'BOQ-900000', item_id, planned_hundredths / 3 + (line_no % 7) * 100 FROM projects.boq_lines
    WHERE boq_id = (SELECT id FROM projects.boqs WHERE boq_number = 'BOQ-900000') AND line_no <= 200`,
  `UPDATE projects.boqs SET total_paise = (SELECT sum(amount_paise) FROM projects.boq_lines WHERE boq_id = boqs.id) WHERE boq_number = 'BOQ-900000'`,
  `UPDATE projects.projects p SET boq_count = (SELECT count(DISTINCT boq_number) FROM projects.boqs b WHERE b.project_id = p.id AND b.status <> 'superseded')`,
  `SELECT setval('projects.boq_number_seq', 900000)`,
];
const maintenance = [
  'VACUUM ANALYZE projects.projects',
  'VACUUM ANALYZE projects.item_snapshots',
  'VACUUM ANALYZE projects.boqs',
  'VACUUM ANALYZE projects.boq_lines',
  'VACUUM ANALYZE projects.boq_consumption',
  'VACUUM ANALYZE projects.boq_counts',
];

// The demo started once, the data generated with SQL, then the system started again on it.
const { sys, fresh, kind, dataDir } = await startOnGeneratedData(
  [generateProjectsSql(PROJECTS), ...generateBoqsSql(BOQS_PER_PROJECT), ...maintenance],
  `${PROJECTS - 2} projects, ${PROJECTS * BOQS_PER_PROJECT} BOQs of ${LINES} lines and one of ${BIG_LINES}`,
);
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const { user } = await json(await fetch(`${sys.base}/api/v1/auth/me`, { headers: employee }));
  const boqs = (headers, query) => fetch(`${sys.base}/api/v1/boq/all?${query}`, { headers }).then(json);

  // 3. The demo Employee on EMPLOYEE_PROJECTS projects, assigned through the API.
  const seen = await assignEmployee({
    base: sys.base,
    admin,
    employee,
    user,
    projects: PROJECTS,
    count: EMPLOYEE_PROJECTS,
  });
  const all = await boqs(admin, 'limit=1');
  const mine = await boqs(employee, 'limit=1');
  console.log(
    `BOQs listed: ${all.totalItems}${all.totalCapped ? '+' : ''}; the Employee (${user.name}) is on ${seen} projects and sees ${mine.totalItems} BOQs`,
  );
  const [big] = (await boqs(admin, 'limit=1&keyword=complete%20works%2C%20all%20towers')).result;
  // A project in the middle of the list, with its BOQs.
  const [project] = (
    await fetch(`${sys.base}/api/v1/project?limit=1&offset=${Math.floor(PROJECTS / 2)}`, {
      headers: admin,
    }).then(json)
  ).result;

  const cases = [
    ['first page', admin, 'boq/all?limit=100&offset=0', LIST_BUDGET_MS],
    ['keyword search', admin, 'boq/all?limit=100&offset=0&keyword=pune', LIST_BUDGET_MS],
    ['status confirmed', admin, 'boq/all?limit=100&offset=0&status=confirmed', LIST_BUDGET_MS],
    ["a project's BOQs", admin, `boq/all?limit=100&offset=0&projectId=${project._id}`, LIST_BUDGET_MS],
    ['deep page', admin, `boq/all?limit=100&offset=${PROJECTS * BOQS_PER_PROJECT - 100}`, LIST_BUDGET_MS],
    ["Employee's list", employee, 'boq/all?limit=100&offset=0', LIST_BUDGET_MS],
    [`BOQ of ${BIG_LINES} lines`, admin, `boq/${big._id}`, DETAIL_BUDGET_MS],
    // Kept answers (decision 0019) are served again only until the data changes: the same pages while
    // a project is saved every 100 ms (far more often than people edit), each save a new generation.
    ['first page, a write every 100 ms', admin, 'boq/all?limit=100&offset=0', LIST_BUDGET_MS, true],
    [`BOQ of ${BIG_LINES} lines, a write every 100 ms`, admin, `boq/${big._id}`, DETAIL_BUDGET_MS, true],
  ];
  let saved = 0;
  /** Save `project` (its notes) every 100 ms until stopped, as the project form does. */
  function keepWriting() {
    return repeatInBackground(async () => {
      const current = await fetch(`${sys.base}/api/v1/project/${project._id}`, { headers: admin }).then(json);
      await json(
        await fetch(`${sys.base}/api/v1/project/${project._id}`, {
          method: 'PATCH',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ notes: `Bench save ${++saved}`, version: current.version }),
        }),
      );
    });
  }
  const only = process.env.BENCH_CASE;
  const results = {};
  for (const [name, headers, path, budget, writing] of cases) {
    if (only && !name.includes(only)) continue;
    const stopWriting = writing ? keepWriting() : null;
    const before = saved;
    const { answer, measured: r } = await measureListCase(sys, fresh, {
      path,
      headers,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
    });
    await stopWriting?.();
    const shape = answer.result
      ? { rows: answer.result.length, totalItems: answer.totalItems }
      : { lines: answer.items.length };
    results[name] = { ...shape, budget, ...r, ...(writing ? { writes: saved - before } : {}) };
    console.log(`${name.padEnd(18)} ${JSON.stringify(results[name])}`);
  }
  console.log('');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `BOQs, ${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections (budget ${r.budget} ms, stated for PostgreSQL; ${kind}): ${r.p95 <= r.budget ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await sys.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await fresh?.drop();
}
