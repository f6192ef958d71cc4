/**
 * The security suite of ARCHITECTURE §9, generated from the route table: the whole system in this
 * process (as `npm start` builds it, every service of gateway/src/services.ts), once for all three
 * parts, which run in this order on the same data.
 */
import { afterAll } from 'vitest';
import { createFixtures } from './fixtures.js';
import { hostileInputSuite } from './hostile-input.js';
import { injectionSuite } from './injection.js';
import { routeSuite } from './routes.js';
import { startSystem } from './system.js';

const system = await startSystem();
afterAll(() => system.close());
const fixtures = await createFixtures(system);

await routeSuite(system, fixtures);
await injectionSuite(system);
hostileInputSuite(system, fixtures);
