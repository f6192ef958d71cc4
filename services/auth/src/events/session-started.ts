import type { SessionStartedData } from '@erp/contracts';
import type { SessionRow } from '../repositories/sessions.js';

/** erp.auth.session_started.v1: every service honours a token only for a session it has heard auth start. */
export function sessionStartedData(session: SessionRow): SessionStartedData {
  return { sessionId: session.id, memberId: session.member_id, expiresAt: session.expires_at.toISOString() };
}
