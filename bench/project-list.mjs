// Budget (issue 10): with 2,000 projects on PostgreSQL, GET /api/v1/project (the project list)
// through the gateway at 20 concurrent connections: p95 at most 30 ms. PostgreSQL with
// BENCH_DATABASE_URL (a fresh database, dropped afterwards), PGlite otherwise.
//
// The projects are generated with SQL in the projects service's schema after a first start has
// migrated and seeded the demo (PRJ-0001 and PRJ-0002 are the demo's; PRJ-0003.. are generated, so
// 2,000 in all). Generated rows emit no project_upserted events: the list reads only its own tables.
// The demo Employee (9000000004) is then assigned to more projects through the API (as the project
// form does it: team_set to auth, back through the access replica), so their list is a real subset.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { load } from './lib/load.mjs';
import { freshBenchDatabase, json, root, signIn, startProcess } from './lib/system.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2000);
const EMPLOYEE_PROJECTS = Number(process.env.BENCH_EMPLOYEE_PROJECTS ?? 25);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const BUDGET_MS = 30;

// Codes PRJ-0003..PRJ-<PROJECTS>, the newest last (PRJ-0003 oldest); a city each (in turn, so every
// city has about PROJECTS/20 projects), statuses spread 20% planning, 45% inProgress, 10% onHold,
// 25% completed, independent of the city.
const generateSql = (n) => `
  WITH c AS (SELECT
    ARRAY['Pune','Mumbai','Nashik','Nagpur','Thane','Bengaluru','Mysuru','Hyderabad','Chennai','Coimbatore','Kochi','Ahmedabad','Surat','Vadodara','Jaipur','Indore','Bhopal','Lucknow','Noida','Kolkata'] AS city,
    ARRAY['Maharashtra','Maharashtra','Maharashtra','Maharashtra','Maharashtra','Karnataka','Karnataka','Telangana','Tamil Nadu','Tamil Nadu','Kerala','Gujarat','Gujarat','Gujarat','Rajasthan','Madhya Pradesh','Madhya Pradesh','Uttar Pradesh','Uttar Pradesh','West Bengal'] AS state,
    ARRAY['411','400','422','440','400','560','570','500','600','641','682','380','395','390','302','452','462','226','201','700'] AS pin,
    ARRAY['Skyline','Green Valley','Sai Krupa','Shree Ganesh','Lakeview','Silver Oak','Orchid','Riverside','Sunrise','Royal Palms','Metro','Heritage','Ashoka','Lotus','Emerald','Vrindavan','Crystal','Harmony','Prestige','Kalpataru','Anand','Gokul','Sahyadri'] AS brand,
    ARRAY['Residency','Heights','Towers','Business Park','Logistics Warehouse','Villas','Commercial Complex','Hospital','School Campus','IT Park','Mall','Township','Row Houses'] AS kind,
    ARRAY['Survey','Plot','Gat No.','Khasra','Site'] AS plot,
    ARRAY['MIDC','Ring Road','Station Road','Link Road','Highway','Industrial Area','Main Road','Bypass'] AS road,
    ARRAY['G+14 residential tower; RCC frame with AAC block masonry.','Pre-engineered steel structure with a small office block.','Two basements for parking; podium and club house.','Phase 1 of 3; road works and drainage by the client.','Civil works and MEP; finishing by a separate contractor.',''] AS note
  )
  INSERT INTO projects.projects (id, project_code, name, location, start_date, target_completion_date, status, notes, created_at, updated_at)
  SELECT gen_random_uuid(),
    'PRJ-' || lpad(g::text, 4, '0'),
    brand[1 + (g * 7) % 23] || ' ' || kind[1 + g % 13] || ', ' || city[1 + g % 20],
    plot[1 + g % 5] || ' ' || (1 + (g * 37) % 400) || ', ' || road[1 + (g * 3) % 8] || ', ' || city[1 + g % 20] || ', ' || state[1 + g % 20] || ' ' || pin[1 + g % 20] || lpad(((g * 13) % 100)::text, 3, '0'),
    date '2022-01-01' + (g * 11) % 1500,
    date '2022-01-01' + (g * 11) % 1500 + 300 + (g * 17) % 700,
    CASE WHEN (g * 3 + g / 20) % 20 < 4 THEN 'planning' WHEN (g * 3 + g / 20) % 20 < 13 THEN 'inProgress'
         WHEN (g * 3 + g / 20) % 20 < 15 THEN 'onHold' ELSE 'completed' END,
    note[1 + g % 6],
    now() - (${n} + 1 - g) * interval '7 hours',
    now() - (${n} + 1 - g) * interval '7 hours'
  FROM generate_series(3, ${n}) g, c;
  SELECT setval('projects.project_code_seq', ${n});`;
const maintenance = ['VACUUM ANALYZE projects.projects'];

async function exec(dbUrl, dataDir, statements) {
  if (dbUrl) {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    for (const s of statements) await c.query(s);
    await c.end();
  } else {
    const { openPglite } = await import(path.join(root, 'packages/service-kit/dist/index.js'));
    const db = await openPglite(path.join(dataDir, 'pgdata'));
    for (const s of statements) await db.exec(s);
    await db.close();
  }
}

const env = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
const fresh = await freshBenchDatabase();
if (fresh) env.DATABASE_URL = fresh.url;
const kind = fresh ? 'PostgreSQL' : 'PGlite';
// 1. A first start migrates and seeds the demo; stop, then generate the projects.
const first = await startProcess('gateway/dist/main.js', env);
const dataDir = first.dataDir;
await new Promise((r) => setTimeout(r, 2000));
await first.stop({ keep: true });
const t0 = Date.now();
await exec(fresh?.url, dataDir, [generateSql(PROJECTS), ...maintenance]);
console.log(`generated ${PROJECTS - 2} projects in ${Date.now() - t0} ms (${kind})`);
// 2. Start again on that data.
const sys = await startProcess('gateway/dist/main.js', env, { dataDir });
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const { user } = await json(await fetch(`${sys.base}/api/v1/auth/me`, { headers: employee }));
  const list = (headers, query) => fetch(`${sys.base}/api/v1/project?${query}`, { headers }).then(json);

  // 3. The demo Employee on EMPLOYEE_PROJECTS projects in all: PRJ-0001 (the seed's) and others spread
  // over the list, one project form save each.
  const spread = Math.max(1, Math.floor(PROJECTS / EMPLOYEE_PROJECTS));
  const wanted = [];
  for (let offset = 0; offset < PROJECTS && wanted.length < EMPLOYEE_PROJECTS - 1; offset += spread) {
    const [p] = (await list(admin, `limit=1&offset=${offset}`)).result;
    if (p && p.projectCode !== 'PRJ-0001') wanted.push(p);
  }
  for (const p of wanted) {
    if (p.employees.some((e) => e._id === user._id)) continue;
    await json(
      await fetch(`${sys.base}/api/v1/project/${p._id}`, {
        method: 'PATCH',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ employees: [...p.employees.map((e) => e._id), user._id], version: p.version }),
      }),
    );
  }
  // Auth applies each team_set and the access replica follows: wait until the Employee sees them all.
  const until = Date.now() + 60_000;
  let seen;
  for (;;) {
    seen = (await list(employee, 'limit=1')).totalItems;
    if (seen >= wanted.length + 1 || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  const all = await list(admin, 'limit=1');
  console.log(`projects: ${all.totalItems}; the Employee (${user.name}) sees ${seen}`);

  const cases = [
    ['first page', admin, 'limit=100&offset=0'],
    ['keyword search', admin, 'limit=100&offset=0&keyword=pune'],
    ["status 'active'", admin, 'limit=100&offset=0&status=active'],
    ['deep page', admin, `limit=100&offset=${Math.max(0, PROJECTS - 100)}`],
    ["Employee's list", employee, 'limit=100&offset=0'],
  ];
  const only = process.env.BENCH_CASE;
  const results = {};
  for (const [name, headers, query] of cases) {
    if (only && !name.includes(only)) continue;
    const page = await list(headers, query);
    const r = await load({ url: `${sys.base}/api/v1/project?${query}`, headers, connections: CONNECTIONS, durationMs: DURATION_MS });
    results[name] = { rows: page.result.length, totalItems: page.totalItems, ...r };
    console.log(`${name.padEnd(16)} ${JSON.stringify(results[name])}`);
  }
  console.log('');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `project list, ${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections (budget ${BUDGET_MS} ms, stated for PostgreSQL; ${kind}): ${r.p95 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await sys.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await fresh?.drop();
}
