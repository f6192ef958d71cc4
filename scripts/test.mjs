// npm test: install, type-check, lint, then the unit and service suites on the embedded defaults
// (PGlite, in-process bus), the service suites again on PostgreSQL/NATS when TEST_DATABASE_URL /
// TEST_NATS_URL are set, and the contract (Pact) tests.
import path from 'node:path';
import { buildServer } from './build.mjs';
import { ensureInstalled, log, root, run } from './lib.mjs';

const bin = (p) => path.join(root, 'node_modules', p);
// In CI the real servers are not optional: .ci/run starts its own when none answer.
if (process.env.CI && !(process.env.TEST_DATABASE_URL && process.env.TEST_NATS_URL)) {
  console.error(
    '\n✗ CI must run the service suites on PostgreSQL and NATS: TEST_DATABASE_URL and TEST_NATS_URL are not both set (.ci/run sets them)',
  );
  process.exit(1);
}
ensureInstalled();
buildServer();
log('Type-checking the web apps…');
run(process.execPath, [path.join(root, 'scripts/typecheck-web.mjs')]);
log('Linting…');
run(process.execPath, [bin('eslint/bin/eslint.js'), '.', '--max-warnings=0']);
run(process.execPath, [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']);

// Left out of the child's environment (undefined), so these runs use PGlite and the in-process bus.
const embedded = { TEST_DATABASE_URL: undefined, TEST_NATS_URL: undefined };
log('Unit and service tests (PGlite, in-process bus)…');
run(process.execPath, [bin('vitest/vitest.mjs'), 'run'], { env: embedded });

if (process.env.TEST_DATABASE_URL || process.env.TEST_NATS_URL) {
  log(
    `Service tests again on ${[process.env.TEST_DATABASE_URL && 'PostgreSQL', process.env.TEST_NATS_URL && 'NATS JetStream'].filter(Boolean).join(' + ')}…`,
  );
  // The security suite's hostile inputs are generated (SECURITY_RUNS per route, 30 by default): the
  // embedded run tries 30 per route; on PostgreSQL each route still meets 4 (the same generator and
  // seed), so that a refusal is shown to store nothing on the real database
  // too, in the CPU time the fault tests of the distributed topology need on a two-core machine.
  run(process.execPath, [bin('vitest/vitest.mjs'), 'run', 'services', 'packages/service-kit', 'gateway'], {
    env: { ...process.env, SECURITY_RUNS: process.env.SECURITY_RUNS ?? '4' },
  });
}

log('Contract tests (Pact): consumers write pacts/, then every provider verifies them…');
run(process.execPath, [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.pact.config.ts'], {
  env: { ...embedded, PACT_PHASE: 'consumer' },
});
run(process.execPath, [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.pact.config.ts'], {
  env: { ...embedded, PACT_PHASE: 'provider' },
});
