/**
 * SQL and script injection strings are stored and answered as the text they are: a member, a
 * vendor and an item carrying them come back unchanged from the detail and list calls and from
 * a list search for them, LIKE wildcards in a search match only themselves, and every table is
 * still there afterwards.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshPhone } from './fixtures.js';
import type { System } from './system.js';

/** Registers the injection round-trip tests (after counting the tables). */
export async function injectionSuite(system: System): Promise<void> {
  const admin = system.roles.Admin.headers;

  const SQL = "Robert'); DROP TABLE members; -- 100% _sure_ \\ $1 $$";
  const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';
  const TEXT = `${SQL} ${SCRIPT} 'quoted' "double" ; -- /* c */ ´ ‘’ ₹ देवनागरी`;

  async function tableCounts(): Promise<Record<string, number>> {
    const schemas = Object.values(system.runtimes).map((r) => r.ctx.schema);
    const res = await system.db.query<{ s: string; t: string }>(
      `SELECT table_schema AS s, table_name AS t FROM information_schema.tables WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE'`,
      [schemas],
    );
    const out: Record<string, number> = {};
    for (const { s, t } of res.rows)
      out[`${s}.${t}`] = (
        await system.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${s}"."${t}"`)
      ).rows[0]!.n;
    return out;
  }

  const tablesBefore = await tableCounts();

  async function get(url: string): Promise<Record<string, unknown>> {
    const res = await system.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json() as Record<string, unknown>;
  }

  const q = (keyword: string) => `keyword=${encodeURIComponent(keyword)}`;

  describe('injection strings round-trip as inert text', () => {
    let memberId = '';
    let vendorId = '';
    let itemId = '';
    const email = `o'brien+<b>${randomUUID().slice(0, 6)}@example.test`;

    it('a member’s notes and email', async () => {
      const res = await system.app.inject({
        method: 'POST',
        url: '/api/v1/auth/createTeam',
        headers: admin,
        payload: {
          name: 'Injection Probe',
          email,
          phoneNumber: freshPhone(),
          status: 'Active',
          role: 'Employee',
          notes: TEXT,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      memberId = (res.json() as { user: { _id: string } }).user._id;
      const detail = await get(`/api/v1/auth/details/${memberId}`);
      expect(detail.notes).toBe(TEXT);
      expect(detail.email).toBe(email);
      const list = (await get(`/api/v1/auth/teamList?${q("o'brien+<b>")}`)) as {
        result: Array<{ _id: string; notes: string; email: string }>;
      };
      expect(list.result.map((m) => m._id)).toEqual([memberId]);
      expect(list.result[0]!.notes).toBe(TEXT);
    });

    it('a vendor’s address, notes and email', async () => {
      await system.settle();
      const vendorEmail = `x'--<i>${randomUUID().slice(0, 6)}@example.test`;
      const res = await system.app.inject({
        method: 'POST',
        url: '/api/v1/vendors',
        headers: admin,
        payload: {
          name: 'Injection Probe Traders',
          contactPerson: 'Probe',
          phoneNumber: freshPhone(),
          email: vendorEmail,
          address: TEXT,
          notes: TEXT,
          paymentTerms: 15,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      vendorId = (res.json() as { vendor: { _id: string } }).vendor._id;
      const detail = await get(`/api/v1/vendors/details/${vendorId}`);
      expect([detail.address, detail.notes, detail.email]).toEqual([TEXT, TEXT, vendorEmail]);
      const list = (await get(`/api/v1/vendors/all?${q('Injection Probe')}`)) as {
        vendors: Array<{ _id: string; address: string; notes: string }>;
      };
      expect(list.vendors.map((v) => v._id)).toEqual([vendorId]);
      expect([list.vendors[0]!.address, list.vendors[0]!.notes]).toEqual([TEXT, TEXT]);
    });

    it('an item’s name and a vendor price’s notes', async () => {
      await system.settle();
      const name = `Cement ${TEXT}`;
      const res = await system.app.inject({
        method: 'POST',
        url: '/api/v1/items',
        headers: admin,
        payload: {
          name,
          unit: 'bags',
          vendors: [{ vendor: vendorId, price: 350.5, gst: 63.09, notes: TEXT }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      itemId = (res.json() as { item: { _id: string } }).item._id;
      const detail = (await get(`/api/v1/items/${itemId}`)) as {
        name: string;
        vendors: Array<{ notes: string; vendor: { _id: string } }>;
      };
      // Item names are stored trimmed with inner runs of spaces made one.
      const stored = name.trim().replace(/\s+/g, ' ');
      expect(detail.name).toBe(stored);
      expect(detail.vendors.map((v) => [v.vendor._id, v.notes])).toEqual([[vendorId, TEXT]]);
      await system.settle();
      for (const keyword of [
        'DROP TABLE members; --',
        '100% _sure_',
        "Robert');",
        '<script>alert("x")</script>',
      ]) {
        const list = (await get(`/api/v1/items/all?${q(keyword)}`)) as {
          result: Array<{ _id: string; name: string }>;
        };
        expect(
          list.result.map((i) => i._id),
          keyword,
        ).toContain(itemId);
        expect(list.result.find((i) => i._id === itemId)!.name).toBe(stored);
      }
      const linked = (await get(`/api/v1/items/vendor/${vendorId}?${q("Robert');")}`)) as {
        result: Array<{ itemId: string; notes: string }>;
      };
      expect(linked.result.map((l) => [l.itemId, l.notes])).toEqual([[itemId, TEXT]]);
    });

    it('LIKE wildcards and quotes in a search match only themselves', async () => {
      for (const [url, key] of [
        ['/api/v1/items/all', 'result'],
        ['/api/v1/vendors/all', 'vendors'],
        ['/api/v1/auth/teamList', 'result'],
      ] as const) {
        for (const keyword of ['%', '_', '%%', '_%_', "'", "''", '\\', '\\%', "%' OR '1'='1"]) {
          const body = await get(`${url}?${q(keyword)}`);
          const rows = body[key] as Array<Record<string, unknown>>;
          // Every row found must really contain the keyword as text (no wildcard matched "anything").
          for (const row of rows) {
            const text = JSON.stringify(row).toLowerCase();
            const needle = JSON.stringify(keyword).slice(1, -1).toLowerCase();
            expect(text.includes(needle), `${url} ${keyword} matched ${String(row._id ?? row.name)}`).toBe(
              true,
            );
          }
        }
      }
      const all = (await get('/api/v1/items/all?limit=100')) as { totalItems: number };
      const percent = (await get(`/api/v1/items/all?${q('%')}`)) as { totalItems: number };
      expect(percent.totalItems).toBeLessThan(all.totalItems);
      expect(percent.totalItems).toBeGreaterThanOrEqual(1); // the probe item's name holds a %
    });

    it('leaves every table in place', async () => {
      const after = await tableCounts();
      expect(Object.keys(after).sort()).toEqual(Object.keys(tablesBefore).sort());
      for (const t of ['auth.members', 'vendors.vendors', 'catalog.items'])
        expect(after[t], t).toBeGreaterThan(tablesBefore[t]!);
    });
  });
}
