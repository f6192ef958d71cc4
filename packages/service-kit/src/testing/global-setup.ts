/**
 * Vitest global setup of the service suites: after the run, the pooled PostgreSQL test databases of
 * the run's workers (all ended by then) are dropped (see createTestDatabase).
 */
// Only `pg`: the testing kit's index needs the workspace packages, which a fresh clone has not built.
import { dropStalePooled } from './pooled-databases.js';

export async function teardown(): Promise<void> {
  // The workers may still be exiting when the teardown runs (one run left a database behind).
  await dropStalePooled(process.env.TEST_DATABASE_URL, 5000);
}
