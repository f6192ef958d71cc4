import { BoqUpserted } from '@erp/contracts';
import type { Queryable, ServiceContext } from '@erp/service-kit';
import type { BoqsRepository } from '../repositories/boqs.js';

/** erp.projects.boq_upserted.v1 of the revision as stored now, in the change's transaction (outbox). */
export async function announceBoq(
  ctx: ServiceContext,
  boqs: BoqsRepository,
  tx: Queryable,
  id: string,
  meta: { requestId: string; actorId: string },
): Promise<void> {
  await ctx.emit(tx, BoqUpserted, await boqs.event(tx, id), meta);
}
