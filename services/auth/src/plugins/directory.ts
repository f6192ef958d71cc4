import {
  MemberUpserted,
  SessionRevoked,
  type MemberAccess,
  type MemberUpsertedData,
  type SessionRevokedData,
} from '@erp/contracts';
import type { AccessDirectory, Database, Queryable, ServiceContext } from '@erp/service-kit';
import { toAccess } from '../domain/team.js';
import type { MembersRepository } from '../repositories/members.js';
import type { SessionsRepository } from '../repositories/sessions.js';

/** A safety net only: changes made here drop entries at once, changes elsewhere arrive as events. */
const TTL_MS = 30_000;

/**
 * The auth service reads sessions and members from its own tables, with a cache so that a
 * request does not wait on the database. This instance drops entries as soon as it changes a
 * member or ends a session; changes by other instances arrive as member_upserted and
 * session_revoked events (forgetOnChanges). The gateway also refuses revoked sessions on its own.
 */
export function authDirectory(db: Database, members: MembersRepository, sessions: SessionsRepository) {
  const cache = new Map<string, { memberId: string; access: MemberAccess | null; until: number }>();

  async function lookup(q: Queryable, sessionId: string, memberId: string): Promise<MemberAccess | null> {
    const holder = await sessions.holder(q, sessionId, memberId);
    if (!holder) return null;
    const member = await members.byId(q, memberId);
    return member && member.status === 'active' ? toAccess(member) : null;
  }

  const directory: AccessDirectory = {
    async resolve(sessionId, memberId) {
      const hit = cache.get(sessionId);
      const now = Date.now();
      // The answer is for that session's holder: a token naming another member gets nothing from it.
      if (hit && hit.until > now && hit.memberId === memberId) return hit.access;
      const access = await lookup(db, sessionId, memberId);
      if (cache.size > 10_000) cache.clear();
      cache.set(sessionId, { memberId, access, until: now + TTL_MS });
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

/**
 * Changes made by another instance of this service arrive as member_upserted and session_revoked:
 * what this instance has cached of them is dropped.
 */
export async function forgetOnChanges(
  ctx: ServiceContext,
  forget: { member(memberId: string): void; session(sessionId: string): void },
): Promise<void> {
  await ctx.bus.listen([MemberUpserted.subject, SessionRevoked.subject], async (e) => {
    if (e.subject === MemberUpserted.subject) forget.member((e.data as MemberUpsertedData).memberId);
    else forget.session((e.data as SessionRevokedData).sessionId);
  });
}
