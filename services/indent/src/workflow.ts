/**
 * Two steps of the routes, in a module of their own so the provider pact's states take the same
 * path: saving the purchaser's vendor choices, and approving with the unit prices locked (one
 * transaction: lines, status, history, and erp.indent.approved.v1 and erp.indent.upserted.v1 in
 * the outbox).
 */
import {
  eventLine,
  fromPaise,
  IndentApproved,
  poPreview,
  type Indent,
  type PreviewLineInput,
} from '@erp/contracts';
import { event, type EventMeta, type Queryable, type ServiceContext } from '@erp/service-kit';
import { indentUpsertedEvent } from './indent-events.js';
import type { Actor, IndentRepository, StoredLine } from './repository.js';

export interface Choice {
  vendorId: string;
  vendorName: string;
  reason: string;
  pricePaise: number;
  gstPaise: number;
}

/** Every line's vendor as chosen (a line without a choice has none); the list's amount follows. */
export async function saveSelections(
  tx: Queryable,
  schema: string,
  indentId: string,
  indents: IndentRepository,
  lines: readonly StoredLine[],
  chosen: ReadonlyMap<string, Choice>,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.indent_lines l SET selected_vendor = c.vendor, vendor_name = c.vendor_name, reason = coalesce(c.reason, ''), approver_reason = ''
       FROM (SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[]) AS x(item_id, vendor, vendor_name, reason)) c
      WHERE l.indent_id = $1 AND l.item_id = c.item_id`,
    [
      indentId,
      lines.map((l) => l.itemId),
      lines.map((l) => chosen.get(l.itemId)?.vendorId ?? null),
      lines.map((l) => chosen.get(l.itemId)?.vendorName ?? null),
      lines.map((l) => chosen.get(l.itemId)?.reason ?? ''),
    ],
  );
  const priced: PreviewLineInput[] = lines.flatMap((l) => {
    const c = chosen.get(l.itemId);
    return c
      ? [
          {
            itemId: l.itemId,
            itemName: l.itemName,
            unit: l.unit,
            quantity: l.quantity,
            vendorId: c.vendorId,
            vendorName: c.vendorName,
            pricePaise: c.pricePaise,
            gstPaise: c.gstPaise,
          },
        ]
      : [];
  });
  const total = priced.length === 0 ? 0 : poPreview(priced, await indents.fleet(tx, indentId)).totalPaise;
  await tx.query(`UPDATE ${schema}.indents SET total_paise = $2 WHERE id = $1`, [indentId, total]);
}

export interface Locked {
  line: StoredLine;
  vendorId: string;
  vendorName: string;
  pricePaise: number;
  gstPaise: number;
  approverReason: string;
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
  await tx.query(
    `UPDATE ${ctx.schema}.indent_lines l SET selected_vendor = c.vendor, vendor_name = c.vendor_name, price_paise = c.price, gst_paise = c.gst,
            approver_reason = c.approver_reason
       FROM (SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::text[]) AS x(item_id, vendor, vendor_name, price, gst, approver_reason)) c
      WHERE l.indent_id = $1 AND l.item_id = c.item_id`,
    [
      indentId,
      locked.map((x) => x.line.itemId),
      locked.map((x) => x.vendorId),
      locked.map((x) => x.vendorName),
      locked.map((x) => x.pricePaise),
      locked.map((x) => x.gstPaise),
      locked.map((x) => x.approverReason),
    ],
  );
  const preview = poPreview(
    locked.map((x) => ({
      itemId: x.line.itemId,
      itemName: x.line.itemName,
      unit: x.line.unit,
      quantity: x.line.quantity,
      vendorId: x.vendorId,
      vendorName: x.vendorName,
      pricePaise: x.pricePaise,
      gstPaise: x.gstPaise,
    })),
    await indents.fleet(tx, indentId),
  );
  await tx.query(
    `UPDATE ${ctx.schema}.indents SET status = 'approved', approved_by = $2, approved_by_name = $3, approved_at = now(), total_paise = $4,
        updated_at = now(), version = version + 1 WHERE id = $1`,
    [indentId, actor.id, actor.name, preview.totalPaise],
  );
  await indents.history(tx, indentId, actor, 'approval', 'approved');
  const d = (await indents.detail(tx, indentId))!;
  // The project's location as the projects service last announced it ('' until it has).
  const projectLocation =
    (
      await tx.query<{ location: string }>(
        `SELECT location FROM ${ctx.schema}.project_snapshots WHERE project_id = $1`,
        [d.projectId._id],
      )
    ).rows[0]?.location ?? '';
  const approved = event(IndentApproved, {
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
  const audit = audited
    ? [
        {
          actorId: meta.actorId ?? null,
          action: 'indent_approved',
          entity: 'indent',
          entityId: indentId,
          requestId: meta.requestId,
          details: { vendors: preview.vendors.length, totalPaise: preview.totalPaise },
        },
      ]
    : [];
  await ctx.emitAll(tx, [approved, await indentUpsertedEvent(tx, ctx.schema, indentId)], { meta, audit });
  return { indent: d, totalPaise: preview.totalPaise, vendors: preview.vendors.length };
}
