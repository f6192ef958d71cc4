/**
 * The security suite of ARCHITECTURE §9, generated from the route table, part 1: every route with
 * every role, no token and forged tokens, project and BOQ scope, then injection strings. The whole
 * system runs in this process (as `npm start` builds it, every service of gateway/src/modules.ts).
 * The hostile-input part runs in security-hostile-1 and -2.test.ts, each on a system of its own, so the three run
 * side by side.
 */
import { afterAll } from 'vitest';
import { createFixtures } from './fixtures.js';
import { injectionSuite } from './injection.js';
import { routeSuite } from './routes.js';
import { startSystem } from './system.js';

const system = await startSystem();
afterAll(() => system.close());
const fixtures = await createFixtures(system);

await routeSuite(system, fixtures);
await injectionSuite(system);
