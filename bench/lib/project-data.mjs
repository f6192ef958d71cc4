// Generated data of the project and BOQ benches, written with SQL straight into the projects
// service's schema (after a first start has migrated it and seeded the demo).
import path from 'node:path';
import { freshBenchDatabase, json, root, startProcess } from './system.mjs';

// Codes PRJ-0003..PRJ-<PROJECTS>, the newest last (PRJ-0003 oldest); a city each (in turn, so every
// city has about PROJECTS/20 projects), statuses spread 20% planning, 45% inProgress, 10% onHold,
// 25% completed, independent of the city.
export const generateProjectsSql = (n) => `
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

/** Run SQL statements on PostgreSQL (dbUrl) or on the PGlite data of `dataDir`. */
export async function exec(dbUrl, dataDir, statements) {
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

/**
 * The demo Employee on `count` projects in all: PRJ-0001 (the seed's) and others spread over the
 * list, one project form save each (team_set to auth, back through the access replica); waits until
 * the Employee's project list shows them. Answers how many projects the Employee sees.
 */
export async function assignEmployee({ base, admin, employee, user, projects, count }) {
  const list = (headers, query) => fetch(`${base}/api/v1/project?${query}`, { headers }).then(json);
  const spread = Math.max(1, Math.floor(projects / count));
  const wanted = [];
  for (let offset = 0; offset < projects && wanted.length < count - 1; offset += spread) {
    const [p] = (await list(admin, `limit=1&offset=${offset}`)).result;
    if (p && p.projectCode !== 'PRJ-0001') wanted.push(p);
  }
  for (const p of wanted) {
    if (p.employees.some((e) => e._id === user._id)) continue;
    await json(
      await fetch(`${base}/api/v1/project/${p._id}`, {
        method: 'PATCH',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ employees: [...p.employees.map((e) => e._id), user._id], version: p.version }),
      }),
    );
  }
  const until = Date.now() + 60_000;
  for (;;) {
    const seen = (await list(employee, 'limit=1')).totalItems;
    if (seen >= wanted.length + 1 || Date.now() > until) return seen;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * The demo system started once (it migrates and seeds), stopped, `statements` run on its data
 * (PostgreSQL with BENCH_DATABASE_URL, PGlite otherwise), and started again on that data.
 */
export async function startOnGeneratedData(statements, what) {
  const env = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0' };
  const fresh = await freshBenchDatabase();
  if (fresh) env.DATABASE_URL = fresh.url;
  const kind = fresh ? 'PostgreSQL' : 'PGlite';
  const first = await startProcess('gateway/dist/main.js', env);
  const dataDir = first.dataDir;
  await new Promise((r) => setTimeout(r, 2000));
  await first.stop({ keep: true });
  const t0 = Date.now();
  await exec(fresh?.url, dataDir, statements);
  console.log(`generated ${what} in ${Date.now() - t0} ms (${kind})`);
  // The data is there: the demo was seeded by the first start (a second seed is refused).
  const sys = await startProcess('gateway/dist/main.js', { ...env, SEED_DEMO: 'false' }, { dataDir });
  return { sys, fresh, kind, dataDir };
}
