// npm run test:e2e: build everything, start the system on fresh data directories and free ports
// (one system per browser worker, E2E_SYSTEMS of them, 3 by default), seed the demo business into
// each through its API as `npm start` does, and drive them in Chromium with Playwright. Each worker
// runs its files one after another against its own system (e2e/lib/system.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
import { demoAdminEnv } from './demo-seed/start.mjs';
import { seedDemo } from './demo-seed/seed.mjs';
import { ensureInstalled, log, root, run, serverEntry } from './lib.mjs';

ensureInstalled();
buildServer();
buildWeb();

const count = Math.max(1, Math.floor(Number(process.env.E2E_SYSTEMS ?? 3)) || 1);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const systems = [];
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  for (const s of systems) {
    s.server.kill('SIGTERM');
    rmSync(s.dataDir, { recursive: true, force: true });
  }
};
process.on('exit', stop);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1));

async function startSystem() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-'));
  // A flow takes a module out of the deployment and puts it back while the system runs.
  const remotesFile = path.join(dataDir, 'remotes.json');
  // Flows sign in many times with the same demo numbers; the code limits themselves are covered by the service tests.
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...demoAdminEnv({}),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    OTP_RESEND_SECONDS: '0',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '200',
    OTP_MAX_PER_NUMBER_PER_HOUR: '500',
    OTP_MAX_PER_IP_PER_HOUR: '2000',
    REMOTES_FILE: remotesFile,
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  const server = spawn(process.execPath, [serverEntry('gateway/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const system = { base: `http://127.0.0.1:${port}`, dataDir, remotesFile, server };
  systems.push(system);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${system.base}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`The system on port ${port} exited (${server.exitCode})`);
    if (i > 240) throw new Error(`The system on port ${port} did not start within 120 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await seedDemo(system.base);
  return system;
}

log(
  `Starting ${count} system${count === 1 ? '' : 's'} (one per browser worker) and seeding the demo into each…`,
);
try {
  await Promise.all(Array.from({ length: count }, startSystem));
} catch (err) {
  console.error(`✗ ${err.message}`);
  process.exit(1);
}
log('Running the browser flows…');
// Extra arguments pick flows: npm run test:e2e -- e2e/modules.e2e.test.ts
run(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'e2e/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  {
    // One worker per system (e2e/vitest.config.ts).
    env: {
      E2E_SYSTEMS_JSON: JSON.stringify(systems.map((s) => ({ base: s.base, remotesFile: s.remotesFile }))),
    },
  },
);
stop();
process.exit(0);
