// npm run events:replay -- --list | --service <schema> --id <eventId> | --service <schema> --all
// Lists dead-lettered events or hands them back to their consumers (README "Dead letters and replay").
// Builds the service kit first (tsc -b, incremental), then runs its CLI from dist.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/service-kit']);
const cli = await import(
  pathToFileURL(path.join(root, 'packages/service-kit/dist/cli/events-replay.js')).href
);
try {
  process.exitCode = await cli.runReplayCli(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
