import {
  MembersSnapshot,
  MemberUpserted,
  SessionRevoked,
  SessionStarted,
  type EventEnvelope,
  type MemberAccess,
  type MembersSnapshotData,
  type MemberUpsertedData,
  type Role,
  type SessionRevokedData,
  type SessionStartedData,
  type Permissions,
} from '@erp/contracts';
import type { Database, Queryable } from '../db/types.js';
import type { AccessDirectory } from './context.js';

interface Replicated extends MemberAccess {
  version: number;
}

interface LiveSession {
  memberId: string;
  expiresAt: number;
}

export interface AccessReplicaOptions {
  /**
   * How long a request may wait for a session the replica has not heard of yet: a client calls a
   * service right after signing in, before auth's session_started event has arrived.
   */
  sessionWaitMs?: number;
  /**
   * How often memory is read again from the replica's tables. Several instances of a service share
   * one durable consumer, so each event reaches one instance's consumer; the others hear it on the
   * bus's plain subscription (`listener`), and this refresh covers what that missed (a reconnect).
   */
  refreshMs?: number;
}

/** Bound on how long an instance may miss a change another instance's consumer wrote. */
export const REPLICA_REFRESH_MS = 5000;

/** Within the 2–3 s a sign-in event takes to arrive at worst; refused with 401 after that. */
export const SESSION_WAIT_MS = 2500;
/** Requests waiting at once for unknown sessions; beyond this one is refused at once. */
const MAX_WAITING = 10_000;
const PRUNE_EVERY_MS = 60_000;
const DB_PRUNE_EVERY_MS = 3600_000;

/**
 * The access directory of a service other than auth: members, live sessions and ended sessions
 * replicated from auth's events into the service's own schema (access_members, access_sessions,
 * revoked_sessions) and held in memory. A token is honoured only for a session auth started for
 * that member, not ended and not expired, of a member the replica knows as active.
 */
export function createAccessReplica(schema: string, db: Database, options: AccessReplicaOptions = {}) {
  const waitMs = options.sessionWaitMs ?? SESSION_WAIT_MS;
  const members = new Map<string, Replicated>();
  const sessions = new Map<string, LiveSession>();
  const revoked = new Map<string, number>();
  /** Requests waiting for a session (`s:<id>`) or a member (`m:<id>`) to arrive. */
  const waiters = new Map<string, Set<() => void>>();
  let waiting = 0;
  let nextPrune = Date.now() + PRUNE_EVERY_MS;
  let nextDbPrune = 0;
  let loading: Promise<void> | undefined;

  const refreshMs = options.refreshMs ?? REPLICA_REFRESH_MS;
  let nextRefresh = 0;
  let refreshing: Promise<void> | undefined;

  async function load(): Promise<void> {
    nextRefresh = Date.now() + refreshMs;
    const m = await db.query<{
      member_id: string;
      name: string;
      role: Role;
      status: 'active' | 'inactive';
      permissions: Permissions;
      version: number;
    }>(`SELECT member_id, name, role, status, permissions, version FROM ${schema}.access_members`);
    for (const r of m.rows) {
      const known = members.get(r.member_id);
      if (!known || known.version <= r.version) {
        members.set(r.member_id, {
          memberId: r.member_id,
          name: r.name,
          role: r.role,
          status: r.status,
          permissions: r.permissions,
          version: r.version,
        });
      }
      wake(`m:${r.member_id}`);
    }
    const s = await db.query<{ session_id: string; expires_at: Date }>(
      `SELECT session_id, expires_at FROM ${schema}.revoked_sessions WHERE expires_at > now()`,
    );
    for (const r of s.rows) {
      revoked.set(r.session_id, r.expires_at.getTime());
      sessions.delete(r.session_id);
    }
    const live = await db.query<{ session_id: string; member_id: string; expires_at: Date }>(
      `SELECT session_id, member_id, expires_at FROM ${schema}.access_sessions WHERE expires_at > now()`,
    );
    for (const r of live.rows) {
      if (revoked.has(r.session_id)) continue;
      if (!sessions.has(r.session_id))
        sessions.set(r.session_id, { memberId: r.member_id, expiresAt: r.expires_at.getTime() });
      wake(`s:${r.session_id}`);
    }
  }
  const ready = () => (loading ??= load());

  /** Read the tables again when it is time (at most one read at a time); never fails a request. */
  function refreshIfDue(): Promise<void> | undefined {
    if (refreshMs <= 0 || Date.now() < nextRefresh) return refreshing;
    nextRefresh = Date.now() + refreshMs;
    refreshing ??= load()
      .catch(() => undefined)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  /** A session another instance's consumer has recorded, read from the table (one row by key). */
  async function sessionFromTable(sessionId: string): Promise<LiveSession | undefined> {
    const r = await db
      .query<{ member_id: string; expires_at: Date; revoked: boolean }>(
        `SELECT s.member_id, s.expires_at, EXISTS (SELECT 1 FROM ${schema}.revoked_sessions r WHERE r.session_id = s.session_id) AS revoked
           FROM ${schema}.access_sessions s WHERE s.session_id = $1`,
        [sessionId],
      )
      .catch(() => null);
    const row = r?.rows[0];
    if (!row || row.revoked) return undefined;
    const live = { memberId: row.member_id, expiresAt: row.expires_at.getTime() };
    if (!sessions.has(sessionId) && !isRevoked(sessionId)) sessions.set(sessionId, live);
    return live;
  }

  function wake(key: string): void {
    const set = waiters.get(key);
    if (!set) return;
    waiters.delete(key);
    for (const done of [...set]) done();
  }

  /** Resolves when `key` is woken or after `ms`, whichever comes first. */
  function waitFor(key: string, ms: number): Promise<void> {
    if (ms <= 0 || waiting >= MAX_WAITING) return Promise.resolve();
    return new Promise((resolve) => {
      let set = waiters.get(key);
      if (!set) waiters.set(key, (set = new Set()));
      const mine = set;
      waiting++;
      const done = () => {
        clearTimeout(timer);
        if (mine.delete(done)) waiting--;
        if (mine.size === 0 && waiters.get(key) === mine) waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      mine.add(done);
    });
  }

  function prune(now: number): void {
    nextPrune = now + PRUNE_EVERY_MS;
    for (const [id, s] of sessions) if (s.expiresAt <= now) sessions.delete(id);
    for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
  }

  const isRevoked = (sessionId: string) => {
    const until = revoked.get(sessionId);
    return until !== undefined && until > Date.now();
  };

  async function upsertMember(tx: Queryable, d: MemberUpsertedData): Promise<void> {
    await tx.query(
      `INSERT INTO ${schema}.access_members (member_id, name, role, status, permissions, version, email) VALUES ($1, $2, $3, $4, $5::jsonb, $6, coalesce($7, ''))
       ON CONFLICT (member_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, status = EXCLUDED.status,
         permissions = EXCLUDED.permissions, version = EXCLUDED.version,
         email = CASE WHEN $7::text IS NULL THEN ${schema}.access_members.email ELSE EXCLUDED.email END
       WHERE ${schema}.access_members.version <= EXCLUDED.version`,
      [d.memberId, d.name, d.role, d.status, JSON.stringify(d.permissions), d.version, d.email ?? null],
    );
    const known = members.get(d.memberId);
    if (!known || known.version <= d.version) {
      members.set(d.memberId, {
        memberId: d.memberId,
        name: d.name,
        role: d.role,
        status: d.status,
        permissions: d.permissions,
        version: d.version,
      });
    }
    wake(`m:${d.memberId}`);
  }

  async function startSession(tx: Queryable, d: SessionStartedData): Promise<void> {
    const expiresAt = Date.parse(d.expiresAt);
    if (!Number.isFinite(expiresAt) || expiresAt <= Date.now()) return;
    // First writer wins: a session id names one member for good.
    await tx.query(
      `INSERT INTO ${schema}.access_sessions (session_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`,
      [d.sessionId, d.memberId, d.expiresAt],
    );
    if (!sessions.has(d.sessionId)) sessions.set(d.sessionId, { memberId: d.memberId, expiresAt });
    wake(`s:${d.sessionId}`);
  }

  async function pruneTables(tx: Queryable): Promise<void> {
    if (Date.now() < nextDbPrune) return;
    nextDbPrune = Date.now() + DB_PRUNE_EVERY_MS;
    await tx.query(`DELETE FROM ${schema}.access_sessions WHERE expires_at < now()`);
    await tx.query(`DELETE FROM ${schema}.revoked_sessions WHERE expires_at < now()`);
  }

  /** The event's effect on this instance's memory only (the consumer writes the tables). */
  function remember(envelope: EventEnvelope): void {
    const apply = (d: MemberUpsertedData) => {
      const known = members.get(d.memberId);
      if (!known || known.version <= d.version) {
        members.set(d.memberId, {
          memberId: d.memberId,
          name: d.name,
          role: d.role,
          status: d.status,
          permissions: d.permissions,
          version: d.version,
        });
      }
      wake(`m:${d.memberId}`);
    };
    const start = (d: SessionStartedData) => {
      const expiresAt = Date.parse(d.expiresAt);
      if (!Number.isFinite(expiresAt) || expiresAt <= Date.now() || isRevoked(d.sessionId)) return;
      if (!sessions.has(d.sessionId)) sessions.set(d.sessionId, { memberId: d.memberId, expiresAt });
      wake(`s:${d.sessionId}`);
    };
    try {
      if (envelope.subject === MemberUpserted.subject) apply(envelope.data as MemberUpsertedData);
      else if (envelope.subject === SessionStarted.subject) start(envelope.data as SessionStartedData);
      else if (envelope.subject === MembersSnapshot.subject) {
        const d = envelope.data as MembersSnapshotData;
        for (const m of d.members) apply(m);
        for (const x of d.sessions ?? []) start(x);
      } else if (envelope.subject === SessionRevoked.subject) {
        const d = envelope.data as SessionRevokedData;
        revoked.set(d.sessionId, Date.parse(d.expiresAt));
        sessions.delete(d.sessionId);
        wake(`s:${d.sessionId}`);
      }
    } catch {
      // Not an event of the expected shape: the durable consumer checks it against its contract.
    }
  }

  const directory: AccessDirectory = {
    async resolve(sessionId, memberId) {
      await ready();
      const deadline = Date.now() + waitMs;
      if (Date.now() >= nextPrune) prune(Date.now());
      void refreshIfDue();
      if (isRevoked(sessionId)) return null;
      let session = sessions.get(sessionId);
      while (!session) {
        // Perhaps just started: another instance may have recorded it, or auth's event is on its
        // way; wait (bounded) rather than refuse a fresh sign-in.
        session = await sessionFromTable(sessionId);
        if (session || Date.now() >= deadline) break;
        await waitFor(`s:${sessionId}`, Math.min(250, deadline - Date.now()));
        if (isRevoked(sessionId)) return null;
        session = sessions.get(sessionId);
      }
      if (!session || isRevoked(sessionId)) return null;
      if (session.memberId !== memberId || session.expiresAt <= Date.now()) return null;
      let m = members.get(memberId);
      if (!m) {
        // auth announces a member before any of their sessions; this only waits if they came apart
        // (or another instance recorded the member: read the tables again).
        await (refreshIfDue() ?? load().catch(() => undefined));
        m = members.get(memberId);
        if (!m) await waitFor(`m:${memberId}`, deadline - Date.now());
        m = members.get(memberId);
        if (!m) return null;
      }
      if (m.status !== 'active') return null;
      return {
        memberId: m.memberId,
        name: m.name,
        role: m.role,
        status: m.status,
        permissions: m.permissions,
      };
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
    /** Live sessions held in memory (tests: expired ones are pruned). */
    liveSessions(): number {
      return sessions.size;
    },
    /** Drop expired sessions and ended-session marks from memory now (otherwise once a minute). */
    prune(): void {
      prune(Date.now());
    },
    /**
     * Every instance's own plain subscription to the same events: keeps this instance's memory
     * current when another instance of the service consumed the event (and wrote the tables).
     */
    listener: {
      subjects: [
        MemberUpserted.subject,
        SessionStarted.subject,
        SessionRevoked.subject,
        MembersSnapshot.subject,
      ],
      async handle(envelope: EventEnvelope): Promise<void> {
        remember(envelope);
      },
    },
    /** Consumer of auth's member and session events; a plain function of the event. */
    consumer: {
      name: 'access',
      events: [MemberUpserted, SessionStarted, SessionRevoked, MembersSnapshot],
      async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
        if (envelope.subject === MemberUpserted.subject)
          await upsertMember(tx, envelope.data as MemberUpsertedData);
        else if (envelope.subject === SessionStarted.subject) {
          await startSession(tx, envelope.data as SessionStartedData);
          await pruneTables(tx);
        } else if (envelope.subject === MembersSnapshot.subject) {
          const d = envelope.data as MembersSnapshotData;
          for (const m of d.members) await upsertMember(tx, m);
          for (const s of d.sessions ?? []) await startSession(tx, s);
          await pruneTables(tx);
        } else if (envelope.subject === SessionRevoked.subject) {
          const d = envelope.data as SessionRevokedData;
          await tx.query(
            `INSERT INTO ${schema}.revoked_sessions (session_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`,
            [d.sessionId, d.memberId, d.expiresAt],
          );
          await tx.query(`DELETE FROM ${schema}.access_sessions WHERE session_id = $1`, [d.sessionId]);
          revoked.set(d.sessionId, Date.parse(d.expiresAt));
          sessions.delete(d.sessionId);
          wake(`s:${d.sessionId}`);
        }
      },
    },
  };
}
export type AccessReplica = ReturnType<typeof createAccessReplica>;
