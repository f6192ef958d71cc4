// Type-check the browser workspaces (they are bundled by rspack, not compiled by tsc -b).
import path from 'node:path';
import { existsSync } from 'node:fs';
import { root, run, webApps } from './lib.mjs';

for (const ws of ['packages/ui', 'packages/sdk', ...webApps()]) {
  if (!existsSync(path.join(root, ws, 'tsconfig.json'))) continue;
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', ws, '--noEmit']);
}
