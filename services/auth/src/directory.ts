import type { MemberAccess } from '@erp/contracts';
import type { AccessDirectory, Database } from '@erp/service-kit';
import { toAccess, type MembersRepository } from './repositories/members.js';
import type { SessionsRepository } from './repositories/sessions.js';

const TTL_MS = 2000;

/**
 * The auth service reads sessions and members from its own tables. A short cache keeps the
 * per-request cost of authorisation low; this instance drops entries as soon as it changes a
 * member or ends a session, and the gateway refuses revoked sessions on its own.
 */
export function authDirectory(db: Database, members: MembersRepository, sessions: SessionsRepository) {
  const cache = new Map<string, { access: MemberAccess | null; until: number }>();
  const directory: AccessDirectory = {
    async resolve(sessionId, memberId) {
      const hit = cache.get(sessionId);
      const now = Date.now();
      if (hit && hit.until > now) return hit.access;
      const [active, member] = await Promise.all([sessions.isActive(db, sessionId, memberId), members.byId(db, memberId)]);
      const access = active && member ? toAccess(member) : null;
      if (cache.size > 10_000) cache.clear();
      cache.set(sessionId, { access, until: now + TTL_MS });
      return access;
    },
  };
  return {
    directory,
    forgetSession(sessionId: string) {
      cache.delete(sessionId);
    },
    forgetMember(memberId: string) {
      for (const [key, v] of cache) if (v.access?.memberId === memberId) cache.delete(key);
    },
  };
}
export type AuthDirectory = ReturnType<typeof authDirectory>;
