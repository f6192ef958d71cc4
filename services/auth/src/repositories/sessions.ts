import { randomUUID } from 'node:crypto';
import { onSchema, type Queryable } from '@erp/service-kit';

export interface SessionRow {
  id: string;
  member_id: string;
  expires_at: Date;
}

export async function createSession(
  schema: string,
  db: Queryable,
  memberId: string,
  ttlHours: number,
  ip: string,
  userAgent: string | undefined,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.query(
    `INSERT INTO ${schema}.sessions (id, member_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)`,
    [id, memberId, expiresAt, ip, userAgent?.slice(0, 300) ?? null],
  );
  return { id, expiresAt };
}

/** The member holding an open session, in one query (the per-request authorisation lookup). */
export async function sessionHolder(
  schema: string,
  db: Queryable,
  id: string,
  memberId: string,
): Promise<string | null> {
  const res = await db.query<{ member_id: string }>(
    `SELECT member_id FROM ${schema}.sessions WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
    [id, memberId],
  );
  return res.rows[0]?.member_id ?? null;
}

export async function sessionIsActive(
  schema: string,
  db: Queryable,
  id: string,
  memberId: string,
): Promise<boolean> {
  const res = await db.query(
    `SELECT 1 FROM ${schema}.sessions WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
    [id, memberId],
  );
  return res.rows.length > 0;
}

/** Every open session (for the snapshot other services' replicas start from). */
export async function liveSessions(schema: string, db: Queryable): Promise<SessionRow[]> {
  const res = await db.query<SessionRow>(
    `SELECT id, member_id, expires_at FROM ${schema}.sessions WHERE revoked_at IS NULL AND expires_at > now() ORDER BY created_at, id`,
  );
  return res.rows;
}

/** Revoke one session or all of a member's; returns what was revoked (for the events). */
export async function revokeSessions(
  schema: string,
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
}

/** The session queries on one schema. */
export function sessionsRepository(schema: string) {
  const on = <A extends unknown[], R>(fn: (schema: string, ...args: A) => R) => onSchema(schema, fn);
  return {
    create: on(createSession),
    holder: on(sessionHolder),
    isActive: on(sessionIsActive),
    live: on(liveSessions),
    revoke: on(revokeSessions),
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
