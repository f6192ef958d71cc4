// npm start: install what is missing, build, and run the whole system embedded
// (one process, PGlite in ./data, in-process bus, one-time codes printed to this console).
// On a new data directory the demo business is then made through the API (scripts/demo-seed),
// unless SEED_DEMO=false.
import { buildServer, buildWeb } from './build.mjs';
import { DemoSeedError, demoAdminEnv, seedWhenReady, shouldSeedDemo } from './demo-seed/start.mjs';
import { ensureInstalled, exec, log, serverEntry } from './lib.mjs';

let seeding;
try {
  seeding = shouldSeedDemo(process.env);
} catch (err) {
  if (!(err instanceof DemoSeedError)) throw err;
  console.error(`✗ ${err.message}`);
  process.exit(1);
}
ensureInstalled();
buildServer();
buildWeb();
log('Starting…');
const admin = seeding ? demoAdminEnv(process.env) : {};
exec(process.execPath, [serverEntry('gateway/dist/main.js')], { env: admin });
if (seeding) {
  log('Seeding the demo business through the API (SEED_DEMO=false skips this)…');
  seedWhenReady(`http://127.0.0.1:${process.env.PORT ?? 8080}`, { adminPhone: admin.ADMIN_PHONE, log }).catch(
    (err) => {
      console.error(`✗ The demo could not be seeded: ${err.message}`);
    },
  );
}
