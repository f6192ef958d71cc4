import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests (the "@erp/source" export
// condition), so a test never runs against a stale build.
const conditions = ['@erp/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'shell/src/**/*.test.ts',
      'mfe-*/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.pact.test.ts'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine. Service
    // tests mostly wait (on PostgreSQL, NATS, event delivery), so three run at once (on 2026-11-27:
    // the embedded run 180 s, the PostgreSQL + NATS run 317 s, CPU-bound at three).
    maxWorkers: 3,
    // A worker runs its files one after another in the same process instead of a fresh module graph
    // per file: the services' modules (Fastify, TypeBox schemas, PGlite) load once per worker. The
    // embedded run went from 456 s to 344 s with every test passing; the suites keep no state in
    // modules (each test file starts its own service, database and bus).
    isolate: false,
    // Drops the PostgreSQL test databases the workers kept for reuse, once they have all ended.
    globalSetup: ['packages/service-kit/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
