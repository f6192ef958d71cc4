import { randomUUID } from 'node:crypto';
import type { Queryable } from '@erp/service-kit';

export interface SessionRow {
  id: string;
  member_id: string;
  expires_at: Date;
}

export function sessionsRepository(schema: string) {
  return {
    async create(
      db: Queryable,
      memberId: string,
      ttlHours: number,
      ip: string,
      userAgent: string | undefined,
    ) {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
      await db.query(
        `INSERT INTO ${schema}.sessions (id, member_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)`,
        [id, memberId, expiresAt, ip, userAgent?.slice(0, 300) ?? null],
      );
      return { id, expiresAt };
    },

    /** The member holding an open session, in one query (the per-request authorisation lookup). */
    async holder(db: Queryable, id: string, memberId: string): Promise<string | null> {
      const res = await db.query<{ member_id: string }>(
        `SELECT member_id FROM ${schema}.sessions WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
        [id, memberId],
      );
      return res.rows[0]?.member_id ?? null;
    },

    async isActive(db: Queryable, id: string, memberId: string): Promise<boolean> {
      const res = await db.query(
        `SELECT 1 FROM ${schema}.sessions WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
        [id, memberId],
      );
      return res.rows.length > 0;
    },

    /** Every open session (for the snapshot other services' replicas start from). */
    async live(db: Queryable): Promise<SessionRow[]> {
      const res = await db.query<SessionRow>(
        `SELECT id, member_id, expires_at FROM ${schema}.sessions WHERE revoked_at IS NULL AND expires_at > now() ORDER BY created_at, id`,
      );
      return res.rows;
    },

    /** Revoke one session or all of a member's; returns what was revoked (for the events). */
    async revoke(
      db: Queryable,
      by: { sessionId: string } | { memberId: string },
      reason: 'logout' | 'deactivated',
    ): Promise<SessionRow[]> {
      const [cond, value] = 'sessionId' in by ? ['id = $1', by.sessionId] : ['member_id = $1', by.memberId];
      const res = await db.query<SessionRow>(
        `UPDATE ${schema}.sessions SET revoked_at = now(), revoked_reason = $2
          WHERE ${cond} AND revoked_at IS NULL AND expires_at > now() RETURNING id, member_id, expires_at`,
        [value, reason],
      );
      return res.rows;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
