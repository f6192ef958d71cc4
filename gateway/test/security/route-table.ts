/**
 * The route table the security suite runs over: every /api/v1 route of the router, with the access
 * it requires. Services declare it on the route (`config: { access }`, RouteAccess in service-kit);
 * a route that checks inside its handler instead, or a route of the gateway itself, is listed in
 * UNDECLARED below with what it requires. A route that is in neither place fails the suite.
 */
import { can, isAdmin, type MemberAccess } from '@erp/contracts';
import type { RouteAccess } from '@erp/service-kit';
import type { RegisteredRoute, System } from './system.js';

export interface UndeclaredAccess {
  access: RouteAccess;
  /** Why the route has no `config.access` (where its check is made). */
  why: string;
  /** Calling it ends the caller's session (it gets a session of its own in the suite). */
  endsSession?: boolean;
}

/**
 * Routes without `config.access`, keyed "METHOD /api/v1/path". Each says what it requires and why
 * the check is not declared on the route. Adding a route without an access declaration means
 * adding it here, deliberately.
 */
export const UNDECLARED: Record<string, UndeclaredAccess> = {
  'GET /api/v1/dashboard': {
    access: 'signed-in',
    why: 'the gateway’s own route; every signed-in member sees the dashboard (gateway session check)',
  },
  'POST /api/v1/auth/logout': {
    access: 'signed-in',
    why: 'anyone signed in may end their own session',
    endsSession: true,
  },
  'GET /api/v1/auth/me': { access: 'signed-in', why: 'anyone signed in reads their own profile' },
  'GET /api/v1/auth/stats': { access: 'signed-in', why: 'dashboard count, every signed-in member' },
  'GET /api/v1/vendors/stats': { access: 'signed-in', why: 'dashboard count, every signed-in member' },
  'POST /api/v1/auth/createTeam': {
    access: 'admin',
    why: 'requireAdmin in the handler (SPEC §6: only an Admin manages the team)',
  },
  'PATCH /api/v1/auth/:id': {
    access: 'admin',
    why: 'requireAdmin in the handler (SPEC §6: only an Admin manages the team)',
  },
  'GET /api/v1/indent/compare/:id': {
    access: { module: 'indent', sub: 'compare', level: 'read' },
    why: 'checked in the handler: Compare read or Approval read (the approval review reads the vendor options too; no demo role has only the second)',
  },
  'PATCH /api/v1/project/:id': {
    access: { module: 'team', sub: 'projectList', level: 'write' },
    why: 'checked in the handler: Project List write or Add Project write (no demo role has only the second)',
  },
};

export interface TableRoute {
  key: string;
  method: string;
  url: string;
  access: RouteAccess;
  /** Where the access came from. */
  declared: boolean;
  endsSession: boolean;
  schema: RegisteredRoute['schema'];
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * The /api/v1 routes of the router (Fastify's route table, which no route can stay out of), each
 * with its access, and the problems of the table: routes whose access is not known (tested as
 * signed-in meanwhile), entries of UNDECLARED that no longer match a route.
 */
export function routeTable(system: System): { routes: TableRoute[]; unknown: string[] } {
  const registered = new Map(system.serviceRoutes.map((r) => [routeKey(r), r]));
  const routes: TableRoute[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const r of system.routerRoutes()) {
    if (!r.url.startsWith('/api/v1/') && r.url !== '/api/v1') continue;
    const key = routeKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    const service = registered.get(key);
    const declared = service?.config?.access;
    const listed = UNDECLARED[key];
    if (declared !== undefined && listed) {
      unknown.push(
        `${key}: declares config.access and is also listed in UNDECLARED (gateway/test/security/route-table.ts); remove it from the list`,
      );
    }
    if (declared === undefined && !listed) {
      unknown.push(
        `${key}: declares no access. Add config: { access: ... } to the route (RouteAccess in packages/service-kit/src/auth/context.ts), ` +
          'or, if the check is made in the handler, list it in UNDECLARED in gateway/test/security/route-table.ts with what it requires',
      );
    }
    routes.push({
      key,
      method: r.method,
      url: r.url,
      // Not declared and not listed: still tested, as signed-in (the services' default), while the first test fails.
      access: declared ?? listed?.access ?? 'signed-in',
      declared: declared !== undefined,
      endsSession: listed?.endsSession ?? false,
      schema: service?.schema,
    });
  }
  for (const key of Object.keys(UNDECLARED)) {
    if (!seen.has(key))
      unknown.push(`${key} is listed in UNDECLARED but no such route is registered; remove it from the list`);
  }
  return { routes: routes.sort((a, b) => a.key.localeCompare(b.key)), unknown };
}

/** Whether a member passes the route's access requirement (the oracle: contracts' can / isAdmin). */
export function allows(
  access: RouteAccess,
  member: Pick<MemberAccess, 'role' | 'permissions'> | null,
): boolean {
  if (access === 'public') return true;
  if (!member) return false;
  if (access === 'signed-in') return true;
  if (access === 'admin') return isAdmin(member);
  return can(member, access.module, access.sub ?? null, access.level);
}

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  return `${access.level} ${access.module}${access.sub ? `.${access.sub}` : ''}`;
}
