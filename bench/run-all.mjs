// npm run bench: every budget script in turn, against freshly built code. Not part of CI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
for (const script of [
  'bundle-size.mjs',
  'team-list.mjs',
  'gateway-hop.mjs',
  'items-search.mjs',
  'project-list.mjs',
  'boq-list.mjs',
  'search-as-you-type.mjs',
  'item-import.mjs',
  'boq-import.mjs',
  'indent-list.mjs',
  'indent-approval.mjs',
  'indent-ui.mjs',
  'po-receipt.mjs',
  'po-list.mjs',
  'po-ui.mjs',
  'ledger.mjs',
  'distributed-flow.mjs',
  'distributed-restart.mjs',
]) {
  console.log(`\n### ${script}`);
  const res = spawnSync(process.execPath, [path.join(here, script)], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) console.log(`(${script} exited with ${res.status})`);
}
