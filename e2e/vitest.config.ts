import { defineConfig } from 'vitest/config';

// Browser flows against running systems: scripts/test-e2e.mjs starts one per worker (E2E_SYSTEMS,
// passed on as --maxWorkers) and lists them in E2E_SYSTEMS_JSON; each worker drives its own
// (e2e/lib/system.ts), so files run in parallel without sharing data. Started by hand with
// E2E_BASE_URL, one system: one worker.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    maxWorkers: process.env.E2E_SYSTEMS_JSON
      ? (JSON.parse(process.env.E2E_SYSTEMS_JSON) as unknown[]).length
      : 1,
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
