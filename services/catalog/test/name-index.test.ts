import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentGeneration, type Queryable } from '@erp/service-kit';
import { NameIndex, NameIndexKeeper, type IndexSource } from '../src/plugins/name-index.js';
import { itemsRepository } from '../src/repositories/items.js';
import type { Status } from '../src/domain/plan.js';
import { startCatalog, type CatalogHarness } from './helpers.js';

let h: CatalogHarness;
afterEach(async () => h?.close());

const items = itemsRepository('catalog');
const source: IndexSource = { generation: (db) => currentGeneration(db, 'catalog'), items };
const generation = () => currentGeneration(h.db, 'catalog');

/** Another instance's write (or a script's): the statement moves the generation in its transaction. */
async function writeItems(rows: Array<{ name: string; status?: Status; at?: string }>): Promise<void> {
  await h.db.transaction(async (tx) => {
    for (const r of rows) {
      await tx.query(
        `INSERT INTO catalog.items (id, name, unit, status, updated_at) VALUES (gen_random_uuid(), $1, 'pcs', $2, COALESCE($3::timestamptz, clock_timestamp()))`,
        [r.name, r.status ?? 'active', r.at ?? null],
      );
    }
  });
}

const NAMES = [
  'Cement OPC 53 grade',
  'Cement PPC',
  'cement opc 43 GRADE',
  'River sand (fine)',
  'M-sand 4.75 mm',
  'TMT steel bar 12 mm Fe500D',
  'TMT steel bar 8 mm',
  'Binding wire 18 gauge',
  '50% fly ash bricks',
  'Tile_adhesive type_1',
  'Back\\slash primer',
  'Sariya ₹ grade',
  'ÖLFARBE weiß',
  'Ceramic tiles 600x600',
  'Plywood 18 mm BWP',
  'Plywood 12 mm MR',
  'PVC pipe 4 inch',
  'CPVC pipe ¾ inch',
  'Aa',
  'A',
];
const KEYWORDS = [
  '',
  'a',
  'ce',
  'cem',
  'cement',
  'opc 5',
  ' grade',
  'mm',
  '12 mm',
  '%',
  '50%',
  '_',
  'tile_',
  'e_a',
  '\\',
  'back\\s',
  '₹',
  '₹ g',
  'ölf',
  'weiß',
  '¾ in',
  'x6',
  'pipe',
  'zzz',
  'plywood 1',
  'aa',
  'fe500d',
];

describe('the in-memory name index', () => {
  beforeEach(async () => {
    h = await startCatalog();
  });

  it('answers every keyword, status, page and count cap exactly as the SQL search does', async () => {
    // Many items, some sharing one updated time (ties are ordered by id, as in SQL), some inactive.
    const rows = NAMES.flatMap((name, n) =>
      Array.from({ length: 4 }, (_, k) => ({
        name: `${name} ${k === 0 ? '' : `lot ${k}`}`.trim(),
        status: (n + k) % 5 === 0 ? ('inactive' as const) : ('active' as const),
        at: k === 2 ? '2026-11-01T10:00:00.123456Z' : undefined,
      })),
    );
    await writeItems(rows);
    const index = await NameIndex.build(h.db, source, 7);
    expect(index).not.toBeNull();
    expect(index!.size).toBe(rows.length);
    for (const keyword of KEYWORDS) {
      for (const status of [null, 'active', 'inactive'] as const) {
        // A cap of 4 makes broad keywords count past it: the capped total and flag must agree too.
        for (const [limit, offset, cap] of [
          [100, 0, undefined],
          [5, 3, undefined],
          [10, 200, undefined],
          [5, 3, 4],
          [5, 12, 4],
        ] as const) {
          const q = { keyword: keyword.toLowerCase(), status, limit, offset, cap };
          const sql = await items.list(h.db, q);
          const mem = index!.search(q.keyword, status, limit, offset, cap);
          expect({ q, ids: mem.ids, total: mem.total, capped: mem.capped }).toEqual({
            q,
            ids: sql.rows.map((r) => r._id),
            total: sql.total,
            capped: sql.capped,
          });
          expect(mem.json.map((j) => JSON.parse(j))).toEqual(sql.rows);
        }
      }
    }
  });

  it('a rebuild reads in full only the items written since the previous build, and answers as SQL does', async () => {
    await writeItems(NAMES.map((name) => ({ name })));
    const first = await NameIndex.build(h.db, source, 7);
    const fetched: string[] = [];
    const spying: IndexSource = {
      ...source,
      items: {
        indexPage: items.indexPage,
        indexEntries: (db, ids) => (fetched.push(...ids), items.indexEntries(db, ids)),
      },
    };
    // Another instance edits one item (as every item write does: new version and time) and adds one.
    const [edited] = (
      await h.db.query<{ id: string }>(`SELECT id FROM catalog.items WHERE name = 'Cement PPC'`)
    ).rows;
    await h.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE catalog.items SET name = 'Cement PPC 43', vendor_count = 2, version = version + 1, updated_at = clock_timestamp() WHERE id = $1`,
        [edited!.id],
      );
    });
    // Written after the edit, and so stamped: PGlite's clock can give both writes the same time
    // (ties go by id, and the last assertion once saw them the other way round).
    const after = (
      await h.db.query<{ at: string }>(
        `SELECT (updated_at + interval '1 millisecond')::text AS at FROM catalog.items WHERE id = $1`,
        [edited!.id],
      )
    ).rows[0]!.at;
    await writeItems([{ name: 'Cement slag', at: after }]);
    const second = await NameIndex.build(h.db, spying, 7, () => false, first);
    const added = (
      await h.db.query<{ id: string }>(`SELECT id FROM catalog.items WHERE name = 'Cement slag'`)
    ).rows[0]!.id;
    expect(fetched.sort()).toEqual([edited!.id, added].sort());
    for (const keyword of ['', 'cement', 'ppc 43', 'pipe']) {
      const sql = await items.list(h.db, { keyword, status: null, limit: 100, offset: 0 });
      const mem = second!.search(keyword, null, 100, 0);
      expect({ keyword, total: mem.total, rows: mem.json.map((j) => JSON.parse(j)) }).toEqual({
        keyword,
        total: sql.total,
        rows: sql.rows,
      });
    }
    expect(second!.search('cement', null, 2, 0).json.map((j) => JSON.parse(j).name)).toEqual([
      'Cement slag',
      'Cement PPC 43',
    ]);
  });

  it('is thrown away when an item write commits while it is being read', async () => {
    await writeItems(NAMES.map((name) => ({ name })));
    let pages = 0;
    const writingMeanwhile: Queryable = {
      query: async (sql: string, params?: unknown[]) => {
        if (sql.includes('FROM catalog.items') && pages++ === 1)
          await writeItems([{ name: 'Written during the build' }]);
        return h.db.query(sql, params);
      },
    } as Queryable;
    expect(await NameIndex.build(writingMeanwhile, source, 5)).toBeNull();
    const again = await NameIndex.build(h.db, source, 5);
    expect(again!.search('during the build', null, 10, 0).total).toBe(1);
  });
});

describe('keeping the index current', () => {
  beforeEach(async () => {
    h = await startCatalog();
  });

  it('is used only for the generation it was built for, and rebuilt once writes are quiet or it is too old', async () => {
    await writeItems([{ name: 'Cement OPC 53' }]);
    const keeper = new NameIndexKeeper(h.db, source, {
      quietMs: 1_000,
      maxStaleMs: 60_000,
      onError: (err) => {
        throw err;
      },
    });
    const g1 = await generation();
    const t = Date.now();
    expect(keeper.ready(g1, t)).toBeNull();
    await keeper.idle();
    expect(keeper.ready(g1, t + 10)?.search('cement', null, 10, 0).total).toBe(1);

    await writeItems([{ name: 'Cement PPC' }]);
    const g2 = await generation();
    // Just written: answered from SQL, no build yet (more writes may follow, as in an import).
    expect(keeper.ready(g2, t + 100)).toBeNull();
    await keeper.idle();
    expect(keeper.ready(g2, t + 200)).toBeNull();
    // A second later with no other write: rebuilt.
    expect(keeper.ready(g2, t + 1_200)).toBeNull();
    await keeper.idle();
    expect(keeper.ready(g2, t + 1_300)?.search('cement', null, 10, 0).total).toBe(2);
  });

  it('rebuilds an index older than the stale limit even while writes go on', async () => {
    const keeper = new NameIndexKeeper(h.db, source, {
      quietMs: 1_000,
      maxStaleMs: 5_000,
      onError: (err) => {
        throw err;
      },
    });
    await keeper.rebuild();
    await writeItems([{ name: 'River sand' }]);
    const later = Date.now() + 6_000;
    expect(keeper.ready(await generation(), later)).toBeNull();
    await keeper.idle();
    expect(keeper.ready(await generation(), later)?.search('sand', null, 10, 0).total).toBe(1);
  });

  it('stops a running build when the service stops, and starts none after', async () => {
    await writeItems(NAMES.map((name) => ({ name })));
    let pages = 0;
    const counting: IndexSource = {
      ...source,
      items: {
        indexPage: (...args) => (pages++, items.indexPage(...args)),
        indexEntries: items.indexEntries,
      },
    };
    const keeper = new NameIndexKeeper(h.db, counting, {
      quietMs: 0,
      maxStaleMs: 0,
      pageRows: 5,
      onError: (err) => {
        throw err;
      },
    });
    const building = keeper.rebuild();
    await keeper.stop();
    await building;
    expect(pages).toBe(1);
    expect(keeper.ready(await generation())).toBeNull();
    await keeper.idle();
    expect(pages).toBe(1);
  });

  it('a failed build is reported, the caller answers without the index, and it is retried no sooner than the quiet time', async () => {
    const errors: unknown[] = [];
    const failing = {
      query: async () => Promise.reject(new Error('connection lost')),
    } as unknown as Queryable;
    const keeper = new NameIndexKeeper(failing, source, {
      quietMs: 1_000,
      maxStaleMs: 10_000,
      onError: (err) => errors.push(err),
    });
    const t = Date.now();
    expect(keeper.ready('1', t)).toBeNull();
    await keeper.idle();
    expect(errors).toHaveLength(1);
    expect(keeper.ready('1', t + 10)).toBeNull();
    await keeper.idle();
    expect(errors).toHaveLength(1);
    expect(keeper.ready('1', t + 60_000)).toBeNull();
    await keeper.idle();
    expect(errors).toHaveLength(2);
  });
});

describe('the item list with the index', () => {
  beforeEach(async () => {
    h = await startCatalog({}, { nameIndex: { quietMs: 0, maxStaleMs: 0 } });
  });

  const get = (url: string) => h.app.inject({ method: 'GET', url, headers: h.purchaser.headers });
  const names = async (url: string) =>
    (await get(url)).json().result.map((i: { name: string }) => i.name) as string[];
  const settleIndex = async () => {
    // Ask until the background build for the current generation has finished (the answers are the same either way).
    for (let i = 0; i < 5; i++) {
      await get(`/items/all?keyword=warm-up-${i}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('shows every write at once, before and after the index catches up', async () => {
    for (const name of ['Cement OPC 53', 'Cement PPC', 'River sand']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/items',
        headers: h.purchaser.headers,
        payload: { name, unit: 'bags' },
      });
      expect(res.statusCode).toBe(201);
    }
    await settleIndex();
    expect(await names('/items/all?keyword=cement')).toEqual(['Cement PPC', 'Cement OPC 53']);
    const sand = (await get('/items/all?keyword=sand')).json().result[0];
    await h.app.inject({
      method: 'PATCH',
      url: `/items/${sand._id}`,
      headers: h.purchaser.headers,
      payload: { name: 'River sand washed', version: sand.version },
    });
    expect(await names('/items/all?keyword=washed')).toEqual(['River sand washed']);
    await writeItems([{ name: 'Cement white' }]);
    expect(await names('/items/all?keyword=cement')).toEqual(['Cement white', 'Cement PPC', 'Cement OPC 53']);
    await settleIndex();
    expect(await names('/items/all?keyword=cement')).toEqual(['Cement white', 'Cement PPC', 'Cement OPC 53']);
    expect((await get('/items/all?keyword=cement&limit=1&offset=2')).json()).toMatchObject({
      totalItems: 3,
      result: [{ name: 'Cement OPC 53' }],
    });
  });

  it('a keyword matching more items than the cap answers the cap and says it is capped, from SQL and from the index alike', async () => {
    const answers = async (nameIndex: { quietMs: number; maxStaleMs: number }) => {
      await h.close();
      h = await startCatalog({ listCountCap: 3 }, { nameIndex });
      await writeItems(
        ['Cement OPC 53', 'Cement PPC', 'Cement white', 'Cement slag', 'Cement OPC 43', 'River sand'].map(
          (name) => ({ name }),
        ),
      );
      await settleIndex();
      return {
        broad: (await get('/items/all?keyword=cement&limit=2')).json(),
        beyond: (await get('/items/all?keyword=cement&limit=2&offset=2')).json(),
        last: (await get('/items/all?keyword=cement&limit=2&offset=4')).json(),
        narrow: (await get('/items/all?keyword=sand')).json(),
      };
    };
    const expected = {
      broad: { totalItems: 3, total: 3, totalCapped: true },
      // Pages past the cap still come, counted up to their end: more follow this one.
      beyond: { totalItems: 4, total: 4, totalCapped: true },
      // The last page knows the exact total, and says nothing of a cap.
      last: { totalItems: 5, total: 5 },
      narrow: { totalItems: 1, total: 1 },
    };
    // An index that is never rebuilt after the writes (SQL answers), then one rebuilt at once.
    const fromSql = await answers({ quietMs: 3_600_000, maxStaleMs: 3_600_000 });
    const fromIndex = await answers({ quietMs: 0, maxStaleMs: 0 });
    for (const answer of [fromSql, fromIndex]) {
      expect(answer).toMatchObject(expected);
      expect([answer.broad.result.length, answer.beyond.result.length, answer.last.result.length]).toEqual([
        2, 2, 1,
      ]);
      expect(answer.last).not.toHaveProperty('totalCapped');
      expect(answer.narrow).not.toHaveProperty('totalCapped');
      // Paging on past the cap reaches every match once.
      const paged = [answer.broad, answer.beyond, answer.last].flatMap((a) =>
        a.result.map((i: { name: string }) => i.name),
      );
      expect(paged.sort()).toEqual([
        'Cement OPC 43',
        'Cement OPC 53',
        'Cement PPC',
        'Cement slag',
        'Cement white',
      ]);
    }
  });

  it('answers with the same entries, prices and counts as the SQL list', async () => {
    const ganesh = await h.vendor('Shree Ganesh Cement Traders');
    const deccan = await h.vendor('Deccan Steel Suppliers');
    const vendors = [
      { vendor: ganesh.vendorId, price: 380, gst: 68.4 },
      { vendor: deccan.vendorId, price: 372.5, gst: 67.05 },
    ];
    await h.app.inject({
      method: 'POST',
      url: '/items',
      headers: h.purchaser.headers,
      payload: { name: 'Cement OPC 53', unit: 'bags', vendors },
    });
    await h.app.inject({
      method: 'POST',
      url: '/items',
      headers: h.purchaser.headers,
      payload: { name: 'Binding wire', unit: 'kg' },
    });
    await settleIndex();
    const answer = (await get('/items/all?limit=100')).json();
    const sql = await items.list(h.db, { keyword: '', status: null, limit: 100, offset: 0 });
    expect(answer).toEqual({ result: sql.rows, ItemData: sql.rows, totalItems: 2, total: 2 });
    expect(answer.result[1]).toMatchObject({
      name: 'Cement OPC 53',
      vendorCount: 2,
      bestPrice: 439.55,
      priceRange: { min: 439.55, max: 448.4 },
    });
  });
});
