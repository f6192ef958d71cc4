/**
 * The route table the security suite runs over: every /api/v1 route of the router, each with its
 * row of the permission table (permission-table.ts, written from the spec) and the access its service
 * declares (`config: { access }`, RouteAccess in service-kit). The suite's expectations come from the
 * row, never from the declaration; the declaration is only checked against the row. A route without a
 * row, a row without a route, or a declaration that disagrees fails the suite.
 */
import type { RouteAccess } from '@erp/service-kit';
import {
  declarationProblem,
  describeNeeds,
  PERMISSION_TABLE,
  type PermissionRow,
} from './permission-table.js';
import type { RegisteredRoute, System } from './system.js';

/** Calling it ends the caller's session (it gets a session of its own in the suite). */
const ENDS_SESSION = new Set(['POST /api/v1/auth/logout']);

export interface TableRoute {
  key: string;
  method: string;
  url: string;
  /** What the permission table says (absent: the route is missing from it, and the first test fails). */
  row: PermissionRow | undefined;
  /** What the service declares (`config.access`); absent means the kit's default, signed-in. */
  declared: RouteAccess | undefined;
  endsSession: boolean;
  schema: RegisteredRoute['schema'];
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The row's rule in a test name. */
export const describeRoute = (route: TableRoute) =>
  route.row ? describeNeeds(route.row.needs) : 'not in the table';

/**
 * The /api/v1 routes of the router (Fastify's route table, which no route can stay out of), each
 * with its row, and the problems: routes missing from the permission table, rows that match no route,
 * declarations that disagree with their row.
 */
export function routeTable(system: System): { routes: TableRoute[]; problems: string[] } {
  const registered = new Map(system.serviceRoutes.map((r) => [routeKey(r), r]));
  const routes: TableRoute[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of system.routerRoutes()) {
    if (!r.url.startsWith('/api/v1/') && r.url !== '/api/v1') continue;
    const key = routeKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    const service = registered.get(key);
    const declared = service?.config?.access;
    const row = PERMISSION_TABLE[key];
    if (!row) {
      problems.push(
        `${key} is not in the permission table: add its row to gateway/test/security/permission-table.ts from the spec's rule`,
      );
    } else {
      const problem = declarationProblem(declared, row);
      if (problem) problems.push(`${key} ${problem}`);
    }
    routes.push({
      key,
      method: r.method,
      url: r.url,
      row,
      declared,
      endsSession: ENDS_SESSION.has(key),
      schema: service?.schema,
    });
  }
  for (const key of Object.keys(PERMISSION_TABLE)) {
    if (!seen.has(key)) problems.push(`${key} is in the permission table but no such route is registered`);
  }
  return { routes: routes.sort((a, b) => a.key.localeCompare(b.key)), problems };
}
