/**
 * The security suite of ARCHITECTURE §9, part 2: hostile requests and uploads, generated from the
 * route table, on a whole system of its own (part 1 is security-routes.test.ts). The routes are
 * shared between security-hostile-1 and -2, which run side by side; this file takes the second half.
 */
import { afterAll } from 'vitest';
import { createFixtures } from './fixtures.js';
import { hostileInputSuite } from './hostile-input.js';
import { startSystem } from './system.js';

const system = await startSystem();
afterAll(() => system.close());
const fixtures = await createFixtures(system);

hostileInputSuite(system, fixtures, { index: 1, count: 2 });
