import { ACCESS_SNAPSHOT_REQUESTS, MembersSnapshot, type MemberUpsertedData } from '@erp/contracts';
import type { ConsumerDefinition, Queryable, ServiceContext } from '@erp/service-kit';
import type { MembersRepository } from '../repositories/members.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import { memberUpsertedData } from './member-upserted.js';
import { sessionStartedData } from './session-started.js';

const SNAPSHOT_CHUNK = 200;
const SESSIONS_CHUNK = 1000;

/**
 * Every member's access, and every live session, as erp.auth.members_snapshot.v1 events of at most
 * 200 members and 1,000 sessions each.
 */
export async function publishMembersSnapshot(
  tx: Queryable,
  ctx: ServiceContext,
  members: MembersRepository,
  sessions: SessionsRepository,
): Promise<void> {
  const all: MemberUpsertedData[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await members.list(tx, { keyword: '', status: null, limit: 100, offset });
    all.push(...page.result.map(memberUpsertedData));
    if (page.result.length < 100) break;
  }
  const live = (await sessions.live(tx)).map(sessionStartedData);
  const chunks = Math.max(1, Math.ceil(all.length / SNAPSHOT_CHUNK), Math.ceil(live.length / SESSIONS_CHUNK));
  for (let i = 0; i < chunks; i++) {
    await ctx.emit(tx, MembersSnapshot, {
      members: all.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK),
      sessions: live.slice(i * SESSIONS_CHUNK, (i + 1) * SESSIONS_CHUNK),
      chunk: i + 1,
      chunks,
    });
  }
}

/** A service with an empty member replica asked for everyone's access and live sessions. */
export function accessSnapshotConsumer(
  members: MembersRepository,
  sessions: SessionsRepository,
): ConsumerDefinition {
  return {
    name: 'access-snapshots',
    events: [],
    subjects: [ACCESS_SNAPSHOT_REQUESTS],
    async handle(tx, _envelope, ctx) {
      await publishMembersSnapshot(tx, ctx, members, sessions);
    },
  };
}
