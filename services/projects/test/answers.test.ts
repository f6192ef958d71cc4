/**
 * Kept answers (decision 0019): the lists and a BOQ's page are served again only while the data's
 * generation has not moved, so whatever changes them, by a route, an event or another connection,
 * shows on the next read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Boq, BoqSummary, Project } from '@erp/contracts';
import { usingRealServers } from '@erp/service-kit/testing';
import {
  newBoq,
  newItems,
  startProjects,
  uniqueCode,
  type ProjectsHarness,
  type TestItem,
} from './helpers.js';

let h: ProjectsHarness;
let project: Project;
let items: TestItem[];
const onPostgres = usingRealServers && Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  h = await startProjects();
  project = await h.create({ name: `Kept Answers Towers ${uniqueCode()}` });
  items = await newItems(h, 3);
});
afterAll(async () => h?.close());

const generation = async () =>
  (await h.db.query<{ g: string }>('SELECT coalesce(sum(weight), 0)::text AS g FROM projects.list_changes'))
    .rows[0]!.g;
const boqList = async (query: string) =>
  (await h.call('admin', 'GET', `/boq/all?${query}`)).json() as { result: BoqSummary[]; totalItems: number };
const boqPage = async (id: string) => (await h.call('admin', 'GET', `/boq/${id}`)).json() as Boq;

describe('kept answers', () => {
  it('serve a list again while nothing changed, and show a change made outside the service’s routes at once', async () => {
    const made = (await h.call('admin', 'POST', '/boq', newBoq(project._id, items.slice(0, 2)))).json()
      .boq as Boq;
    const query = `projectId=${project._id}`;
    expect((await boqList(query)).result.map((b) => b.name)).toEqual([made.name]);
    const g = await generation();
    expect((await boqList(query)).result.map((b) => b.name)).toEqual([made.name]);
    expect(await generation()).toBe(g); // reading moves nothing
    // Another connection (a script, a restore, a second replica) renames it: the next read shows it.
    await h.db.query('UPDATE projects.boqs SET name = $2 WHERE id = $1', [made._id, 'Renamed outside']);
    expect(BigInt(await generation())).toBeGreaterThan(BigInt(g));
    expect((await boqList(query)).result.map((b) => b.name)).toEqual(['Renamed outside']);
    expect((await boqPage(made._id)).name).toBe('Renamed outside');
  });

  it('show consumption and item renames on a kept BOQ page at once', async () => {
    const made = (
      await h.call('admin', 'POST', '/boq', newBoq(project._id, items.slice(0, 2), { status: 'confirmed' }))
    ).json().boq as Boq;
    expect((await boqPage(made._id)).items[0]!.consumedQuantity).toBe(0);
    await h.db.query(
      'INSERT INTO projects.boq_consumption (boq_number, item_id, consumed_hundredths) VALUES ($1, $2, 1250)',
      [made.boqId, items[0]!.itemId],
    );
    expect((await boqPage(made._id)).items[0]!.consumedQuantity).toBe(12.5);
    await h.db.query(
      'UPDATE projects.item_snapshots SET name = $2, version = version + 1 WHERE item_id = $1',
      [items[1]!.itemId, 'Renamed item'],
    );
    expect((await boqPage(made._id)).items[1]!.name).toBe('Renamed item');
  });

  it('show a project list’s change at once (a project renamed in the database)', async () => {
    const list = async () =>
      (
        (
          await h.call('admin', 'GET', `/project?keyword=${encodeURIComponent(project.projectCode)}`)
        ).json() as { result: Project[] }
      ).result;
    expect((await list()).map((p) => p.name)).toEqual([project.name]);
    await h.db.query('UPDATE projects.projects SET name = $2 WHERE id = $1', [
      project._id,
      `${project.name} Phase 2`,
    ]);
    expect((await list()).map((p) => p.name)).toEqual([`${project.name} Phase 2`]);
  });

  it('keep the generation’s table small: every 200th change folds the others, the sum unchanged', async () => {
    const before = BigInt(await generation());
    for (let i = 0; i < 450; i++) await h.db.query('UPDATE projects.boq_counts SET n = n WHERE false');
    expect(BigInt(await generation()) - before).toBe(450n);
    const rows = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM projects.list_changes'))
      .rows[0]!.n;
    expect(rows).toBeLessThan(200);
  });
});

describe.skipIf(!onPostgres)('kept answers under concurrent writes (PostgreSQL)', () => {
  it('a read after a committed write always shows it, with writers and readers running at once', async () => {
    const made = (await h.call('admin', 'POST', '/boq', newBoq(project._id, items.slice(0, 1)))).json()
      .boq as Boq;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        const name = `Concurrent ${w}-${i}`;
        await h.db.query('UPDATE projects.boqs SET name = $2 WHERE id = $1', [made._id, name]);
        // This writer's own commit is done: a read now must not be older than it.
        const seen = (await boqPage(made._id)).name;
        expect(seen.startsWith('Concurrent ')).toBe(true);
        const list = await boqList(`projectId=${project._id}&keyword=${encodeURIComponent('concurrent')}`);
        expect(list.result.map((b) => b._id)).toContain(made._id);
      }
    });
    const readers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 30; i++) await boqList(`projectId=${project._id}`);
    });
    await Promise.all([...writers, ...readers]);
    // All done: the kept answer is the last committed name.
    const last = (
      await h.db.query<{ name: string }>('SELECT name FROM projects.boqs WHERE id = $1', [made._id])
    ).rows[0]!.name;
    expect((await boqPage(made._id)).name).toBe(last);
    expect((await boqList(`projectId=${project._id}`)).result.find((b) => b._id === made._id)!.name).toBe(
      last,
    );
  });
});
