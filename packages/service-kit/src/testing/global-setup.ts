/**
 * Vitest global setup of the service suites: after the run, the pooled PostgreSQL test databases of
 * the run's workers (all ended by then) are dropped (see createTestDatabase).
 */
import { dropStaleTestDatabases } from './index.js';

export async function teardown(): Promise<void> {
  await dropStaleTestDatabases();
}
