// A system with a large item master for the catalog budgets: 100,000 items with three vendor prices
// each (300,000 prices), generated with SQL after a first start has migrated and seeded the demo
// (the import API would take minutes for 300,000 rows). PGlite by default, PostgreSQL with
// BENCH_DATABASE_URL (a fresh database is created and dropped afterwards).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freshBenchDatabase, root, startProcess } from './system.mjs';

const generateSql = (items) => `
  WITH materials AS (SELECT ARRAY['Cement OPC','TMT steel bar','River sand','Aggregate','Red clay bricks','Ready mix concrete','Binding wire','Plywood','PVC pipe','Ceramic tiles','Paint emulsion','Waterproofing compound','Door frame','GI sheet','Copper wire'] AS m)
  INSERT INTO catalog.items (id, name, unit, vendor_count, best_total_paise, min_total_paise, max_total_paise)
  SELECT gen_random_uuid(), m[1 + g % 15] || ' ' || (10 + g % 90) || ' mm grade ' || g, 'pcs', 3, 10000 + g % 5000, 10000 + g % 5000, 13000 + g % 5000
  FROM generate_series(1, ${items}) g, materials;
  INSERT INTO catalog.vendor_prices (id, item_id, vendor_id, price_paise, gst_paise)
  WITH v AS (SELECT array_agg(vendor_id ORDER BY display_id) AS ids, count(*) AS n FROM catalog.vendor_snapshots WHERE status = 'active')
  SELECT gen_random_uuid(), i.id, (SELECT ids FROM v)[1 + (k + abs(hashtext(i.id::text))) % (SELECT n FROM v)::int], 9000 + k * 1500, 1000
  FROM catalog.items i, generate_series(0, 2) k WHERE i.name LIKE '% grade %'
  ON CONFLICT DO NOTHING;`;
// Separate statements: VACUUM cannot run inside the implicit transaction of a multi-statement query.
// (PGlite has no autovacuum: without it the trigram index's pending list is never merged.)
const maintenance = ['VACUUM ANALYZE catalog.items', 'VACUUM ANALYZE catalog.vendor_prices'];

/** Start the system on a generated item master; `stop()` stops it and removes its data. */
export async function startWithItemMaster({ items = 100_000, env = {} } = {}) {
  const base = { SEED_DEMO: 'true', OTP_RESEND_SECONDS: '0', ...env };
  const fresh = await freshBenchDatabase();
  const dbUrl = fresh?.url;
  if (dbUrl) base.DATABASE_URL = dbUrl;
  // 1. A first start migrates and seeds the demo vendors; stop, then generate the items.
  const first = await startProcess('gateway/dist/main.js', base);
  const dataDir = first.dataDir;
  await new Promise((r) => setTimeout(r, 2000));
  await first.stop({ keep: true });
  const t0 = Date.now();
  if (dbUrl) {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(generateSql(items));
    for (const m of maintenance) await c.query(m);
    await c.end();
  } else {
    const { openPglite } = await import(path.join(root, 'packages/service-kit/dist/index.js'));
    const db = await openPglite(path.join(dataDir, 'pgdata'));
    await db.exec(generateSql(items));
    for (const m of maintenance) await db.exec(m);
    await db.close();
  }
  const kind = dbUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`generated ${items} items and ${items * 3} vendor prices in ${Date.now() - t0} ms (${kind})`);
  // 2. Start again on that data.
  // (The demo is in the data already: seeding it again would be refused.)
  const sys = await startProcess('gateway/dist/main.js', { ...base, SEED_DEMO: 'false' }, { dataDir });
  // After start the catalog reads every item into its in-memory name index (about 4 s for 100,000
  // items on PGlite; SQL answers meanwhile). The budgets are for a running system: wait for it.
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 10_000)));
  return {
    ...sys,
    kind,
    /** The PostgreSQL database's name (for postgresCpuMs); undefined on PGlite. */
    database: fresh?.name,
    async stop() {
      await sys.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await fresh?.drop();
    },
  };
}
