/**
 * When `npm start` seeds the demo (issue 27): on a new embedded data directory, unless
 * SEED_DEMO=false; with DATABASE_URL (a database this script cannot see into) only when
 * SEED_DEMO=true; never with NODE_ENV=production, where demo members could sign in
 * (ARCHITECTURE §7). The system then starts with the demo Admin as its first Admin (ADMIN_PHONE),
 * and the seed runs against it once it answers.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PHONES, seedDemo } from './seed.mjs';
import { MEMBERS } from './business.mjs';

export class DemoSeedError extends Error {}

/** Whether to seed: `env` as the process sees it, `cwd` where a relative DATA_DIR resolves. */
export function shouldSeedDemo(env, cwd = process.cwd()) {
  const wanted = env.SEED_DEMO === undefined ? undefined : /^(1|true|yes|on)$/i.test(env.SEED_DEMO);
  const production = (env.NODE_ENV ?? 'development') === 'production';
  if (wanted && production)
    throw new DemoSeedError(
      'SEED_DEMO=true cannot be used with NODE_ENV=production: demo members would be able to sign in',
    );
  if (wanted === false || production) return false;
  if (env.DATABASE_URL) return wanted === true;
  if (wanted === true) return true;
  const dir = path.resolve(cwd, env.DATA_DIR ?? './data');
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** What the system's process needs in its environment so the seed can sign in as the demo Admin. */
export function demoAdminEnv(env) {
  const admin = MEMBERS.find((m) => m.role === 'Admin');
  return { ADMIN_PHONE: env.ADMIN_PHONE ?? admin.phoneNumber, ADMIN_NAME: env.ADMIN_NAME ?? admin.name };
}

/** Wait until the system at `base` is ready, then seed it. */
export async function seedWhenReady(base, { adminPhone, log = console.log, timeoutMs = 180_000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`the system at ${base} did not become ready`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const started = Date.now();
  await seedDemo(base, { adminPhone, log: (what) => log(`  demo: ${what}`) });
  log(
    `  Demo seeded in ${((Date.now() - started) / 1000).toFixed(1)} s. Sign in as Admin ${DEMO_PHONES.Admin} (also ${DEMO_PHONES.Purchaser} Purchaser, ${DEMO_PHONES.Accountant} Accountant, ${DEMO_PHONES.Employee} Employee).`,
  );
}
