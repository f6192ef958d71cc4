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
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
