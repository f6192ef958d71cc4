// npm run start:distributed: install what is missing, build, then run the gateway and every
// service as separate processes on PostgreSQL and NATS JetStream (gateway/src/distributed/main.ts:
// the servers on this machine, or servers of its own from the Debian packages when none answer).
// On a new data directory (data/distributed) the demo is then seeded through the API, unless SEED_DEMO=false.
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
import { DemoSeedError, demoAdminEnv, seedWhenReady, shouldSeedDemo } from './demo-seed/start.mjs';
import { ensureInstalled, exec, log, root } from './lib.mjs';

let seeding;
try {
  // The database may live on a server this script cannot see into: the data directory tells whether this is a first start.
  seeding = shouldSeedDemo({
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: process.env.DATA_DIR ?? 'data/distributed',
  });
} catch (err) {
  if (!(err instanceof DemoSeedError)) throw err;
  console.error(`✗ ${err.message}`);
  process.exit(1);
}
ensureInstalled();
buildServer();
buildWeb();
log('Starting every service as its own process…');
const admin = seeding ? demoAdminEnv(process.env) : {};
exec(process.execPath, [path.join(root, 'gateway/dist/distributed/main.js')], { env: admin });
if (seeding)
  seedWhenReady(`http://127.0.0.1:${process.env.PORT ?? 8080}`, {
    adminPhone: admin.ADMIN_PHONE,
    log,
    timeoutMs: 600_000,
  }).catch((err) => console.error(`✗ The demo could not be seeded: ${err.message}`));
