import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Contract tests. Consumers write pacts/ (committed); providers verify every pact naming them.
// scripts/test.mjs runs the consumers first (PACT_PHASE=consumer), then the providers.
const conditions = ['@erp/source', ...defaultServerConditions];
const phase = process.env.PACT_PHASE;

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: [
      phase === 'provider'
        ? '**/*.provider.pact.test.ts'
        : phase === 'consumer'
          ? '**/*.consumer.pact.test.ts'
          : '**/*.pact.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Consumers run one file at a time: several files write interactions into the same pact file.
    // Providers only read pacts, each against a service of its own: side by side.
    fileParallelism: phase === 'provider',
    maxWorkers: phase === 'provider' ? 3 : 1,
    // A worker runs its files in one module graph (as the service suites do): on 2026-11-28's machine
    // consumers took 128 s -> 28 s and providers 136 s -> 40 s, the pacts written the same.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
