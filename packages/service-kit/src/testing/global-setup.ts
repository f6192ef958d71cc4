/**
 * Vitest global setup of the service suites: after the run, the pooled PostgreSQL test databases of
 * the run's workers (all ended by then) are dropped (see createTestDatabase).
 */
import { dropStaleTestDatabases } from './index.js';

export async function teardown(): Promise<void> {
  // The workers may still be exiting when the teardown runs (one run left a database behind).
  await dropStaleTestDatabases(process.env.TEST_DATABASE_URL, 5000);
}
