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

/** Requests waiting for a session (`s:<id>`) or a member (`m:<id>`) to arrive. */
function createWaiters() {
  const waiters = new Map<string, Set<() => void>>();
  let waiting = 0;

  /** Lets every request waiting for `key` go on (it has arrived, or ended). */
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

  return { wake, waitFor };
}

/** The replica's fields of a member (an event's `email` is kept in the table only). */
function replicated(d: Replicated): Replicated {
  return {
    memberId: d.memberId,
    name: d.name,
    role: d.role,
    status: d.status,
    permissions: d.permissions,
    version: d.version,
  };
}

/**
 * This instance's memory of the replica: members, live sessions and ended-session marks, and the
 * requests waiting for one of them. Every path (tables, consumer, listener) changes it through these.
 */
function createReplicaMemory() {
  const members = new Map<string, Replicated>();
  const sessions = new Map<string, LiveSession>();
  const revoked = new Map<string, number>();
  const { wake, waitFor } = createWaiters();
  let nextPrune = Date.now() + PRUNE_EVERY_MS;

  /** A member at this version or newer replaces the one held; requests waiting for them go on. */
  function rememberMember(m: Replicated): void {
    const known = members.get(m.memberId);
    if (!known || known.version <= m.version) members.set(m.memberId, replicated(m));
    wake(`m:${m.memberId}`);
  }

  /** First writer wins: a session id names one member for good. */
  function keepSession(sessionId: string, live: LiveSession): void {
    if (!sessions.has(sessionId)) sessions.set(sessionId, live);
  }

  /** The session ended: marked until it would have expired, and dropped. */
  function markRevoked(sessionId: string, until: number): void {
    revoked.set(sessionId, until);
    sessions.delete(sessionId);
  }

  /** Drops expired sessions and past ended-session marks. */
  function prune(now: number): void {
    nextPrune = now + PRUNE_EVERY_MS;
    for (const [id, s] of sessions) if (s.expiresAt <= now) sessions.delete(id);
    for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
  }

  return {
    members,
    sessions,
    wake,
    waitFor,
    rememberMember,
    keepSession,
    markRevoked,
    prune,
    /** Pruned once a minute, on a request's way through. */
    pruneIfDue(now: number): void {
      if (now >= nextPrune) prune(now);
    },
    /** Marked as ended, even when the mark is past (not yet pruned). */
    hasRevokedMark: (sessionId: string) => revoked.has(sessionId),
    isRevoked(sessionId: string): boolean {
      const until = revoked.get(sessionId);
      return until !== undefined && until > Date.now();
    },
  };
}
type ReplicaMemory = ReturnType<typeof createReplicaMemory>;

/** Members from the replica's table into memory (a newer version held is kept). */
async function readMembers(db: Database, schema: string, memory: ReplicaMemory): Promise<void> {
  const m = await db.query<{
    member_id: string;
    name: string;
    role: Role;
    status: 'active' | 'inactive';
    permissions: Permissions;
    version: number;
  }>(`SELECT member_id, name, role, status, permissions, version FROM ${schema}.access_members`);
  for (const r of m.rows) {
    memory.rememberMember({
      memberId: r.member_id,
      name: r.name,
      role: r.role,
      status: r.status,
      permissions: r.permissions,
      version: r.version,
    });
  }
}

/** Ended sessions not yet expired, then the live sessions that are not among them. */
async function readSessions(db: Database, schema: string, memory: ReplicaMemory): Promise<void> {
  const s = await db.query<{ session_id: string; expires_at: Date }>(
    `SELECT session_id, expires_at FROM ${schema}.revoked_sessions WHERE expires_at > now()`,
  );
  for (const r of s.rows) memory.markRevoked(r.session_id, r.expires_at.getTime());
  const live = await db.query<{ session_id: string; member_id: string; expires_at: Date }>(
    `SELECT session_id, member_id, expires_at FROM ${schema}.access_sessions WHERE expires_at > now()`,
  );
  for (const r of live.rows) {
    if (memory.hasRevokedMark(r.session_id)) continue;
    memory.keepSession(r.session_id, { memberId: r.member_id, expiresAt: r.expires_at.getTime() });
    memory.wake(`s:${r.session_id}`);
  }
}

/** A session another instance's consumer has recorded, read from the table (one row by key). */
async function sessionFromTable(
  db: Database,
  schema: string,
  memory: ReplicaMemory,
  sessionId: string,
): Promise<LiveSession | undefined> {
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
  if (!memory.isRevoked(sessionId)) memory.keepSession(sessionId, live);
  return live;
}

/**
 * Reading the tables into memory: once at start-up (`ready`), and again every `refreshMs` for what
 * another instance's consumer wrote.
 */
function createReplicaLoader(schema: string, db: Database, memory: ReplicaMemory, refreshMs: number) {
  let loading: Promise<void> | undefined;
  let nextRefresh = 0;
  let refreshing: Promise<void> | undefined;

  /** Members first, then ended and live sessions; the next refresh is due `refreshMs` from now. */
  async function load(): Promise<void> {
    nextRefresh = Date.now() + refreshMs;
    await readMembers(db, schema, memory);
    await readSessions(db, schema, memory);
  }

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

  return {
    load,
    ready: () => (loading ??= load()),
    refreshIfDue,
    sessionFromTable: (sessionId: string) => sessionFromTable(db, schema, memory, sessionId),
  };
}
type ReplicaLoader = ReturnType<typeof createReplicaLoader>;

/** The event's effect on this instance's memory only (the consumer writes the tables). */
function rememberEvent(memory: ReplicaMemory, envelope: EventEnvelope): void {
  const start = (d: SessionStartedData) => {
    const expiresAt = Date.parse(d.expiresAt);
    if (!Number.isFinite(expiresAt) || expiresAt <= Date.now() || memory.isRevoked(d.sessionId)) return;
    memory.keepSession(d.sessionId, { memberId: d.memberId, expiresAt });
    memory.wake(`s:${d.sessionId}`);
  };
  try {
    if (envelope.subject === MemberUpserted.subject)
      memory.rememberMember(envelope.data as MemberUpsertedData);
    else if (envelope.subject === SessionStarted.subject) start(envelope.data as SessionStartedData);
    else if (envelope.subject === MembersSnapshot.subject) {
      const d = envelope.data as MembersSnapshotData;
      for (const m of d.members) memory.rememberMember(m);
      for (const x of d.sessions ?? []) start(x);
    } else if (envelope.subject === SessionRevoked.subject) {
      const d = envelope.data as SessionRevokedData;
      memory.markRevoked(d.sessionId, Date.parse(d.expiresAt));
      memory.wake(`s:${d.sessionId}`);
    }
  } catch {
    // Not an event of the expected shape: the durable consumer checks it against its contract.
  }
}

/** A member's event into the table (an older version changes nothing), then into memory. */
async function upsertMember(
  tx: Queryable,
  schema: string,
  memory: ReplicaMemory,
  d: MemberUpsertedData,
): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.access_members (member_id, name, role, status, permissions, version, email) VALUES ($1, $2, $3, $4, $5::jsonb, $6, coalesce($7, ''))
       ON CONFLICT (member_id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, status = EXCLUDED.status,
         permissions = EXCLUDED.permissions, version = EXCLUDED.version,
         email = CASE WHEN $7::text IS NULL THEN ${schema}.access_members.email ELSE EXCLUDED.email END
       WHERE ${schema}.access_members.version <= EXCLUDED.version`,
    [d.memberId, d.name, d.role, d.status, JSON.stringify(d.permissions), d.version, d.email ?? null],
  );
  memory.rememberMember(d);
}

/** A session auth started, unless it has already expired; then into memory. */
async function startSession(
  tx: Queryable,
  schema: string,
  memory: ReplicaMemory,
  d: SessionStartedData,
): Promise<void> {
  const expiresAt = Date.parse(d.expiresAt);
  if (!Number.isFinite(expiresAt) || expiresAt <= Date.now()) return;
  // First writer wins: a session id names one member for good.
  await tx.query(
    `INSERT INTO ${schema}.access_sessions (session_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`,
    [d.sessionId, d.memberId, d.expiresAt],
  );
  memory.keepSession(d.sessionId, { memberId: d.memberId, expiresAt });
  memory.wake(`s:${d.sessionId}`);
}

/** An ended session: marked in the table (until it would have expired) and dropped, then in memory. */
async function revokeSession(
  tx: Queryable,
  schema: string,
  memory: ReplicaMemory,
  d: SessionRevokedData,
): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.revoked_sessions (session_id, member_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING`,
    [d.sessionId, d.memberId, d.expiresAt],
  );
  await tx.query(`DELETE FROM ${schema}.access_sessions WHERE session_id = $1`, [d.sessionId]);
  memory.markRevoked(d.sessionId, Date.parse(d.expiresAt));
  memory.wake(`s:${d.sessionId}`);
}

/** Consumer of auth's member and session events; a plain function of the event. */
function createReplicaConsumer(schema: string, memory: ReplicaMemory) {
  let nextDbPrune = 0;

  /** Expired sessions and marks leave the tables at most once an hour (with a sign-in). */
  async function pruneTables(tx: Queryable): Promise<void> {
    if (Date.now() < nextDbPrune) return;
    nextDbPrune = Date.now() + DB_PRUNE_EVERY_MS;
    await tx.query(`DELETE FROM ${schema}.access_sessions WHERE expires_at < now()`);
    await tx.query(`DELETE FROM ${schema}.revoked_sessions WHERE expires_at < now()`);
  }

  return {
    name: 'access',
    events: [MemberUpserted, SessionStarted, SessionRevoked, MembersSnapshot],
    async handle(tx: Queryable, envelope: EventEnvelope): Promise<void> {
      if (envelope.subject === MemberUpserted.subject)
        await upsertMember(tx, schema, memory, envelope.data as MemberUpsertedData);
      else if (envelope.subject === SessionStarted.subject) {
        await startSession(tx, schema, memory, envelope.data as SessionStartedData);
        await pruneTables(tx);
      } else if (envelope.subject === MembersSnapshot.subject) {
        const d = envelope.data as MembersSnapshotData;
        for (const m of d.members) await upsertMember(tx, schema, memory, m);
        for (const s of d.sessions ?? []) await startSession(tx, schema, memory, s);
        await pruneTables(tx);
      } else if (envelope.subject === SessionRevoked.subject) {
        await revokeSession(tx, schema, memory, envelope.data as SessionRevokedData);
      }
    },
  };
}

/**
 * The directory requests ask: a live session of this member (waiting, bounded, for one that has
 * just started), then the member, who must be active.
 */
function createReplicaDirectory(
  memory: ReplicaMemory,
  loader: ReplicaLoader,
  waitMs: number,
): AccessDirectory {
  /** The session, not ended; undefined when it is unknown by the deadline or ended meanwhile. */
  async function awaitSession(sessionId: string, deadline: number): Promise<LiveSession | undefined> {
    if (memory.isRevoked(sessionId)) return undefined;
    let session = memory.sessions.get(sessionId);
    while (!session) {
      // Perhaps just started: another instance may have recorded it, or auth's event is on its
      // way; wait (bounded) rather than refuse a fresh sign-in.
      session = await loader.sessionFromTable(sessionId);
      if (session || Date.now() >= deadline) break;
      await memory.waitFor(`s:${sessionId}`, Math.min(250, deadline - Date.now()));
      if (memory.isRevoked(sessionId)) return undefined;
      session = memory.sessions.get(sessionId);
    }
    if (!session || memory.isRevoked(sessionId)) return undefined;
    return session;
  }

  /** The member as the replica knows them, waiting for them until the deadline if need be. */
  async function awaitMember(memberId: string, deadline: number): Promise<Replicated | undefined> {
    const m = memory.members.get(memberId);
    if (m) return m;
    // auth announces a member before any of their sessions; this only waits if they came apart
    // (or another instance recorded the member: read the tables again).
    await (loader.refreshIfDue() ?? loader.load().catch(() => undefined));
    if (!memory.members.get(memberId)) await memory.waitFor(`m:${memberId}`, deadline - Date.now());
    return memory.members.get(memberId);
  }

  return {
    async resolve(sessionId, memberId) {
      await loader.ready();
      const deadline = Date.now() + waitMs;
      memory.pruneIfDue(Date.now());
      void loader.refreshIfDue();
      const session = await awaitSession(sessionId, deadline);
      if (!session) return null;
      if (session.memberId !== memberId || session.expiresAt <= Date.now()) return null;
      const m = await awaitMember(memberId, deadline);
      if (!m || m.status !== 'active') return null;
      return {
        memberId: m.memberId,
        name: m.name,
        role: m.role,
        status: m.status,
        permissions: m.permissions,
      };
    },
  };
}

/**
 * The access directory of a service other than auth: members, live sessions and ended sessions
 * replicated from auth's events into the service's own schema (access_members, access_sessions,
 * revoked_sessions) and held in memory. A token is honoured only for a session auth started for
 * that member, not ended and not expired, of a member the replica knows as active.
 */
export function createAccessReplica(schema: string, db: Database, options: AccessReplicaOptions = {}) {
  const memory = createReplicaMemory();
  const loader = createReplicaLoader(schema, db, memory, options.refreshMs ?? REPLICA_REFRESH_MS);
  const directory = createReplicaDirectory(memory, loader, options.sessionWaitMs ?? SESSION_WAIT_MS);

  return {
    directory,
    /**
     * Read the replica into memory. Called at start-up, before any consumer runs: a consumer runs
     * inside a transaction, and on PGlite (one connection) a query outside it would wait forever.
     */
    load: loader.ready,
    async isEmpty(): Promise<boolean> {
      await loader.ready();
      return memory.members.size === 0;
    },
    /** Live sessions held in memory (tests: expired ones are pruned). */
    liveSessions(): number {
      return memory.sessions.size;
    },
    /** Drop expired sessions and ended-session marks from memory now (otherwise once a minute). */
    prune(): void {
      memory.prune(Date.now());
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
        rememberEvent(memory, envelope);
      },
    },
    /** Consumer of auth's member and session events; a plain function of the event. */
    consumer: createReplicaConsumer(schema, memory),
  };
}
export type AccessReplica = ReturnType<typeof createAccessReplica>;
