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
import { load } from './lib/load.mjs';
import { assignEmployee, generateProjectsSql, startOnGeneratedData } from './lib/project-data.mjs';
import { cpuMs, postgresCpuMs, json, signIn } from './lib/system.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2000);
const EMPLOYEE_PROJECTS = Number(process.env.BENCH_EMPLOYEE_PROJECTS ?? 25);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONNECTIONS = 20;
const BUDGET_MS = 30;

const maintenance = ['VACUUM ANALYZE projects.projects'];

// The demo started once, the data generated with SQL, then the system started again on it.
const { sys, fresh, kind, dataDir } = await startOnGeneratedData(
  [generateProjectsSql(PROJECTS), ...maintenance],
  `${PROJECTS - 2} projects`,
);
try {
  const admin = { authorization: `Bearer ${await signIn(sys.base)}` };
  const employee = { authorization: `Bearer ${await signIn(sys.base, '9000000004')}` };
  const { user } = await json(await fetch(`${sys.base}/api/v1/auth/me`, { headers: employee }));
  const list = (headers, query) => fetch(`${sys.base}/api/v1/project?${query}`, { headers }).then(json);

  // 3. The demo Employee on EMPLOYEE_PROJECTS projects in all, assigned through the API.
  const seen = await assignEmployee({
    base: sys.base,
    admin,
    employee,
    user,
    projects: PROJECTS,
    count: EMPLOYEE_PROJECTS,
  });
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
    // CPU per answer (the system's, PostgreSQL's) is steadier than latency on a shared machine.
    const cpu = {
      system: () => cpuMs(sys.pid),
      ...(fresh ? { postgres: () => postgresCpuMs(fresh.name) } : {}),
    };
    const r = await load({
      url: `${sys.base}/api/v1/project?${query}`,
      headers,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      cpu,
    });
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
