// npm run test:e2e: build everything, start the system on a fresh data directory and a free port,
// seed the demo business through its API as `npm start` does, and drive it in Chromium with Playwright.
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

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
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
log(`Starting the system on port ${port} with data in ${dataDir}…`);
const server = spawn(process.execPath, [serverEntry('gateway/dist/main.js')], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1));

const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 120) {
    console.error('The system did not start within 60 s');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
log('Seeding the demo business through the API…');
await seedDemo(base);
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
    env: { E2E_BASE_URL: base, E2E_DATA_DIR: dataDir, E2E_REMOTES_FILE: remotesFile },
  },
);
stop();
process.exit(0);
