import { SessionRevoked, type SessionRevokedData } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { SessionRow } from '../repositories/sessions.js';

/** erp.auth.session_revoked.v1 of an ended session (the routes and message pacts use this). */
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

/** Each ended session announced in the transaction that ended it. */
export async function announceRevoked(
  ctx: ServiceContext,
  tx: Queryable,
  ended: SessionRow[],
  reason: SessionRevokedData['reason'],
  meta: { requestId: string; actorId: string },
): Promise<void> {
  for (const sess of ended) await ctx.emit(tx, SessionRevoked, sessionRevokedData(sess, reason), meta);
}
