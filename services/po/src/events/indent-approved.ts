/**
 * erp.indent.approved.v1 → one purchase order per vendor of the approval (ARCHITECTURE §5 main
 * flow), each announced with erp.po.created.v1 in the same transaction. A plain function of the
 * event apart from the subscription, so tests and message pacts call what production runs.
 *
 * Once per (indent, vendor): the kit's inbox drops a redelivered envelope, and a second envelope of
 * the same approval (an indent service that re-emitted it) creates nothing, even when both are
 * handled at once on two connections: the PO-number row is locked before the POs are written, so
 * the second waits for the first to commit and then leaves out the vendors that have a PO
 * (PurchaseOrdersRepository.createNumbered; the unique (indent_id, vendor_id) is the last guard).
 * Numbers are given out only to POs written, so they stay gap-free.
 */
import {
  eventLine,
  fromPaise,
  IndentApproved,
  PoCreated,
  type EventEnvelope,
  type IndentApprovedData,
  type PoCreatedData,
} from '@erp/contracts';
import {
  event,
  isUuid,
  orderKeyOf,
  type ConsumerDefinition,
  type Queryable,
  type ServiceContext,
} from '@erp/service-kit';
import { approvalProblem, planPurchaseOrders, type PlannedPo } from '../domain/plan.js';
import { poNumber } from '../domain/purchase-order.js';
import type { PoSource, PurchaseOrdersRepository } from '../repositories/purchase-orders.js';

/** erp.po.created.v1 of a PO just written from an approval. */
export function poCreatedData(
  po: { id: string; number: number },
  source: PoSource,
  plan: PlannedPo,
): PoCreatedData {
  return {
    poId: po.id,
    poNumber: poNumber(po.number),
    indentId: source.indentId,
    indentNumber: source.indentNumber,
    projectId: source.project._id,
    boqId: source.boq._id,
    vendorId: plan.vendorId,
    vendorName: plan.vendorName,
    status: 'Open',
    orderDate: source.orderDate,
    itemCount: plan.lines.length,
    amount: fromPaise(plan.amountPaise),
    fleet: { amount: fromPaise(plan.fleetPaise), gst: fromPaise(plan.fleetGstPaise) },
    lines: plan.lines.map(eventLine),
    approvedBy: source.approvedBy,
  };
}

function sourceOf(envelope: EventEnvelope<IndentApprovedData>): PoSource {
  const d = envelope.data;
  const approvedAt = Date.parse(d.approvedAt);
  return {
    eventId: envelope.id,
    indentId: d.indentId.toLowerCase(),
    indentNumber: d.indentNumber,
    indentTitle: d.title,
    project: { _id: d.project._id.toLowerCase(), name: d.project.name, projectCode: d.project.projectCode },
    boq: { ...d.boq, _id: d.boq._id.toLowerCase() },
    createdBy: d.createdBy,
    approvedBy: d.approvedBy,
    // The approval is the order; a time that does not parse (not what the indent service sends) is the envelope's.
    orderDate: new Date(
      Number.isNaN(approvedAt) ? Date.parse(envelope.occurredAt) || Date.now() : approvedAt,
    ).toISOString(),
    // Optional in the event: approvals announced before they were carried have neither.
    deliverySite: (d.location ?? '').trim(),
    projectLocation: (d.project.location ?? '').trim(),
  };
}

/** The POs an approval makes, written in `tx` with their events; returns the ids of those created now. */
export async function createPurchaseOrders(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emitAll' | 'log'>,
  pos: PurchaseOrdersRepository,
  envelope: EventEnvelope<IndentApprovedData>,
): Promise<string[]> {
  const problem = approvalProblem(envelope.data);
  // Thrown: the kit retries and then keeps the event in the dead letters, where it can be replayed.
  if (problem)
    throw new Error(`The approval of ${envelope.data.indentNumber} cannot make purchase orders: ${problem}`);
  const source = sourceOf(envelope);
  const plans = planPurchaseOrders(envelope.data);
  const created = await pos.createNumbered(
    tx,
    source,
    plans.map((plan) => ({ plan })),
  );
  for (const plan of plans) {
    if (!created.some((c) => c.plan === plan))
      ctx.log.info(
        { indentId: source.indentId, vendorId: plan.vendorId },
        'the indent already has a PO for this vendor: none made',
      );
  }
  if (created.length === 0) return [];
  const actorId = isUuid(source.approvedBy._id) ? source.approvedBy._id : null;
  // Their events and audit rows in one statement (the PO number lock is held until the commit).
  await ctx.emitAll(
    tx,
    created.map((po) => event(PoCreated, poCreatedData(po, source, po.plan))),
    {
      meta: { actorId, requestId: envelope.requestId },
      audit: created.map((po) => ({
        actorId,
        action: 'po_created',
        entity: 'po',
        entityId: po.id,
        requestId: envelope.requestId,
        details: {
          poNumber: poNumber(po.number),
          indentId: source.indentId,
          vendorId: po.vendorId,
          amountPaise: po.plan.amountPaise,
          eventId: envelope.id,
        },
      })),
    },
  );
  return created.map((c) => c.id);
}

export function indentApprovedConsumer(pos: PurchaseOrdersRepository): ConsumerDefinition {
  return {
    name: 'indent-approved',
    events: [IndentApproved],
    // Approvals of different indents side by side (the number lock orders what must be in order),
    // two at a time: one prepares while the other holds the number lock. With eight, most waited
    // for the lock holding a connection, and under full CPU the queue grew without end.
    ordered: (e) => orderKeyOf(e, 'indentId'),
    concurrency: 2,
    async handle(tx: Queryable, envelope: EventEnvelope, ctx: ServiceContext): Promise<void> {
      await createPurchaseOrders(tx, ctx, pos, envelope as EventEnvelope<IndentApprovedData>);
    },
  };
}
