// npm run build: compile the Node side (tsc -b, incremental; then each process's entry bundled
// into one file, esbuild) and bundle the web apps (rspack),
// skipping a web app whose inputs have not changed since its last build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  ensureInstalled,
  fingerprint,
  log,
  root,
  runNpm,
  upToDate,
  writeStamp,
  run,
  webApps,
} from './lib.mjs';

export const WEB_APPS = webApps();
const SHARED_WEB_INPUTS = [
  'packages/ui/src',
  'packages/sdk/src',
  'packages/contracts/src',
  'packages/web-build',
  'package-lock.json',
  'tsconfig.web.json',
];

/** Write .br and .gz next to every text asset; the gateway serves them to browsers that accept them. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(p);
    else if (/\.(js|css|html|json|svg)$/.test(entry.name) && statSync(p).size >= 1024) {
      const data = readFileSync(p);
      writeFileSync(`${p}.gz`, zlib.gzipSync(data, { level: 9 }));
      writeFileSync(
        `${p}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

export function buildServer() {
  log('Compiling services and gateway (tsc -b)…');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b']);
  // One file per process to load (scripts/bundle-server.mjs, decision 0031); skipped when up to date.
  run(process.execPath, [path.join(root, 'scripts/bundle-server.mjs')]);
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
    precompress(path.join(root, app, 'dist'));
    writeStamp(stamp, print);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  ensureInstalled();
  if (!args.has('--web')) buildServer();
  if (!args.has('--server')) buildWeb({ force: args.has('--force') });
}
