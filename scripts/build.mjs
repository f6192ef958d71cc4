// npm run build: compile the Node side (tsc -b, incremental) and bundle the web apps (rspack),
// skipping a web app whose inputs have not changed since its last build.
import path from 'node:path';
import { ensureInstalled, fingerprint, log, root, runNpm, upToDate, writeStamp, run } from './lib.mjs';

export const WEB_APPS = ['mfe-team', 'shell'];
const SHARED_WEB_INPUTS = ['packages/ui/src', 'packages/sdk/src', 'packages/contracts/src', 'package-lock.json', 'tsconfig.web.json'];

export function buildServer() {
  log('Compiling services and gateway (tsc -b)…');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b']);
}

export function buildWeb({ force = false } = {}) {
  for (const app of WEB_APPS) {
    const print = fingerprint([app, ...SHARED_WEB_INPUTS]);
    const stamp = path.join(root, app, 'dist', '.build-stamp');
    if (!force && upToDate(stamp, print)) {
      log(`${app}: up to date`);
      continue;
    }
    log(`Bundling ${app} (rspack)…`);
    runNpm(['run', 'build', '-w', app]);
    writeStamp(stamp, print);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  ensureInstalled();
  if (!args.has('--web')) buildServer();
  if (!args.has('--server')) buildWeb({ force: args.has('--force') });
}
