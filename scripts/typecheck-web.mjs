// Type-check the browser workspaces (they are bundled by rspack, not compiled by tsc -b) as ONE
// program: packages/ui, packages/sdk, the shell and every remote (their sources, tests and build
// configs). Each file is checked once; checking each workspace on its own checked @erp/ui, @erp/sdk
// and @erp/contracts again for every app that imports them (167 s for the seven, 43 s as one, on a
// loaded two-core machine). The program is written from the workspaces found (scripts/lib.mjs
// webApps), so a new remote is checked without a line here. Node's types are on for the tests and
// build configs; browser code is kept off Node's globals by ESLint (eslint.config.js).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, webApps } from './lib.mjs';

const workspaces = ['packages/ui', 'packages/sdk', ...webApps()].filter((ws) =>
  existsSync(path.join(root, ws, 'tsconfig.json')),
);
const include = workspaces.flatMap((ws) => {
  const dir = path.join(root, ws);
  return [
    path.join(dir, 'src'),
    path.join(dir, '*.ts'),
    ...(existsSync(path.join(dir, 'scripts')) ? [path.join(dir, 'scripts')] : []),
  ];
});
const dir = path.join(root, 'node_modules/.cache/erp-typecheck-web');
mkdirSync(dir, { recursive: true });
const config = path.join(dir, 'tsconfig.json');
writeFileSync(
  config,
  JSON.stringify(
    { extends: path.join(root, 'tsconfig.web.json'), compilerOptions: { types: ['node'] }, include },
    null,
    2,
  ),
);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', config, '--noEmit', '--pretty'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) console.error(`\n✗ the web workspaces do not type-check (${workspaces.join(', ')})`);
process.exit(result.status ?? 1);
