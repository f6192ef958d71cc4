// Type-check the browser workspaces (they are bundled by rspack, not compiled by tsc -b), two at a
// time: each tsc is single-threaded and mostly waits on nothing, so two halve the wall time on the
// two-core CI machine. A failing workspace's output is printed whole, after the others finish.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, webApps } from './lib.mjs';

const workspaces = ['packages/ui', 'packages/sdk', ...webApps()].filter((ws) =>
  existsSync(path.join(root, ws, 'tsconfig.json')),
);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(ws) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', ws, '--noEmit', '--pretty'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ ws, code, output }));
  });
}

const queue = [...workspaces];
const failed = [];
const parallel = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let ws = queue.shift(); ws; ws = queue.shift()) {
      const result = await check(ws);
      if (result.code !== 0) failed.push(result);
    }
  }),
);
for (const f of failed) {
  console.error(`\n✗ ${f.ws} does not type-check:\n${f.output}`);
}
process.exit(failed.length > 0 ? 1 : 0);
