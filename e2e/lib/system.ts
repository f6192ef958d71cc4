/**
 * The system a test file drives. scripts/test-e2e.mjs starts one system per Vitest worker (each its
 * own gateway process, data directory and remotes file, with the demo seeded) and lists them in
 * E2E_SYSTEMS_JSON; a worker (VITEST_POOL_ID 1…n) always uses the same one, so files that run on
 * the same system run one after another, as they did when there was one system, and files on
 * different systems share no data. Without that list: E2E_BASE_URL (one system started by hand).
 */
export interface E2eSystem {
  base: string;
  /** The file the gateway reads its remotes from (REMOTES_FILE), when the runner made one. */
  remotesFile?: string;
}

function systems(): E2eSystem[] {
  const listed = process.env.E2E_SYSTEMS_JSON;
  if (listed) return JSON.parse(listed) as E2eSystem[];
  return [
    {
      base: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
      ...(process.env.E2E_REMOTES_FILE ? { remotesFile: process.env.E2E_REMOTES_FILE } : {}),
    },
  ];
}

const all = systems();
const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1));

/** This worker's system. */
export const system: E2eSystem = all[(worker - 1) % all.length]!;
