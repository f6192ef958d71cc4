import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultModulesForRole,
  MembersSnapshot,
  MemberUpserted,
  SessionRevoked,
  SessionStarted,
  type EventDefinition,
} from '@erp/contracts';
import { migrate } from '../db/migrate.js';
import { KIT_MIGRATIONS } from '../kit-migrations.js';
import { buildEnvelope } from '../outbox.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { createAccessReplica, type AccessReplica } from './replica.js';

let t: TestDatabase;
let replica: AccessReplica;
const WAIT = 400;

const member = (memberId: string, status: 'active' | 'inactive' = 'active', version = 1) => ({
  memberId,
  name: 'Priya',
  role: 'Purchaser' as const,
  status,
  permissions: { allProjects: true, projects: [], modules: defaultModulesForRole('Purchaser') },
  version,
});
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

async function deliver(def: EventDefinition, data: unknown): Promise<void> {
  await t.db.transaction((tx) => replica.consumer.handle(tx, buildEnvelope('auth', def, data)));
}

beforeEach(async () => {
  t = await createTestDatabase();
  await migrate(t.db, 'probe', 'kit', KIT_MIGRATIONS);
  replica = createAccessReplica('probe', t.db, { sessionWaitMs: WAIT });
  await replica.load();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.drop();
});

describe('the access replica of a service other than auth', () => {
  it('keeps the member’s email; an event without one (older auth) leaves it, an older version changes nothing', async () => {
    const a = randomUUID();
    const email = async () =>
      (
        await t.db.query<{ email: string }>('SELECT email FROM probe.access_members WHERE member_id = $1', [
          a,
        ])
      ).rows[0]!.email;
    await deliver(MemberUpserted, member(a));
    expect(await email()).toBe('');
    await deliver(MemberUpserted, { ...member(a, 'active', 2), email: 'priya@example.com' });
    expect(await email()).toBe('priya@example.com');
    await deliver(MemberUpserted, member(a, 'active', 3));
    expect(await email()).toBe('priya@example.com');
    await deliver(MemberUpserted, { ...member(a, 'active', 1), email: 'old@example.com' });
    expect(await email()).toBe('priya@example.com');
  });

  it('honours a session auth started, only for that member, only while the member is active', async () => {
    const [a, b, sid] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await deliver(MemberUpserted, member(b));
    await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    expect(await replica.directory.resolve(sid, a)).toMatchObject({ memberId: a, name: 'Priya' });
    const started = Date.now();
    expect(await replica.directory.resolve(sid, b)).toBeNull();
    expect(Date.now() - started).toBeLessThan(WAIT);
    await deliver(MemberUpserted, member(a, 'inactive', 2));
    expect(await replica.directory.resolve(sid, a)).toBeNull();
  });

  it('refuses a session it never heard of once the bounded wait is over', async () => {
    const a = randomUUID();
    await deliver(MemberUpserted, member(a));
    const started = Date.now();
    expect(await replica.directory.resolve(randomUUID(), a)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT - 20);
    expect(Date.now() - started).toBeLessThan(WAIT + 1000);
  });

  it('answers a request for a session still in flight as soon as session_started arrives', async () => {
    const replicaWait = createAccessReplica('probe', t.db, { sessionWaitMs: 10_000 });
    await replicaWait.load();
    replica = replicaWait;
    const [a, sid] = [randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    const started = Date.now();
    const pending = replica.directory.resolve(sid, a);
    await new Promise((r) => setTimeout(r, 100));
    await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    expect(await pending).toMatchObject({ memberId: a });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a revoked session, and one whose revocation arrives while a request waits', async () => {
    const [a, s1, s2] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await deliver(SessionStarted, { sessionId: s1, memberId: a, expiresAt: inAnHour() });
    await deliver(SessionRevoked, { sessionId: s1, memberId: a, expiresAt: inAnHour(), reason: 'logout' });
    expect(await replica.directory.resolve(s1, a)).toBeNull();
    // A late redelivery of the start does not bring it back.
    await deliver(SessionStarted, { sessionId: s1, memberId: a, expiresAt: inAnHour() });
    expect(await replica.directory.resolve(s1, a)).toBeNull();
    const pending = replica.directory.resolve(s2, a);
    await deliver(SessionRevoked, {
      sessionId: s2,
      memberId: a,
      expiresAt: inAnHour(),
      reason: 'deactivated',
    });
    expect(await pending).toBeNull();
  });

  it('refuses an expired session and drops expired sessions from memory', async () => {
    const [a, soon, later] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await deliver(SessionStarted, {
      sessionId: soon,
      memberId: a,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await deliver(SessionStarted, { sessionId: later, memberId: a, expiresAt: inAnHour() });
    expect(replica.liveSessions()).toBe(2);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 120_000);
    expect(await replica.directory.resolve(soon, a)).toBeNull();
    replica.prune();
    expect(replica.liveSessions()).toBe(1);
    expect(await replica.directory.resolve(later, a)).toMatchObject({ memberId: a });
  });

  it('learns live sessions from auth’s snapshot, and reads them back after a restart', async () => {
    const [a, sid] = [randomUUID(), randomUUID()];
    await deliver(MembersSnapshot, {
      members: [member(a)],
      sessions: [{ sessionId: sid, memberId: a, expiresAt: inAnHour() }],
      chunk: 1,
      chunks: 1,
    });
    // A snapshot from an auth that sends no sessions is still read.
    await deliver(MembersSnapshot, { members: [member(randomUUID())], chunk: 1, chunks: 1 });
    expect(await replica.directory.resolve(sid, a)).toMatchObject({ memberId: a });
    const restarted = createAccessReplica('probe', t.db, { sessionWaitMs: 0 });
    await restarted.load();
    expect(await restarted.directory.resolve(sid, a)).toMatchObject({ memberId: a });
    expect(await restarted.directory.resolve(sid, randomUUID())).toBeNull();
  });
});

describe('two instances of one service (one durable consumer between them)', () => {
  /** The second instance: same tables, its own memory; auth's events reach it only on its plain subscription, if at all. */
  let other: AccessReplica;
  beforeEach(async () => {
    other = createAccessReplica('probe', t.db, { sessionWaitMs: WAIT, refreshMs: 200 });
    await other.load();
  });
  const heard = (def: EventDefinition, data: unknown) =>
    other.listener.handle(buildEnvelope('auth', def, data));

  it('a sign-in consumed by the first instance is honoured by the second at once, though the second only heard the event', async () => {
    const [a, sid] = [randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await heard(MemberUpserted, member(a));
    await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    await heard(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    const started = Date.now();
    expect(await other.directory.resolve(sid, a)).toMatchObject({ memberId: a });
    expect(Date.now() - started).toBeLessThan(WAIT);
  });

  it('a sign-in the second instance never heard of is found in the tables the first one wrote', async () => {
    const [a, sid] = [randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    expect(await other.directory.resolve(sid, a)).toMatchObject({ memberId: a, role: 'Purchaser' });
  });

  it('a sign-out the second instance heard ends the session there at once; one it missed ends within its refresh', async () => {
    const [a, heardSid, missedSid] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    for (const sid of [heardSid, missedSid])
      await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    expect(await other.directory.resolve(heardSid, a)).not.toBeNull();
    expect(await other.directory.resolve(missedSid, a)).not.toBeNull();

    await deliver(SessionRevoked, {
      sessionId: heardSid,
      memberId: a,
      expiresAt: inAnHour(),
      reason: 'logout',
    });
    await heard(SessionRevoked, {
      sessionId: heardSid,
      memberId: a,
      expiresAt: inAnHour(),
      reason: 'logout',
    });
    expect(await other.directory.resolve(heardSid, a)).toBeNull();

    await deliver(SessionRevoked, {
      sessionId: missedSid,
      memberId: a,
      expiresAt: inAnHour(),
      reason: 'logout',
    });
    await new Promise((r) => setTimeout(r, 250));
    await other.directory.resolve(missedSid, a); // the refresh is due: it starts here
    await new Promise((r) => setTimeout(r, 100));
    expect(await other.directory.resolve(missedSid, a)).toBeNull();
  });

  it('a member deactivated through the first instance is refused by the second after its refresh', async () => {
    const [a, sid] = [randomUUID(), randomUUID()];
    await deliver(MemberUpserted, member(a));
    await deliver(SessionStarted, { sessionId: sid, memberId: a, expiresAt: inAnHour() });
    expect(await other.directory.resolve(sid, a)).not.toBeNull();
    await deliver(MemberUpserted, member(a, 'inactive', 2));
    await new Promise((r) => setTimeout(r, 250));
    await other.directory.resolve(sid, a);
    await new Promise((r) => setTimeout(r, 100));
    expect(await other.directory.resolve(sid, a)).toBeNull();
  });
});
