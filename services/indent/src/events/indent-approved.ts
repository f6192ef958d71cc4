/**
 * erp.indent.approved.v1: an approved indent's lines per vendor at the locked prices with each
 * vendor's fleet cost, from which the PO service makes the purchase orders. `approve` is the
 * approval's one transaction (lines, status, history, and erp.indent.approved.v1 and
 * erp.indent.upserted.v1 in the outbox), in a module of its own so the provider pact's states take
 * the same path as the route.
 */
import { eventLine, fromPaise, IndentApproved, poPreview, type Indent, type PoPreview } from '@erp/contracts';
import {
  event,
  type AuditEntry,
  type EventMeta,
  type PendingEvent,
  type Queryable,
  type ServiceContext,
} from '@erp/service-kit';
import { lockedPreviewLines, type Locked } from '../domain/approval.js';
import type { Actor, IndentRepository } from '../repositories/indents.js';
import { indentUpsertedEvent } from './indent-upserted.js';

export type { Locked } from '../domain/approval.js';

/** The approval's event from the approved indent `d`, its project's location and the PO preview. */
export function indentApprovedEvent(
  d: Indent,
  actor: Actor,
  projectLocation: string,
  preview: PoPreview,
): PendingEvent {
  return event(IndentApproved, {
    indentId: d._id,
    indentNumber: d.indentId,
    title: d.title,
    project: {
      _id: d.projectId._id,
      name: d.projectId.name,
      projectCode: d.projectId.projectCode,
      location: projectLocation,
    },
    boq: d.boqId,
    createdBy: d.createdBy ?? { _id: '', name: '' },
    approvedBy: { _id: actor.id ?? '', name: actor.name },
    approvedAt: d.updatedAt,
    // Where the goods go, printed on the PO's delivery address.
    location: d.location,
    vendors: preview.vendors.map((v) => ({
      vendorId: v.vendorId,
      vendorName: v.vendorName,
      fleet: { amount: fromPaise(v.fleetPaise), gst: fromPaise(v.fleetGstPaise) },
      lines: v.lines.map(eventLine),
    })),
  });
}

/** The approval's audit row (a member's approval), written in the same statement as its event. */
function approvalAudit(indentId: string, meta: EventMeta, preview: PoPreview): AuditEntry {
  return {
    actorId: meta.actorId ?? null,
    action: 'indent_approved',
    entity: 'indent',
    entityId: indentId,
    requestId: meta.requestId,
    details: { vendors: preview.vendors.length, totalPaise: preview.totalPaise },
  };
}

/** Lock the prices, approve, record the transition and announce it (the PO service makes the POs). */
export async function approve(
  tx: Queryable,
  ctx: ServiceContext,
  indents: IndentRepository,
  indentId: string,
  locked: readonly Locked[],
  actor: Actor,
  meta: EventMeta = {},
  /** Write the approval's audit row (a member's approval), in the same statement as its event. */
  audited = false,
): Promise<{ indent: Indent; totalPaise: number; vendors: number }> {
  await indents.lockPrices(tx, indentId, locked);
  const preview = poPreview(lockedPreviewLines(locked), await indents.fleet(tx, indentId));
  await indents.markApproved(tx, indentId, actor, preview.totalPaise);
  await indents.history(tx, indentId, actor, 'approval', 'approved');
  const d = (await indents.detail(tx, indentId))!;
  // The project's location as the projects service last announced it ('' until it has).
  const approved = indentApprovedEvent(d, actor, await indents.projectLocation(tx, d.projectId._id), preview);
  const audit = audited ? [approvalAudit(indentId, meta, preview)] : [];
  await ctx.emitAll(tx, [approved, await indentUpsertedEvent(tx, ctx.schema, indentId)], { meta, audit });
  return { indent: d, totalPaise: preview.totalPaise, vendors: preview.vendors.length };
}
