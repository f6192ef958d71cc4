import {
  MembersSnapshot,
  MemberUpserted,
  SessionRevoked,
  type EventEnvelope,
  type MemberAccess,
  type MembersSnapshotData,
  type MemberUpsertedData,
  type Role,
  type SessionRevokedData,
  type Permissions,
} from '@erp/contracts';
import type { Database, Queryable } from '../db/types.js';
import type { AccessDirectory } from './context.js';

interface Replicated extends MemberAccess {
  version: number;
}

/**
 * The access directory of a service other than auth: members and ended sessions replicated from
 * auth's events into the service's own schema (access_members, revoked_sessions) and held in
 * memory. A member the replica does not know, or an inactive one, cannot call the service.
 */
export function createAccessReplica(schema: string, db: Database) {
  const members = new Map<string, Replicated>();
  const revoked = new Map<string, number>();
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const m = await db.query<{ member_id: string; name: string; role: Role; status: 'active' | 'inactive'; permissions: Permissions; version: number }>(
      `SELECT member_id, name, role, status, permissions, version FROM ${schema}.access_members`,
    );
    for (const r of m.rows) members.set(r.member_id, { memberId: r.member_id, name: r.name, role: r.role, status: r.status, permissions: r.permissions, version: r.version });
    const s = await db.query<{ session_id: string; expires_at: Date }>(`SELECT session_id, expires_at FROM ${schema}.revoked_sessions WHERE expires_at > now()`);
    for (const r of s.rows) revoked.set(r.session_id, r.expires_at.getTime());
  }
  const ready = () => (loading ??= load());

  async function upsertMember(tx: Queryable, d: MemberUpsertedData): Promise<void> {
    await tx.query(
      `INSERT INTO ${schema}.access_members (member_id, name, role, status, permissions, version) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (member_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, status = EXCLUDED.status,
         permissions = EXCLUDED.permissions, version = EXCLUDED.version
       WHERE ${schema}.access_members.version <= EXCLUDED.version`,
      [d.memberId, d.name, d.role, d.status, JSON.stringify(d.permissions), d.version],
    );
    const known = members.get(d.memberId);
    if (!known || known.version <= d.version) {
      members.set(d.memberId, { memberId: d.memberId, name: d.name, role: d.role, status: d.status, permissions: d.permissions, version: d.version });
    }
  }

  const directory: AccessDirectory = {
    async resolve(sessionId, memberId) {
      await ready();
      const until = revoked.get(sessionId);
      if (until !== undefined && until > Date.now()) return null;
      const m = members.get(memberId);
      if (!m) return null;
      return { memberId: m.memberId, name: m.name, role: m.role, status: m.status, permissions: m.permissions };
    },
  };

  return {
    directory,
    /**
     * Read the replica into memory. Called at start-up, before any consumer runs: a consumer runs
     * inside a transaction, and on PGlite (one connection) a query outside it would wait forever.
     */
    load: ready,
    async isEmpty(): Promise<boolean> {
      await ready();
      return members.size === 0;
    },
    /** Consumer of auth's member and session events; a plain function of the event. */
    consumer: {
      name: 'access',
      events: [MemberUpserted, SessionRevoked, MembersSnapshot],
      async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
        if (envelope.subject === MemberUpserted.subject) await upsertMember(tx, envelope.data as MemberUpsertedData);
        else if (envelope.subject === MembersSnapshot.subject) {
          for (const m of (envelope.data as MembersSnapshotData).members) await upsertMember(tx, m);
        } else if (envelope.subject === SessionRevoked.subject) {
          const d = envelope.data as SessionRevokedData;
          await tx.query(
            `INSERT INTO ${schema}.revoked_sessions (session_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`,
            [d.sessionId, d.memberId, d.expiresAt],
          );
          revoked.set(d.sessionId, Date.parse(d.expiresAt));
        }
      },
    },
  };
}
export type AccessReplica = ReturnType<typeof createAccessReplica>;
