// npm test: install, type-check, lint, then the unit and service suites (on the embedded defaults,
// PGlite and the in-process bus; with TEST_DATABASE_URL / TEST_NATS_URL the service suites on
// PostgreSQL / NATS instead, see below), and the contract (Pact) tests.
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
run(process.execPath, [path.join(root, 'scripts/check-engines.mjs')]);

// Left out of the child's environment (undefined), so these runs use PGlite and the in-process bus.
const embedded = { TEST_DATABASE_URL: undefined, TEST_NATS_URL: undefined };
const vitest = (args, env) => run(process.execPath, [bin('vitest/vitest.mjs'), 'run', ...args], { env });
const servers = [
  process.env.TEST_DATABASE_URL && 'PostgreSQL',
  process.env.TEST_NATS_URL && 'NATS JetStream',
].filter(Boolean);

/**
 * With PostgreSQL and NATS (CI), each test file runs once (issue 27): the service suites (the files
 * under a test/ folder: services/*\/test, packages/service-kit/test, gateway/test) on the servers,
 * where concurrency, the bus and SQL meet what production runs; the unit tests (under src/) on the
 * embedded defaults; and these suites on the embedded defaults as well, for what a new user runs
 * first: the system started embedded, the whole flow over the in-process bus, the bus's delivery
 * rules on it, and every route's smoke (the security suite, which starts every service and so runs
 * every migration on PGlite). Without servers everything runs embedded.
 */
const EMBEDDED_TOO = [
  'gateway/test/gateway.test.ts',
  'gateway/test/indent-po-flow.test.ts',
  'gateway/test/security/',
  'packages/service-kit/test/delivery.test.ts',
  'packages/service-kit/test/dead-letters.test.ts',
  'packages/service-kit/test/outbox.test.ts',
];

if (servers.length === 0) {
  log('Unit and service tests (PGlite, in-process bus)…');
  vitest([], embedded);
} else {
  log('Unit tests, and the embedded start, flow, bus and route smoke (PGlite, in-process bus)…');
  vitest(['/src/', ...EMBEDDED_TOO], embedded);
  log(`Service tests on ${servers.join(' + ')}…`);
  // The security suite's hostile inputs are generated (SECURITY_RUNS per route, 30 by default): the
  // embedded run tries 30 per route; on PostgreSQL each route still meets 4 (the same generator and
  // seed), so that a refusal is shown to store nothing on the real database too, in the CPU time the
  // fault tests of the distributed topology need on a two-core machine.
  vitest(['/test/'], { ...process.env, SECURITY_RUNS: process.env.SECURITY_RUNS ?? '4' });
}

log('Contract tests (Pact): consumers write pacts/, then every provider verifies them…');
run(process.execPath, [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.pact.config.ts'], {
  env: { ...embedded, PACT_PHASE: 'consumer' },
});
run(process.execPath, [bin('vitest/vitest.mjs'), 'run', '--config', 'vitest.pact.config.ts'], {
  env: { ...embedded, PACT_PHASE: 'provider' },
});
