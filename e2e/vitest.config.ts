import { defineConfig } from 'vitest/config';

// Browser flows against a running system (scripts/test-e2e.mjs starts it and sets E2E_BASE_URL).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
