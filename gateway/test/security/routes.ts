/**
 * Every /api/v1 route of the router, for every caller: without a token, with forged tokens, and
 * as each demo role (ARCHITECTURE §9). Tests are generated from Fastify's own route table, so a
 * route added later is covered without anyone writing a test for it, and a route that does not
 * say what access it requires fails the first test below.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '@erp/service-kit';
import { MODULES } from '../../src/modules.js';
import { validArb, type JsonSchema } from './arbitraries.js';
import { fillPath, paramNames, type Fixtures } from './fixtures.js';
import { confusionTokens, decodeToken, forgeTokens, type ForgedToken } from './forge.js';
import { allows, describeAccess, routeTable, type TableRoute } from './route-table.js';
import { DEMO_PHONES, DEMO_ROLES, type SignedIn, type System } from './system.js';

/** Registers the route-table tests (after making the tokens they send). */
export async function routeSuite(system: System, fixtures: Fixtures): Promise<void> {
  const { routes, unknown } = routeTable(system);
  const { Admin, Employee } = system.roles;

  // Tokens that must be refused, made from the Admin's real token.
  const forged: ForgedToken[] = await forgeTokens(Admin.token, Employee.token);
  const tokens = system.runtimes.auth!.ctx.tokens;
  {
    const { sid } = decodeToken(Admin.token).payload as { sid: string };
    forged.push({
      name: 'expired (signed by auth)',
      token: await tokens.sign({
        memberId: Admin.user._id,
        sessionId: sid,
        expiresAt: new Date(Date.now() - 60_000),
      }),
    });
    const ended = await system.signIn(DEMO_PHONES.Accountant);
    await system.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: ended.headers });
    forged.push({ name: 'of a session ended by logout', token: ended.token });
    // Where auth publishes its public keys (ARCHITECTURE §7), HS256 keyed with them must fail too.
    for (const url of [
      '/.well-known/jwks.json',
      '/api/v1/auth/jwks',
      '/api/v1/auth/.well-known/jwks.json',
      '/api/v1/.well-known/jwks.json',
    ]) {
      const res = await system.app.inject({ method: 'GET', url });
      if (res.statusCode === 200 && /json/.test(String(res.headers['content-type'])))
        forged.push(...(await confusionTokens(Admin.token, res.json())));
    }
  }

  // Tokens with auth's own signature that auth never issued: for a session it never started, or for
  // another member than the one whose session it is (ARCHITECTURE §7: the session must belong to
  // that member). Made on a session of their own, which a wrongly accepted logout may end.
  const spare = await system.signIn(DEMO_PHONES.Employee);
  const unissued: ForgedToken[] = [];
  {
    const { sid } = decodeToken(spare.token).payload as { sid: string };
    const hour = new Date(Date.now() + 3_600_000);
    unissued.push(
      {
        name: 'a session auth never started',
        token: await tokens.sign({ memberId: spare.user._id, sessionId: randomUUID(), expiresAt: hour }),
      },
      {
        name: 'a member that does not exist, on a live session',
        token: await tokens.sign({ memberId: randomUUID(), sessionId: sid, expiresAt: hour }),
      },
      {
        name: 'the Admin, on an Employee’s live session',
        token: await tokens.sign({ memberId: Admin.user._id, sessionId: sid, expiresAt: hour }),
      },
    );
  }

  /** A request of the route's declared shape: real ids in the path, a body and query of its schemas. */
  function sampleRequest(
    route: TableRoute,
    seed = 1,
  ): { url: string; payload?: string; query?: Record<string, string> } {
    const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
    const url = fillPath(route.url, fixtures);
    const body = schema.body ? fc.sample(validArb(schema.body), { seed, numRuns: 1 })[0] : undefined;
    return { url, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) };
  }

  async function send(
    route: TableRoute,
    headers: Record<string, string>,
    over: { url?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const req = sampleRequest(route);
    return system.app.inject({
      method: route.method as 'GET',
      url: over.url ?? req.url,
      headers: { ...headers, ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
  }

  const summary = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 300)}`;
  const SIGN_IN = 'Please sign in to continue';
  function messageOf(res: LightMyRequestResponse): unknown {
    try {
      return (res.json() as { message?: unknown }).message;
    } catch {
      return undefined;
    }
  }

  describe('the route table', () => {
    it('every /api/v1 route declares the access it requires, or is listed with the check its handler makes', () => {
      expect(unknown, unknown.join('\n')).toEqual([]);
    });

    it('holds every route the services registered and every route of the API document', () => {
      const keys = new Set(routes.map((r) => r.key));
      const missing = system.serviceRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !keys.has(k));
      const doc = system.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
      for (const [path, ops] of Object.entries(doc.paths ?? {})) {
        if (!path.startsWith('/api/v1/')) continue;
        for (const method of Object.keys(ops)) {
          const key = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
          if (method !== 'head' && !keys.has(key)) missing.push(key);
        }
      }
      expect(missing).toEqual([]);
    });

    it('finds routes of every embedded service', () => {
      for (const name of Object.keys(system.runtimes)) {
        const prefixes = MODULES[name]?.prefixes ?? [`/${name}`];
        expect(
          routes.some((r) => prefixes.some((p) => r.url.startsWith(`/api/v1${p}/`))),
          name,
        ).toBe(true);
      }
    });
  });

  for (const route of routes) {
    describe(`${route.key} (${describeAccess(route.access)})`, () => {
      if (route.access === 'public') {
        it('answers without a token and ignores forged ones, never with a 5xx', async () => {
          for (const headers of [{}, ...forged.map((f) => ({ authorization: `Bearer ${f.token}` }))]) {
            const res = await send(route, headers);
            expect(res.statusCode, summary(res)).toBeLessThan(500);
            // Its own refusals (a wrong code is 401 at verifyOtp) are fine; asking to sign in is not.
            expect([SIGN_IN, SESSION_ENDED], summary(res)).not.toContain(messageOf(res));
          }
        });
      } else {
        it('refuses a call without a token with 401', async () => {
          for (const headers of [
            {} as Record<string, string>,
            { authorization: '' },
            { authorization: 'Bearer' },
            { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
          ]) {
            const res = await send(route, headers);
            expect(res.statusCode, `${JSON.stringify(headers)}: ${summary(res)}`).toBe(401);
          }
        });

        it('refuses every forged token with 401', async () => {
          const wrong: string[] = [];
          for (const f of forged) {
            const res = await send(route, { authorization: `Bearer ${f.token}` });
            if (res.statusCode !== 401) wrong.push(`${f.name}: ${summary(res)}`);
          }
          expect(wrong).toEqual([]);
        });
      }

      for (const role of DEMO_ROLES) {
        const member = system.roles[role].user;
        const allowed = allows(route.access, member);
        it(`${role}: ${allowed ? 'is let through, never a 5xx' : 'is refused with 403'}`, async () => {
          const caller: SignedIn = route.endsSession
            ? await system.signIn(DEMO_PHONES[role])
            : system.roles[role];
          const res = await send(route, caller.headers);
          expect(res.statusCode, summary(res)).toBeLessThan(500);
          if (allowed && route.access === 'public')
            expect([SIGN_IN, SESSION_ENDED], summary(res)).not.toContain(messageOf(res));
          else if (allowed) expect([401, 403], summary(res)).not.toContain(res.statusCode);
          else expect(res.statusCode, summary(res)).toBe(403);
        });
      }

      const params = paramNames(route.url);
      if (params.length > 0 && route.access !== 'public') {
        it('answers unknown and malformed ids with 400 or 404, never 5xx (as Admin)', async () => {
          const malformed = [
            'not-a-uuid',
            '..',
            '..%2F..%2Fetc%2Fpasswd',
            '%00',
            '%2500',
            "1'%20OR%20'1'%3D'1",
            '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
            'a'.repeat(5_000),
            '%E2%80%AE',
            '%',
            '%zz',
            '00000000-0000-0000-0000-00000000000g',
            `${randomUUID()}%00`,
            `${randomUUID()}'`,
          ];
          const wrong: string[] = [];
          for (const name of params) {
            for (const value of [randomUUID(), '00000000-0000-0000-0000-000000000000', ...malformed]) {
              const url = fillPath(route.url, fixtures, { [name]: value });
              const res = await send(route, Admin.headers, { url });
              const wellFormed = /^[0-9a-f-]{36}$/.test(value);
              // An unknown id in a list filter (a vendor's items) is an empty list, not a refusal.
              const ok = wellFormed && route.method === 'GET' ? [200, 400, 404] : [400, 404, 414];
              if (!ok.includes(res.statusCode)) wrong.push(`${name}=${value.slice(0, 60)}: ${summary(res)}`);
            }
          }
          expect(wrong).toEqual([]);
        });
      }
    });
  }

  // Project scope (SPEC §6, decision 0015): an Employee reaches only their projects; any other
  // project answers 404, so its existence is not told. Every route naming a project by id.
  const projectRoutes = routes.filter(
    (r) => r.url.startsWith('/api/v1/project/') && paramNames(r.url).includes('id'),
  );
  describe('project scope', () => {
    it('finds the routes that name a project', () => {
      expect(projectRoutes.length).toBeGreaterThan(0);
    });

    for (const route of projectRoutes) {
      it(`${route.key}: another project’s Employee is refused with 404 (403 without the module access)`, async () => {
        // The demo Employee (on PRJ-0001 only) and an Employee with every Team write, on no project.
        const demo = await send(route, Employee.headers);
        const expected = allows(route.access, Employee.user) ? 404 : 403;
        expect(demo.statusCode, summary(demo)).toBe(expected);
        if (expected === 404) expect(messageOf(demo)).toBe('Project not found');
        const scoped = await send(route, fixtures.scopedEmployee.headers);
        expect(scoped.statusCode, summary(scoped)).toBe(404);
        expect(messageOf(scoped)).toBe('Project not found');
        // The same call as an Admin reaches the project.
        const admin = await send(route, Admin.headers);
        expect([401, 403, 404], summary(admin)).not.toContain(admin.statusCode);
      });
    }
  });

  // The same for BOQs (decision 0016): a BOQ belongs to its project; an Employee of another project
  // is told 'BOQ Not Found' on every route naming one by id.
  const boqRoutes = routes.filter(
    (r) => r.url.startsWith('/api/v1/boq/') && paramNames(r.url).includes('id'),
  );
  describe('BOQ scope', () => {
    it('finds the routes that name a BOQ', () => {
      expect(boqRoutes.map((r) => r.key)).toEqual(
        expect.arrayContaining([
          'GET /api/v1/boq/:id',
          'GET /api/v1/boq/items/:id',
          'PUT /api/v1/boq/:id',
          'DELETE /api/v1/boq/:id',
          'POST /api/v1/boq/:id/revise',
        ]),
      );
    });

    // A body that passes the schema (a sampled one may not: its 400 would come before any scope check).
    const boqBody = JSON.stringify({
      projectId: fixtures.projectId,
      name: 'Scope check',
      status: 'draft',
      items: [{ item: fixtures.itemId, plannedQty: 1, unit: 'bags', rate: 1 }],
    });
    const sendBoq = (route: TableRoute, headers: Record<string, string>) =>
      (route.schema as { body?: unknown } | undefined)?.body
        ? system.app.inject({
            method: route.method as 'PUT',
            url: fillPath(route.url, fixtures),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: boqBody,
          })
        : send(route, headers);

    for (const route of boqRoutes) {
      it(`${route.key}: another project’s Employee is refused with 404 (403 without the module access)`, async () => {
        const demo = await sendBoq(route, Employee.headers);
        const expected = allows(route.access, Employee.user) ? 404 : 403;
        expect(demo.statusCode, summary(demo)).toBe(expected);
        if (expected === 404) expect(messageOf(demo)).toBe('BOQ Not Found');
        const scoped = await sendBoq(route, fixtures.scopedEmployee.headers);
        expect(scoped.statusCode, summary(scoped)).toBe(404);
        expect(messageOf(scoped)).toBe('BOQ Not Found');
        const admin = await sendBoq(route, Admin.headers);
        expect([401, 403, 404], summary(admin)).not.toContain(admin.statusCode);
      });
    }

    it('an Employee lists only the BOQs of their projects: the demo Employee sees the demo BOQ of PRJ-0001, made from the catalog’s demo items', async () => {
      const mine = await system.app.inject({
        method: 'GET',
        url: '/api/v1/boq/all?limit=100',
        headers: Employee.headers,
      });
      expect(mine.statusCode, summary(mine)).toBe(200);
      const rows = (
        mine.json() as {
          result: Array<{
            _id: string;
            projectId: { projectCode: string };
            status: string;
            itemCount: number;
          }>;
        }
      ).result;
      expect(rows.map((r) => [r.projectId.projectCode, r.status])).toEqual([['PRJ-0001', 'confirmed']]);
      expect(rows[0]!.itemCount).toBeGreaterThanOrEqual(8);
      const scoped = await system.app.inject({
        method: 'GET',
        url: '/api/v1/boq/all',
        headers: fixtures.scopedEmployee.headers,
      });
      expect((scoped.json() as { totalItems: number }).totalItems).toBe(0);
      const all = await system.app.inject({
        method: 'GET',
        url: '/api/v1/boq/all?limit=100',
        headers: Admin.headers,
      });
      expect((all.json() as { result: Array<{ _id: string }> }).result.map((r) => r._id)).toContain(
        fixtures.boqId,
      );
    });

    it('the dashboard’s Active BoQs counts the confirmed BOQs each member can see, through the caller’s token', async () => {
      const active = async (headers: Record<string, string>) => {
        const res = await system.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers });
        expect(res.statusCode, summary(res)).toBe(200);
        return (res.json() as { activeBoq: number }).activeBoq;
      };
      // The demo Employee: PRJ-0001's demo BOQ only; an Employee on no project: none.
      expect(await active(Employee.headers)).toBe(1);
      expect(await active(fixtures.scopedEmployee.headers)).toBe(0);
      // The Admin: both demo BOQs and the fixture's, as the projects service counts them.
      const stats = await system.app.inject({
        method: 'GET',
        url: '/api/v1/boq/stats',
        headers: Admin.headers,
      });
      expect(await active(Admin.headers)).toBe((stats.json() as { activeBoq: number }).activeBoq);
      expect(await active(Admin.headers)).toBeGreaterThanOrEqual(3);
    });
  });

  describe('tokens with auth’s signature that auth never issued', () => {
    it('are refused with 401 on every route that needs a session', async () => {
      // All at once: a service may wait a moment for a session it has not heard of yet.
      const calls = routes
        .filter((r) => r.access !== 'public')
        .flatMap((route) =>
          unissued.map(async (t) => ({
            route,
            t,
            res: await send(route, { authorization: `Bearer ${t.token}` }),
          })),
        );
      const wrong = (await Promise.all(calls))
        .filter((c) => c.res.statusCode !== 401)
        .map((c) => `${c.route.key} with ${c.t.name}: ${summary(c.res)}`);
      expect(wrong).toEqual([]);
    });
  });
}
