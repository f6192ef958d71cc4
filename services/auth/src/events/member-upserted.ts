import { MemberUpserted, type Member, type MemberUpsertedData } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { MembersRepository } from '../repositories/members.js';

/** erp.auth.member_upserted.v1 as built from a stored member (the routes and message pacts use this). */
export function memberUpsertedData(m: Member): MemberUpsertedData {
  return {
    memberId: m._id,
    name: m.name,
    role: m.role,
    status: m.status,
    permissions: m.permissions,
    version: m.version,
    email: m.email,
  };
}

/** The member as stored now, announced in the change's transaction (outbox); answers it. */
export async function publishMember(
  ctx: ServiceContext,
  members: MembersRepository,
  tx: Queryable,
  id: string,
  meta: { requestId?: string; actorId: string | null },
): Promise<Member> {
  const m = (await members.byId(tx, id))!;
  await ctx.emit(tx, MemberUpserted, memberUpsertedData(m), meta);
  return m;
}
