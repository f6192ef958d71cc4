/**
 * erp.indent.upserted.v1: what other services keep of an indent (its BOQ, stage and version), built
 * from the row as the change's own transaction left it, so it is written to the outbox with that
 * change. Every create, edit, selection save, send-back and approval writes one.
 */
import { IndentUpserted, type IndentStatus } from '@erp/contracts';
import {
  event,
  type EventMeta,
  type PendingEvent,
  type Queryable,
  type ServiceContext,
} from '@erp/service-kit';

export async function indentUpsertedEvent(
  tx: Queryable,
  schema: string,
  indentId: string,
): Promise<PendingEvent> {
  const res = await tx.query<{
    id: string;
    indent_number: string;
    project_id: string;
    boq_id: string;
    status: IndentStatus;
    version: number;
  }>(`SELECT id, indent_number, project_id, boq_id, status, version FROM ${schema}.indents WHERE id = $1`, [
    indentId,
  ]);
  const r = res.rows[0];
  if (!r) throw new Error(`indent ${indentId} not found for its event`);
  return event(IndentUpserted, {
    indentId: r.id,
    indentNumber: r.indent_number,
    projectId: r.project_id,
    boqId: r.boq_id,
    status: r.status,
    version: r.version,
  });
}

/** Write the indent's erp.indent.upserted.v1 to the outbox in `tx`. */
export async function announceIndent(
  tx: Queryable,
  ctx: ServiceContext,
  indentId: string,
  meta: EventMeta = {},
): Promise<void> {
  await ctx.emitAll(tx, [await indentUpsertedEvent(tx, ctx.schema, indentId)], { meta });
}
