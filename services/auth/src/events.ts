import {
  MembersSnapshot,
  type Member,
  type MemberUpsertedData,
  type SessionRevokedData,
  type SessionStartedData,
} from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { MembersRepository } from './repositories/members.js';
import type { SessionRow, SessionsRepository } from './repositories/sessions.js';

/** The events auth publishes, built in one place (the routes and the message pacts use these). */
export function sessionRevokedData(
  session: SessionRow,
  reason: SessionRevokedData['reason'],
): SessionRevokedData {
  return {
    sessionId: session.id,
    memberId: session.member_id,
    expiresAt: session.expires_at.toISOString(),
    reason,
  };
}

export function sessionStartedData(session: SessionRow): SessionStartedData {
  return { sessionId: session.id, memberId: session.member_id, expiresAt: session.expires_at.toISOString() };
}

export function memberUpsertedData(m: Member): MemberUpsertedData {
  return {
    memberId: m._id,
    name: m.name,
    role: m.role,
    status: m.status,
    permissions: m.permissions,
    version: m.version,
    email: m.email,
  };
}

const SNAPSHOT_CHUNK = 200;
const SESSIONS_CHUNK = 1000;

/**
 * Every member's access, and every live session, as erp.auth.members_snapshot.v1 events of at most
 * 200 members and 1,000 sessions each.
 */
export async function publishMembersSnapshot(
  tx: Queryable,
  ctx: ServiceContext,
  members: MembersRepository,
  sessions: SessionsRepository,
): Promise<void> {
  const all: MemberUpsertedData[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await members.list(tx, { keyword: '', status: null, limit: 100, offset });
    all.push(...page.result.map(memberUpsertedData));
    if (page.result.length < 100) break;
  }
  const live = (await sessions.live(tx)).map(sessionStartedData);
  const chunks = Math.max(1, Math.ceil(all.length / SNAPSHOT_CHUNK), Math.ceil(live.length / SESSIONS_CHUNK));
  for (let i = 0; i < chunks; i++) {
    await ctx.emit(tx, MembersSnapshot, {
      members: all.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK),
      sessions: live.slice(i * SESSIONS_CHUNK, (i + 1) * SESSIONS_CHUNK),
      chunk: i + 1,
      chunks,
    });
  }
}
