// The demo business for a bench's system: asked for with SEED_DEMO=true in the system's environment,
// as benches always did. Since issue 27 the system does not seed itself: the checkout's own seed
// (scripts/demo-seed) makes it through the API once the system answers. A checkout from before that
// has no such script and seeds itself from SEED_DEMO, so side-by-side runs treat both alike.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoAdminEnv } from '../../scripts/demo-seed/start.mjs';

/** What the system's environment needs so the seed can sign in as the demo Admin. */
export const DEMO_ADMIN_ENV = demoAdminEnv({});

/** Seed the demo into the system at `base` when `env` asks for it and checkout `dir` has the seed. */
export async function seedDemoIfAsked(env, base, dir) {
  if (env.SEED_DEMO !== 'true') return;
  const seed = path.join(dir, 'scripts/demo-seed/seed.mjs');
  if (!existsSync(seed)) return;
  const { seedDemo } = await import(pathToFileURL(seed).href);
  await seedDemo(base);
}
