/**
 * Every /api/v1 route of the router, for every caller: without a token, with forged tokens, as each
 * demo role and as members with custom permissions (ARCHITECTURE §9). Tests are generated from
 * Fastify's own route table, so a route added later is covered without anyone writing a test for it.
 * What each caller must be answered comes from the permission table (permission-table.ts, written
 * from SPEC §6 and the issues), never from the route's own declaration: a route missing from the
 * table, or declared otherwise, fails the first test below.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultModulesForRole, INDENT_MESSAGES, PO_MESSAGES } from '@erp/contracts';
import { SESSION_ENDED } from '@erp/service-kit';
import { MODULES } from '../../src/modules.js';
import { validArb, type JsonSchema } from './arbitraries.js';
import { fillPath, paramNames, type Fixtures } from './fixtures.js';
import { confusionTokens, decodeToken, forgeTokens, type ForgedToken } from './forge.js';
import { meets, REVERSALS, ROLES_ALL, type Scope } from './permission-table.js';
import {
  createProbeMembers,
  createScopeFixtures,
  grantsOf,
  probesFor,
  profileKey,
  type Profile,
} from './permission-probes.js';
import { describeRoute, routeTable, type TableRoute } from './route-table.js';
import { DEMO_PHONES, DEMO_ROLES, type SignedIn, type System } from './system.js';

/** Registers the route-table tests (after making the tokens they send). */
export async function routeSuite(system: System, fixtures: Fixtures): Promise<void> {
  const { routes, problems } = routeTable(system);
  const { Admin, Employee } = system.roles;

  // Members with custom permissions for every row, and an Employee with every permission on no
  // project (project scope); the records the scope checks name.
  const NO_PROJECT: Profile = { role: 'Employee', full: true, noProjects: true };
  const probes = new Map(routes.map((r) => [r.key, r.row ? probesFor(r.row) : []]));
  const members = await createProbeMembers(system, [
    NO_PROJECT,
    ...[...probes.values()].flat().map((p) => p.profile),
  ]);
  const scope = await createScopeFixtures(system, fixtures);

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
    it('every /api/v1 route has its row in the permission table, and declares the access the row says', () => {
      expect(problems, problems.join('\n')).toEqual([]);
    });

    it('the role defaults give each row’s permissions to exactly the roles the spec names', () => {
      const wrong: string[] = [];
      for (const route of routes.filter((r) => r.row)) {
        const through = ROLES_ALL.filter((role) =>
          meets(route.row!.needs, role, defaultModulesForRole(role)),
        );
        if (through.join() !== route.row!.roles.join())
          wrong.push(
            `${route.key}: the defaults let ${through.join(', ')} through, the table ${route.row!.roles.join(', ')}`,
          );
      }
      expect(wrong).toEqual([]);
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
    const isPublic = route.row?.needs === 'public';
    describe(`${route.key} (${describeRoute(route)})`, () => {
      if (isPublic) {
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

      // A route missing from the table has no expectation: the first test fails for it.
      for (const role of route.row ? DEMO_ROLES : []) {
        const allowed = route.row!.roles.includes(role);
        it(`${role}: ${allowed ? 'is let through, never a 5xx' : 'is refused with 403'}`, async () => {
          const caller: SignedIn = route.endsSession
            ? await system.signIn(DEMO_PHONES[role])
            : system.roles[role];
          const res = await send(route, caller.headers);
          expect(res.statusCode, summary(res)).toBeLessThan(500);
          if (allowed && isPublic)
            expect([SIGN_IN, SESSION_ENDED], summary(res)).not.toContain(messageOf(res));
          else if (allowed) expect([401, 403], summary(res)).not.toContain(res.statusCode);
          else expect(res.statusCode, summary(res)).toBe(403);
        });
      }

      for (const probe of probes.get(route.key) ?? []) {
        it(`${probe.name}: ${probe.allowed ? 'is let through' : 'is refused with 403'}`, async () => {
          const member = members.get(profileKey(probe.profile))!;
          const caller = route.endsSession ? await system.signIn(member.phoneNumber) : member;
          const res = await send(route, caller.headers);
          expect(res.statusCode, summary(res)).toBeLessThan(500);
          if (probe.allowed) expect([401, 403], summary(res)).not.toContain(res.statusCode);
          else expect(res.statusCode, summary(res)).toBe(403);
        });
      }

      const params = paramNames(route.url);
      if (params.length > 0 && !isPublic) {
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

  // Project scope (SPEC §6; decisions 0015, 0016, 0020, 0022): an Employee reaches only the records
  // of their projects; another project's answers 404, so its existence is not told. Every row of the
  // table with a scope, on a record of the fixture project (no demo member's).
  const NOT_FOUND: Record<Scope, string> = {
    project: 'Project not found',
    boq: 'BOQ Not Found',
    indent: INDENT_MESSAGES.notFound,
    po: PO_MESSAGES.notFound,
  };
  const scopeIds: Record<Scope, string> = {
    project: fixtures.projectId,
    boq: fixtures.boqId,
    indent: scope.indentId,
    po: scope.poId,
  };
  const scopedRoutes = routes.filter((r) => r.row?.scope);
  // Bodies that pass the schema and the handler's first checks (a sampled one may not: its 400 would
  // come before any scope check).
  const boqBody = {
    projectId: fixtures.projectId,
    name: 'Scope check',
    status: 'draft',
    items: [{ item: fixtures.itemId, plannedQty: 1, unit: 'bags', rate: 1 }],
  };
  const scopeBodies: Record<string, object> = {
    'PUT /api/v1/boq/:id': boqBody,
    'PUT /api/v1/indent/:id': {
      title: 'Scope check',
      projectId: fixtures.projectId,
      boqId: fixtures.boqId,
      items: [{ item: fixtures.itemId, quantity: 1 }],
      status: 'compare',
    },
    'PUT /api/v1/indent/fleet/:id': { vendorId: fixtures.vendorId, amount: 1, gst: 0 },
  };
  const sendScoped = (route: TableRoute, headers: Record<string, string>) => {
    const url = fillPath(route.url, fixtures, { id: scopeIds[route.row!.scope!] });
    const body = scopeBodies[route.key];
    return body
      ? system.app.inject({
          method: route.method as 'PUT',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      : send(route, headers, { url });
  };

  describe('project scope', () => {
    it('the table scopes every route that names a project, a BOQ, an indent or a PO by id', () => {
      const unscoped = routes
        .filter((r) => /^\/api\/v1\/(project|boq|indent|po)\/([a-z]+\/)?:id/.test(r.url) && !r.row?.scope)
        .map((r) => r.key);
      expect(unscoped).toEqual([]);
      expect(new Set(scopedRoutes.map((r) => r.row!.scope))).toEqual(new Set(Object.keys(NOT_FOUND)));
    });

    for (const route of scopedRoutes) {
      const kind = route.row!.scope!;
      it(`${route.key}: another project’s Employee is refused with 404 (403 without the permission)`, async () => {
        // The demo Employee (on PRJ-0001 only) as the table says, then an Employee holding every
        // permission on no project (refused for their role where the row says so).
        const demo = await sendScoped(route, Employee.headers);
        const expected = route.row!.roles.includes('Employee') ? 404 : 403;
        expect(demo.statusCode, summary(demo)).toBe(expected);
        if (expected === 404) expect(messageOf(demo)).toBe(NOT_FOUND[kind]);
        const outsider = await sendScoped(route, members.get(profileKey(NO_PROJECT))!.headers);
        const outsiderExpected = meets(route.row!.needs, 'Employee', grantsOf(NO_PROJECT)) ? 404 : 403;
        expect(outsider.statusCode, summary(outsider)).toBe(outsiderExpected);
        if (outsiderExpected === 404) expect(messageOf(outsider)).toBe(NOT_FOUND[kind]);
        // The same call as an Admin reaches the record (a photo of it may still not exist).
        const admin = await sendScoped(route, Admin.headers);
        expect([401, 403], summary(admin)).not.toContain(admin.statusCode);
        expect(messageOf(admin), summary(admin)).not.toBe(NOT_FOUND[kind]);
      });
    }
  });

  // Who may reverse a ledger entry depends on the entry (decision 0025): each role on a real payment
  // and a real credit note of the fixture vendor, as the table's REVERSALS says.
  describe('ledger reversals, by the entry reversed', () => {
    for (const [kind, rule] of Object.entries(REVERSALS) as Array<
      [keyof typeof REVERSALS, (typeof REVERSALS)[keyof typeof REVERSALS]]
    >) {
      for (const role of DEMO_ROLES) {
        const allowed = rule.roles.includes(role);
        it(`a ${kind}: ${role} ${allowed ? 'is let through' : 'is refused with 403'}`, async () => {
          const res = await system.app.inject({
            method: 'POST',
            url: `/api/v1/vendorTransaction/${fixtures.vendorId}/entries/${scope.entries[kind]}/reverse`,
            headers: system.roles[role].headers,
            payload: { reason: 'Entered by mistake', requestKey: randomUUID() },
          });
          expect(res.statusCode, summary(res)).toBeLessThan(500);
          if (allowed) expect([401, 403, 404], summary(res)).not.toContain(res.statusCode);
          else expect(res.statusCode, summary(res)).toBe(403);
        });
      }
    }
  });

  describe('BOQ scope', () => {
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
        .filter((r) => r.row?.needs !== 'public')
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
