/**
 * Every request schema of every /api/v1 route, fuzzed (ARCHITECTURE §9): bodies, query strings and
 * path parameters of the declared shape and hostile ones, sent as the Admin (who passes every
 * access check, so the input reaches the handler). Never a 5xx; a refusal is `{message}` and
 * stores nothing (every table of every service compared before and after).
 *
 * Reproducible: the seed is SECURITY_SEED (default below) and fast-check prints the failing one.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  hostileArb,
  hostileLeaf,
  INJECTIONS,
  RAW_BODIES,
  STRANGE_TEXT,
  validArb,
  type Hints,
  type JsonSchema,
} from './arbitraries.js';
import {
  fillPath,
  fingerprint,
  fingerprintDiff,
  multipart,
  paramNames,
  realParam,
  type Fixtures,
} from './fixtures.js';
import { routeTable, type TableRoute } from './route-table.js';
import type { System } from './system.js';
import { UNITS } from '@erp/contracts';

const SEED = Number(process.env.SECURITY_SEED ?? 20261123);
const RUNS = Number(process.env.SECURITY_RUNS ?? 30);

/**
 * Registers the fuzzing tests: those of every route, or of one share of them (`shard`: the index-th
 * of `count`, so that the shares run side by side as test files of their own).
 */
export function hostileInputSuite(system: System, fixtures: Fixtures, shard = { index: 0, count: 1 }): void {
  const all = routeTable(system).routes;
  const mine = (_r: unknown, i: number) => i % shard.count === shard.index;
  const routes = all.filter(mine);
  const admin = system.roles.Admin.headers;

  /**
   * Tables a route changes on purpose when it refuses: a wrong sign-in code counts as a try
   * (ARCHITECTURE §7: at most 5 tries per code), which is what stops guessing.
   */
  const WRITES_ON_REFUSAL: Record<string, string[]> = {
    'POST /api/v1/auth/verifyOtp': ['auth.otp_codes'],
  };

  interface Sent {
    method: string;
    url: string;
    payload?: string | Buffer;
    headers: Record<string, string>;
  }

  const seedOf = (key: string) => [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

  /** The fixture vendor active and the fixture item priced by it again, whatever the last route did to them. */
  async function restoreFixtures(): Promise<void> {
    await system.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/details/${fixtures.vendorId}`,
      headers: admin,
      payload: { status: 'active' },
    });
    await system.settle();
    await system.app.inject({
      method: 'PATCH',
      url: `/api/v1/items/${fixtures.itemId}`,
      headers: admin,
      payload: { status: 'active', vendors: [{ vendor: fixtures.vendorId, price: 100, gst: 18 }] },
    });
    await system.settle();
  }

  const DEEP = [
    `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    `${'['.repeat(33)}${']'.repeat(33)}`,
  ];

  /** Text for one query parameter: of its schema, or hostile (injection, strange, huge, repeated). */
  function queryText(schema: JsonSchema): fc.Arbitrary<string | string[]> {
    return fc.oneof(
      validArb(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      fc.constantFrom(...INJECTIONS, ...STRANGE_TEXT.filter((t) => !/[\uD800-\uDFFF]/.test(t))),
      fc.integer({ min: 100, max: 20_000 }).map((n) => 'x'.repeat(n)),
      fc.array(fc.constantFrom('a', '1', '', "'", '%'), { minLength: 2, maxLength: 4 }),
    );
  }

  const toQuery = (q: Record<string, string | string[] | undefined>) =>
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .flatMap(([k, v]) => [v!].flat().map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`))
      .join('&');

  /** A whole request for the route: path parameters, query and body, each valid-shaped or hostile. */
  const letters = fc.stringMatching(/^[A-Z][a-z]{2,12}( [A-Z][a-z]{2,12})?$/);
  const hints: Hints = {
    unit: fc.constantFrom(...UNITS),
    vendor: fc.constant(fixtures.vendorId),
    name: letters,
    contactPerson: letters,
    email: fc.emailAddress().filter((e) => e.length <= 200),
    altEmail: fc.constantFrom('', "o'hara+<x>@example.test"),
    gstin: fc.constantFrom('', '27AAPFU0939F1ZV'),
    address: fc.constantFrom('Plot 4, MIDC Bhosari, Pune', ...INJECTIONS),
    price: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
    gst: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
    // Mostly left out: a random version is a stale one (409) and the save never runs.
    version: fc.constant(undefined),
  };

  function requestArb(route: TableRoute): fc.Arbitrary<Sent> {
    const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
    const names = paramNames(route.url);
    const params = fc.record(
      Object.fromEntries(
        names.map((n) => [
          n,
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(realParam(route.url, n, fixtures) ?? '') },
            { weight: 1, arbitrary: fc.uuid() },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(...INJECTIONS, ...STRANGE_TEXT.filter((t) => !/[\uD800-\uDFFF]/.test(t)))
                .map((t) => encodeURIComponent(t) || '%20'),
            },
          ),
        ]),
      ),
    );
    const props = Object.entries(schema.querystring?.properties ?? {});
    const query = schema.querystring
      ? fc.oneof(
          {
            weight: 3,
            arbitrary: validArb(schema.querystring, hints).map((v) =>
              toQuery(Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, String(x)]))),
            ),
          },
          {
            weight: 3,
            arbitrary: fc
              .tuple(
                fc.record(
                  Object.fromEntries(
                    props.map(([k, ps]) => [k, fc.option(queryText(ps), { nil: undefined })]),
                  ),
                ),
                fc.dictionary(
                  fc.constantFrom('__proto__', 'constructor', 'limit[]', 'x', 'keyword[$ne]'),
                  fc.constantFrom('1', "'", '%00'),
                  { maxKeys: 2 },
                ),
              )
              .map(([q, extra]) => toQuery({ ...q, ...extra })),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'limit=%00',
              'keyword=%E0%A4%A',
              'keyword=%',
              'limit=1e308',
              'offset=-0',
              'limit=NaN',
              'status=ACTIVE%00',
              '&&&=&',
              'keyword=a&keyword=b',
            ),
          },
        )
      : fc.constant('');
    const body = schema.body
      ? fc.oneof(
          { weight: 3, arbitrary: validArb(schema.body, hints).map((v) => JSON.stringify(v)) },
          { weight: 3, arbitrary: hostileArb(schema.body, hints).map((v) => JSON.stringify(v) ?? 'null') },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES, ...DEEP) },
          { weight: 1, arbitrary: hostileLeaf.map((v) => JSON.stringify(v) ?? 'null') },
        )
      : fc.constant(undefined);
    return fc.tuple(params, query, body).map(([p, q, b]) => {
      const path = fillPath(route.url, fixtures, p as Record<string, string>);
      return {
        method: route.method,
        url: q ? `${path}?${q}` : path,
        headers: { ...admin, ...(b !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(b !== undefined ? { payload: b } : {}),
      };
    });
  }

  const short = (s: Sent) => `${s.method} ${s.url.slice(0, 300)} ${String(s.payload ?? '').slice(0, 300)}`;

  /** Nothing left to happen in the background: events handled, item imports finished. */
  async function quiet(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      await system.settle();
      const running = await system.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'catalog' AND table_name = 'import_jobs'`,
      );
      if (running.rows[0]!.n === 0) return;
      const jobs = await system.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM catalog.import_jobs WHERE status = 'running'`,
      );
      if (jobs.rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function check(route: TableRoute, req: Sent): Promise<void> {
    await quiet();
    const before = await fingerprint(system);
    const res: LightMyRequestResponse = await system.app.inject({
      method: req.method as 'POST',
      url: req.url,
      headers: req.headers,
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    const what = `${short(req)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const message = (JSON.parse(res.body) as { message?: unknown }).message;
      expect(
        typeof message === 'string' || Array.isArray(message),
        `refusal without a message: ${what}`,
      ).toBe(true);
      await quiet();
      const changed = fingerprintDiff(before, await fingerprint(system), WRITES_ON_REFUSAL[route.key]);
      expect(changed, `a refusal stored something: ${what}`).toEqual([]);
    }
  }

  const withInput = (r: TableRoute) => {
    const s = (r.schema ?? {}) as Record<string, unknown>;
    return Boolean(s.body || s.querystring || s.params);
  };
  const fuzzed = routes.filter(withInput);

  describe('hostile requests', () => {
    it('cover every route with a body, query or path parameters', () => {
      expect(all.filter(withInput).length).toBeGreaterThan(10);
      expect(fuzzed.length).toBeGreaterThan(10 / shard.count);
    });

    for (const route of fuzzed) {
      it(`${route.key}: never a 5xx, and a refusal stores nothing`, async () => {
        await restoreFixtures();
        await fc.assert(
          fc.asyncProperty(requestArb(route), (req) => check(route, req)),
          { seed: seedOf(route.key), numRuns: RUNS, endOnFailure: true },
        );
      }, 120_000);
    }

    for (const route of routes.filter((r) => (r.schema as { body?: unknown } | undefined)?.body)) {
      it(`${route.key}: a deeply nested body is refused with 400`, async () => {
        for (const payload of DEEP) {
          const res = await system.app.inject({
            method: route.method as 'POST',
            url: fillPath(route.url, fixtures),
            headers: { ...admin, 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode, `${payload.slice(0, 40)}…: ${res.body.slice(0, 200)}`).toBe(400);
        }
      });
    }
  });

  describe('hostile uploads', () => {
    const uploads = routes.filter((r) =>
      ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'),
    );

    for (const route of uploads) {
      it(`${route.key}: never a 5xx for a strange file, and a refusal stores nothing`, async () => {
        const file = fc.record({
          name: fc.constantFrom(
            'items.csv',
            'items.xlsx',
            'items.CSV',
            '../../etc/passwd.csv',
            'a\u0000.csv',
            'items.exe',
            '',
            "x'; DROP TABLE items;--.csv",
          ),
          content: fc.oneof(
            fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
            fc
              .array(
                fc.array(
                  fc.oneof(fc.constantFrom(...INJECTIONS), fc.string({ unit: 'binary', maxLength: 30 })),
                  { maxLength: 10 },
                ),
                { maxLength: 6 },
              )
              .map((rows) =>
                Buffer.from(
                  [
                    'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes',
                    ...rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')),
                  ].join('\n'),
                ),
              ),
            fc.constantFrom(
              Buffer.from('PK\u0003\u0004garbage'),
              Buffer.from('\uFEFF'),
              Buffer.alloc(0),
              Buffer.from('"unterminated\n'),
            ),
          ),
          field: fc.constantFrom('file', 'file', 'other'),
        });
        await fc.assert(
          fc.asyncProperty(file, async (f) => {
            const { payload, headers } = multipart({ [f.field]: { filename: f.name, content: f.content } });
            await check(route, {
              method: route.method,
              url: fillPath(route.url, fixtures),
              payload,
              headers: { ...admin, ...headers },
            });
          }),
          { seed: seedOf(route.key), numRuns: RUNS, endOnFailure: true },
        );
      }, 120_000);
    }
  });
}
