import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ItemsSnapshot } from '@erp/contracts';
import { buildEnvelope, createLogger, createServiceRuntime } from '@erp/service-kit';
import { createTestHarness, type TestHarness } from '@erp/service-kit/testing';
import { projectsService } from '../src/app.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function requests(): Promise<number> {
  const r = await h!.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM projects.outbox WHERE subject = 'erp.projects.items_snapshot_requested.v1'",
  );
  return r.rows[0]!.n;
}

describe('the item master on a first start', () => {
  it('asks the catalog for every item when it has none, and not again once they have arrived', async () => {
    h = await createTestHarness([projectsService()]);
    expect(await requests()).toBe(1);
    const items = ['Cement OPC 53', 'River sand'].map((name) => ({
      itemId: randomUUID(),
      name,
      unit: 'bags',
      status: 'active' as const,
      version: 1,
    }));
    await h.bus.publish(buildEnvelope('catalog', ItemsSnapshot, { items, chunk: 1, chunks: 1 }));
    await h.settle();
    const known = await h.db.query('SELECT item_id FROM projects.item_snapshots');
    expect(known.rows).toHaveLength(2);
    // A restart: migrations and onStart again on the same database.
    await createServiceRuntime(projectsService(), {
      db: h.db,
      bus: h.bus,
      config: h.config,
      logger: createLogger('silent', 'test'),
    });
    expect(await requests()).toBe(1);
  });
});
