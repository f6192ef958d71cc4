import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  canAccessProject,
  isAdmin,
  MODULES,
  type AccessLevel,
  type MemberAccess,
  type ModuleKey,
} from '@erp/contracts';
import { forbidden, unauthorized } from '../errors.js';
import type { TokenService } from './tokens.js';

/** Who is calling: the member's access plus the session the token belongs to. */
export interface AuthContext extends MemberAccess {
  sessionId: string;
}

/**
 * Where a service looks up who holds a session (auth reads its own tables, other services a
 * replica fed by auth's events). Null when the session is revoked or expired or the member is gone.
 */
export interface AccessDirectory {
  resolve(sessionId: string, memberId: string): Promise<MemberAccess | null>;
}

/** What a route requires, declared in its config: `config: { access: { module: 'team', sub: 'teamList', level: 'read' } }`. */
export type RouteAccess =
  'public' | 'signed-in' | 'admin' | { module: ModuleKey; sub?: string; level: AccessLevel };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function describe(module: ModuleKey, sub: string | undefined): string {
  const m = MODULES[module];
  const subs = m.subModules as Record<string, string>;
  return sub && subs[sub] ? subs[sub] : m.label;
}

/** Throws 403 unless the caller may use this module (or sub-module) at this level. */
export function requireAccess(
  request: FastifyRequest,
  module: ModuleKey,
  sub: string | undefined,
  level: AccessLevel,
): AuthContext {
  const auth = requireSignedIn(request);
  if (!can(auth, module, sub ?? null, level)) {
    throw forbidden(`You do not have ${level} access to ${describe(module, sub)}`);
  }
  return auth;
}

export function requireSignedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest, message = 'Only an Admin can do this'): AuthContext {
  const auth = requireSignedIn(request);
  if (!isAdmin(auth)) throw forbidden(message);
  return auth;
}

/** Employees only reach their assigned projects (ARCHITECTURE §7). */
export function requireProject(request: FastifyRequest, projectId: string): AuthContext {
  const auth = requireSignedIn(request);
  if (!canAccessProject(auth, projectId)) throw forbidden('You do not have access to this project');
  return auth;
}

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * Every route is signed-in only unless its config says `access: 'public'`. The token is verified
 * here, in the service, whatever the gateway already checked.
 */
export function installAuthContext(
  app: FastifyInstance,
  tokens: TokenService,
  directory: AccessDirectory,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'signed-in';
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(SESSION_ENDED);
    const member = await directory.resolve(claims.sessionId, claims.memberId);
    if (!member || member.status !== 'active') throw unauthorized(SESSION_ENDED);
    request.auth = { ...member, sessionId: claims.sessionId };
    if (access === 'admin') requireAdmin(request);
    else if (typeof access === 'object') requireAccess(request, access.module, access.sub, access.level);
  });
}
