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
    include: [phase === 'provider' ? '**/*.provider.pact.test.ts' : phase === 'consumer' ? '**/*.consumer.pact.test.ts' : '**/*.pact.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    fileParallelism: false,
    // One module graph for every file (the Pact core, the services): the files' own tests take ~20 s,
    // and loading everything again per file took 100 s more in each phase.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
