import { MembersSnapshot, type Member, type MemberUpsertedData, type SessionRevokedData } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { MembersRepository } from './repositories/members.js';
import type { SessionRow } from './repositories/sessions.js';

/** The events auth publishes, built in one place (the routes and the message pacts use these). */
export function sessionRevokedData(session: SessionRow, reason: SessionRevokedData['reason']): SessionRevokedData {
  return { sessionId: session.id, memberId: session.member_id, expiresAt: session.expires_at.toISOString(), reason };
}

export function memberUpsertedData(m: Member): MemberUpsertedData {
  return { memberId: m._id, name: m.name, role: m.role, status: m.status, permissions: m.permissions, version: m.version };
}

const SNAPSHOT_CHUNK = 200;

/** Every member's access as erp.auth.members_snapshot.v1 events of at most 200 members each. */
export async function publishMembersSnapshot(tx: Queryable, ctx: ServiceContext, members: MembersRepository): Promise<void> {
  const all: MemberUpsertedData[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await members.list(tx, { keyword: '', status: null, limit: 100, offset });
    all.push(...page.result.map(memberUpsertedData));
    if (page.result.length < 100) break;
  }
  const chunks = Math.max(1, Math.ceil(all.length / SNAPSHOT_CHUNK));
  for (let i = 0; i < chunks; i++) {
    await ctx.emit(tx, MembersSnapshot, { members: all.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK), chunk: i + 1, chunks });
  }
}
