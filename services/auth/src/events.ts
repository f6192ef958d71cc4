import type { Member, MemberUpsertedData, SessionRevokedData } from '@erp/contracts';
import type { SessionRow } from './repositories/sessions.js';

/** The events auth publishes, built in one place (the routes and the message pacts use these). */
export function sessionRevokedData(session: SessionRow, reason: SessionRevokedData['reason']): SessionRevokedData {
  return { sessionId: session.id, memberId: session.member_id, expiresAt: session.expires_at.toISOString(), reason };
}

export function memberUpsertedData(m: Member): MemberUpsertedData {
  return { memberId: m._id, name: m.name, role: m.role, status: m.status, permissions: m.permissions, version: m.version };
}
