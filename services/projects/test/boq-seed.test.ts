import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ItemsSnapshot, type Boq, type BoqSummary, type ItemUpsertedData } from '@erp/contracts';
import { buildEnvelope, createLogger, createServiceRuntime } from '@erp/service-kit';
import { createTestHarness, grantAccess, type TestHarness } from '@erp/service-kit/testing';
import { DEMO_BOQS, DEMO_PROJECTS, projectsService } from '../src/app.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The catalog's demo items (one per name the demo BOQs use), as its snapshot would carry them. */
function demoItems(): ItemUpsertedData[] {
  const names = new Map(DEMO_BOQS.flatMap((b) => b.lines.map((l) => [l.item, l.unit] as const)));
  return [...names].map(([name, unit]) => ({
    itemId: randomUUID(),
    name,
    unit,
    status: 'active',
    version: 1,
  }));
}

async function snapshot(items: ItemUpsertedData[], chunk: number, chunks: number): Promise<void> {
  await h!.bus.publish(buildEnvelope('catalog', ItemsSnapshot, { items, chunk, chunks }));
  await h!.settle();
}

async function list(): Promise<BoqSummary[]> {
  const admin = await grantAccess(h!, { role: 'Admin' });
  const res = await h!.app.inject({ method: 'GET', url: '/boq/all?limit=100', headers: admin.headers });
  return (res.json() as { result: BoqSummary[] }).result;
}

async function requests(): Promise<number> {
  const r = await h!.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM projects.outbox WHERE subject = 'erp.projects.items_snapshot_requested.v1'",
  );
  return r.rows[0]!.n;
}

describe('demo BOQs', () => {
  it('asks the catalog for its items on a first start, and makes a confirmed BOQ per demo project once all its items have arrived', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    expect(await requests()).toBe(1);
    expect(await list()).toEqual([]);
    const items = demoItems();
    // Half the items: not yet.
    await snapshot(items.slice(0, 4), 1, 2);
    expect(await list()).toEqual([]);
    await snapshot(items.slice(4), 2, 2);
    const boqs = await list();
    expect(boqs.map((b) => [b.boqId, b.projectId.projectCode, b.status, b.revision]).sort()).toEqual([
      ['BOQ-0001', 'PRJ-0001', 'confirmed', 1],
      ['BOQ-0002', 'PRJ-0002', 'confirmed', 1],
    ]);
    const admin = await grantAccess(h, { role: 'Admin' });
    for (const [i, d] of DEMO_BOQS.entries()) {
      const summary = boqs.find((b) => b.projectId._id === d.projectId)!;
      const boq = (
        await h.app.inject({ method: 'GET', url: `/boq/${summary._id}`, headers: admin.headers })
      ).json() as Boq;
      expect(boq).toMatchObject({
        name: d.name,
        createdBy: { name: 'Demo data' },
        itemCount: d.lines.length,
        projectId: { _id: DEMO_PROJECTS[i]!.id },
      });
      expect(boq.items.map((l) => [l.name, l.unit, l.plannedQty, l.rate])).toEqual(
        d.lines.map((l) => [l.item, l.unit, l.qty, l.rate]),
      );
      expect(d.lines.length).toBeGreaterThanOrEqual(10);
      expect(d.lines.length).toBeLessThanOrEqual(15);
      const project = (
        await h.app.inject({ method: 'GET', url: `/project/${d.projectId}`, headers: admin.headers })
      ).json();
      expect(project.boqCount).toBe(1);
    }
    expect((await h.app.inject({ method: 'GET', url: '/boq/stats', headers: admin.headers })).json()).toEqual(
      { activeBoq: 2 },
    );
  });

  it('makes them once: items announced again, or a restart, make no second BOQ and ask for no snapshot', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: true });
    const items = demoItems();
    await snapshot(items, 1, 1);
    expect(await list()).toHaveLength(2);
    await snapshot(
      items.map((i) => ({ ...i, version: 2 })),
      1,
      1,
    );
    // A restart: migrations and onStart (the seed and the snapshot request) again on the same database.
    await createServiceRuntime(projectsService(), {
      db: h.db,
      bus: h.bus,
      config: h.config,
      logger: createLogger('silent', 'test'),
    });
    await snapshot(
      items.map((i) => ({ ...i, version: 3 })),
      1,
      1,
    );
    expect(await list()).toHaveLength(2);
    expect(await requests()).toBe(1);
  });

  it('makes them when the items were already there at the seed (items before projects)', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: false });
    await snapshot(demoItems(), 1, 1);
    // Demo data turned on for the next start of a database without projects.
    await createServiceRuntime(projectsService(), {
      db: h.db,
      bus: h.bus,
      config: { ...h.config, seedDemo: true },
      logger: createLogger('silent', 'test'),
    });
    expect(await list()).toHaveLength(2);
    expect((await h.db.query('SELECT 1 FROM projects.demo_boqs')).rows).toEqual([]);
  });

  it('makes none when demo data is off', async () => {
    h = await createTestHarness([projectsService()], { seedDemo: false });
    await snapshot(demoItems(), 1, 1);
    expect(await list()).toEqual([]);
  });
});
