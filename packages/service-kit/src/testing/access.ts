import { randomUUID } from 'node:crypto';
import {
  defaultModulesForRole,
  MemberUpserted,
  normalizeModules,
  SessionRevoked,
  type ModulePermissionsInput,
  type Role,
} from '@erp/contracts';
import { createTokenService } from '../auth/tokens.js';
import { buildEnvelope } from '../outbox.js';
import type { TestHarness } from './index.js';

export interface GrantedAccess {
  memberId: string;
  sessionId: string;
  token: string;
  headers: { authorization: string };
}

export interface GrantOptions {
  name?: string;
  role: Role;
  /** Module permissions; the role's defaults when left out. */
  modules?: ModulePermissionsInput;
  projects?: string[];
  allProjects?: boolean;
  status?: 'active' | 'inactive';
  memberId?: string;
  version?: number;
}

/**
 * A member as auth would announce them (erp.auth.member_upserted.v1 on the harness's bus) and a
 * session token for them, so a service's tests authorise exactly as in production, from its replica.
 */
export async function grantAccess(h: TestHarness, o: GrantOptions): Promise<GrantedAccess> {
  const memberId = o.memberId ?? randomUUID();
  const permissions = {
    allProjects: o.role !== 'Employee' || (o.allProjects ?? false),
    projects: o.role === 'Employee' ? (o.projects ?? []) : [],
    modules: o.modules ? normalizeModules(o.modules) : defaultModulesForRole(o.role),
  };
  await h.bus.publish(
    buildEnvelope('auth', MemberUpserted, {
      memberId,
      name: o.name ?? `${o.role} Tester`,
      role: o.role,
      status: o.status ?? 'active',
      permissions,
      version: o.version ?? 1,
    }),
  );
  await h.settle();
  const sessionId = randomUUID();
  const token = await createTokenService(h.config.jwtSecret).sign({ memberId, sessionId, expiresAt: new Date(Date.now() + 3600_000) });
  return { memberId, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

/** End a session as auth would (erp.auth.session_revoked.v1). */
export async function revokeSession(h: TestHarness, access: GrantedAccess): Promise<void> {
  await h.bus.publish(
    buildEnvelope('auth', SessionRevoked, {
      sessionId: access.sessionId,
      memberId: access.memberId,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      reason: 'logout',
    }),
  );
  await h.settle();
}
