// npm run ledger:check [-- --limit <n>] [--force]
// Recomputes every vendor's ledger balance from its entries and compares it with the kept balances
// and each entry's balance_after; prints the mismatches and exits with 1 on any (decision 0025).
// Builds the vendors service first (tsc -b, incremental), then runs its check from dist.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'services/vendors']);
const cli = await import(
  pathToFileURL(path.join(root, 'services/vendors/dist/plugins/ledger-check-cli.js')).href
);
try {
  process.exitCode = await cli.runLedgerCheckCli(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
