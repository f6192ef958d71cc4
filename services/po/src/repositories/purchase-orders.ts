/**
 * Purchase orders as the PO service keeps them: written numbered from an approval, read for a PO's
 * page, locked for a receipt or a short-close, and counted for the dashboard. The list, receipts and
 * photos have their own modules; purchaseOrdersRepository composes them for one schema.
 */
import { randomUUID } from 'node:crypto';
import { fromHundredths, fromPaise, type PoStatus, type PoSummary, type PurchaseOrder } from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import type { PlannedPo } from '../domain/plan.js';
import { pendingOf, statusOf } from '../domain/purchase-order.js';
import { photosRepository } from './photos.js';
import { listJson } from './po-list.js';
import { receiptsOf, receiptsRepository } from './receipts.js';

interface PoRow {
  id: string;
  po_number: string;
  status: PoStatus;
  indent_id: string;
  indent_number: string;
  indent_title: string;
  vendor_id: string;
  vendor_name: string;
  project_id: string;
  project_name: string;
  project_code: string;
  boq_id: string;
  boq_number: string;
  boq_name: string;
  created_by: string | null;
  created_by_name: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  order_date: Date | string;
  fleet_paise: number;
  fleet_gst_paise: number;
  amount_paise: number;
  item_count: number;
  updated_at: Date | string;
  version: number;
  short_close_reason: string | null;
  short_closed_at: Date | string | null;
  short_closed_by: string | null;
  short_closed_by_name: string | null;
}

interface LineRow {
  id: string;
  item_id: string;
  item_name: string;
  unit: string;
  quantity_hundredths: number;
  received_hundredths: number;
  cancelled_hundredths: number;
  price_paise: number;
  gst_paise: number;
  unit_total_paise: number;
  total_paise: number;
}

const COLUMNS = `id, po_number, status, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
  project_code, boq_id, boq_number, boq_name, created_by, created_by_name, approved_by, approved_by_name, order_date,
  fleet_paise, fleet_gst_paise, amount_paise, item_count, updated_at, version, short_close_reason, short_closed_at, short_closed_by,
  short_closed_by_name`;
const LINE_COLUMNS = `id, item_id, item_name, unit, quantity_hundredths, received_hundredths, cancelled_hundredths, price_paise, gst_paise,
  unit_total_paise, total_paise`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const person = (id: string | null, name: string | null) => (name === null ? null : { _id: id ?? '', name });

function toSummary(r: PoRow): PoSummary {
  return {
    _id: r.id,
    poNumber: r.po_number,
    status: r.status,
    amount: fromPaise(r.amount_paise),
    orderDate: iso(r.order_date),
    createdBy: person(r.created_by, r.created_by_name),
    approvedBy: person(r.approved_by, r.approved_by_name),
    updatedAt: iso(r.updated_at),
    vendor: { _id: r.vendor_id, name: r.vendor_name },
    projectId: { _id: r.project_id, name: r.project_name, projectCode: r.project_code },
    boqId: { _id: r.boq_id, boqId: r.boq_number, name: r.boq_name },
    indentId: { _id: r.indent_id, indentId: r.indent_number, title: r.indent_title },
    fleet: { amount: fromPaise(r.fleet_paise), gst: fromPaise(r.fleet_gst_paise) },
    itemCount: r.item_count,
    shortClose:
      r.short_close_reason === null
        ? null
        : {
            reason: r.short_close_reason,
            at: iso(r.short_closed_at ?? r.updated_at),
            by: person(r.short_closed_by, r.short_closed_by_name),
          },
    version: r.version,
  };
}

function toLine(l: LineRow): PurchaseOrder['items'][number] {
  return {
    _id: l.id,
    item: { _id: l.item_id, name: l.item_name, unit: l.unit },
    itemId: l.item_id,
    quantity: fromHundredths(l.quantity_hundredths),
    totalOrdered: fromHundredths(l.quantity_hundredths),
    totalReceived: fromHundredths(l.received_hundredths),
    cancelled: fromHundredths(l.cancelled_hundredths),
    pending: fromHundredths(pendingOf(l)),
    price: fromPaise(l.price_paise),
    gst: fromPaise(l.gst_paise),
    unitTotal: fromPaise(l.unit_total_paise),
    totalPrice: fromPaise(l.total_paise),
  };
}

/** What the approval says about the indent, copied onto each of its POs. */
export interface PoSource {
  eventId: string;
  indentId: string;
  indentNumber: string;
  indentTitle: string;
  project: { _id: string; name: string; projectCode: string };
  boq: { _id: string; boqId: string; name: string };
  createdBy: { _id: string; name: string };
  approvedBy: { _id: string; name: string };
  orderDate: string;
  /** The indent's Site/Location and the project's location ('' when the approval did not say). */
  deliverySite: string;
  projectLocation: string;
}

/** A PO made now by createNumbered: its id, vendor, number and the plan it was written from. */
export interface NumberedPo {
  id: string;
  vendorId: string;
  number: number;
  plan: PlannedPo;
}

const column = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);

/** createNumbered's parameters: the POs ($2-$9), the indent's fields ($1, $10-$23), the lines ($24-$33), the places ($34-$35). */
function createParams(source: PoSource, entries: ReadonlyArray<{ id?: string; plan: PlannedPo }>): unknown[] {
  const plans = entries.map((e) => e.plan);
  const lines = plans.flatMap((plan, i) => plan.lines.map((l, k) => ({ ...l, po: i + 1, lineNo: k + 1 })));
  return [
    source.indentId,
    entries.map((e) => e.id ?? randomUUID()),
    ...(
      ['vendorId', 'vendorName', 'fleetPaise', 'fleetGstPaise', 'linesTotalPaise', 'amountPaise'] as const
    ).map((k) => column(plans, (p) => p[k])),
    column(plans, (p) => p.lines.length),
    source.indentNumber,
    source.indentTitle,
    source.project._id,
    source.project.name,
    source.project.projectCode,
    source.boq._id,
    source.boq.boqId,
    source.boq.name,
    source.createdBy._id,
    source.createdBy.name,
    source.approvedBy._id,
    source.approvedBy.name,
    source.orderDate,
    source.eventId,
    ...(
      [
        'po',
        'lineNo',
        'itemId',
        'itemName',
        'unit',
        'quantity',
        'pricePaise',
        'gstPaise',
        'unitTotalPaise',
        'totalPaise',
      ] as const
    ).map((k) => column(lines, (l) => l[k])),
    source.deliverySite,
    source.projectLocation,
  ];
}

/**
 * The POs of one approval, numbered, with their lines, in `tx`; returns those made now, in the
 * order given. POs are numbered without gaps: the number row is locked first (one transaction at
 * a time gives out numbers), then one statement, with a snapshot taken after the lock, leaves out
 * the vendors the indent already has a PO for (a second envelope of the same approval), numbers
 * the rest in order and writes them with their lines. The caller then writes their events and
 * audit rows and commits: the lock is held for those few statements, not while anything is
 * built (issue 14: at 50 approvals a second the number lock held across a dozen statements was
 * the flow's slowest step). A PO id is new unless a test names it. The PO's number is written
 * in SQL as poNumber() writes it (a test holds the PO and its event equal past PO-999999).
 */
export async function createNumbered(
  schema: string,
  tx: Queryable,
  source: PoSource,
  entries: ReadonlyArray<{ id?: string; plan: PlannedPo }>,
): Promise<NumberedPo[]> {
  if (entries.length === 0) return [];
  await tx.query(`SELECT last_number FROM ${schema}.po_numbers WHERE id FOR UPDATE`);
  const res = await tx.query<{ id: string; vendor_id: string; po_seq: number; ord: number }>(
    `WITH p AS (
       SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::int[])
                WITH ORDINALITY AS p(id, vendor_id, vendor_name, fleet, fleet_gst, lines_total, amount, item_count, ord)
     ), fresh AS (
       SELECT p.*, row_number() OVER (ORDER BY p.ord) AS k FROM p
        WHERE NOT EXISTS (SELECT 1 FROM ${schema}.purchase_orders o WHERE o.indent_id = $1::uuid AND o.vendor_id = p.vendor_id)
     ), n AS (
       UPDATE ${schema}.po_numbers SET last_number = last_number + (SELECT count(*) FROM fresh) WHERE id
       RETURNING last_number - (SELECT count(*) FROM fresh) AS first
     ), x AS (
       SELECT fresh.*, n.first + fresh.k AS seq FROM fresh CROSS JOIN n
     ), made AS (
       INSERT INTO ${schema}.purchase_orders (id, po_seq, po_number, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
         project_code, boq_id, boq_number, boq_name, created_by, created_by_name, approved_by, approved_by_name, order_date,
         fleet_paise, fleet_gst_paise, lines_total_paise, amount_paise, item_count, source_event_id, delivery_site, project_location)
       SELECT x.id, x.seq, 'PO-' || lpad(x.seq::text, greatest(6, length(x.seq::text)), '0'), $1, $10, $11, x.vendor_id, x.vendor_name, $12, $13,
              $14, $15, $16, $17, $18, $19, $20, $21, $22,
              x.fleet, x.fleet_gst, x.lines_total, x.amount, x.item_count, $23, $34, $35
         FROM x
     ), lines AS (
       INSERT INTO ${schema}.po_lines (id, po_id, line_no, item_id, item_name, unit, quantity_hundredths, price_paise, gst_paise, unit_total_paise, total_paise)
       SELECT gen_random_uuid(), x.id, l.line_no, l.item_id, l.item_name, l.unit, l.quantity, l.price, l.gst, l.unit_total, l.total
         FROM unnest($24::int[], $25::int[], $26::uuid[], $27::text[], $28::text[], $29::bigint[], $30::bigint[], $31::bigint[], $32::bigint[], $33::bigint[])
              AS l(po, line_no, item_id, item_name, unit, quantity, price, gst, unit_total, total)
         JOIN x ON x.ord = l.po
     )
     SELECT id, vendor_id, seq AS po_seq, ord FROM x ORDER BY k`,
    createParams(source, entries),
  );
  return res.rows.map((r) => ({
    id: r.id,
    vendorId: r.vendor_id,
    number: Number(r.po_seq),
    plan: entries[Number(r.ord) - 1]!.plan,
  }));
}

/** The PO with its lines in the order approved and its receipts, oldest first; null when there is none. */
export async function byId(schema: string, db: Queryable, id: string): Promise<PurchaseOrder | null> {
  const res = await db.query<PoRow>(`SELECT ${COLUMNS} FROM ${schema}.purchase_orders WHERE id = $1`, [id]);
  const row = res.rows[0];
  if (!row) return null;
  const [lines, receipts] = await Promise.all([
    db.query<LineRow>(`SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1 ORDER BY line_no`, [
      id,
    ]),
    receiptsOf(schema, db, id),
  ]);
  return { ...toSummary(row), items: lines.rows.map(toLine), receipts };
}

/** The PO's head and lines under a row lock (receipts and short-closes on one PO take turns); null when there is none. */
export async function lock(
  schema: string,
  tx: Queryable,
  id: string,
): Promise<{ po: PoRow; lines: LineRow[] } | null> {
  const res = await tx.query<PoRow>(
    `SELECT ${COLUMNS} FROM ${schema}.purchase_orders WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const po = res.rows[0];
  if (!po) return null;
  const lines = await tx.query<LineRow>(
    `SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1 ORDER BY line_no`,
    [id],
  );
  return { po, lines: lines.rows };
}

/** Set the status from the lines as they now are; bumps the version. */
export async function refreshStatus(schema: string, tx: Queryable, id: string): Promise<PoStatus> {
  const lines = await tx.query<LineRow>(`SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1`, [
    id,
  ]);
  const status = statusOf(lines.rows);
  await tx.query(
    `UPDATE ${schema}.purchase_orders SET status = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
    [id, status],
  );
  return status;
}

/** Cancel what is pending on every line and close the PO, with the Admin's reason. */
export async function shortClose(
  schema: string,
  tx: Queryable,
  id: string,
  reason: string,
  by: { id: string | null; name: string },
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.po_lines SET cancelled_hundredths = quantity_hundredths - received_hundredths WHERE po_id = $1`,
    [id],
  );
  await tx.query(
    `UPDATE ${schema}.purchase_orders SET short_close_reason = $2, short_closed_at = now(), short_closed_by = $3, short_closed_by_name = $4 WHERE id = $1`,
    [id, reason, by.id, by.name],
  );
}

/** Where the PO's goods go: the indent's site and the project's location ('' when unknown). */
export async function deliveryPlaces(
  schema: string,
  db: Queryable,
  poId: string,
): Promise<{ site: string; projectLocation: string }> {
  const res = await db.query<{ delivery_site: string; project_location: string }>(
    `SELECT delivery_site, project_location FROM ${schema}.purchase_orders WHERE id = $1`,
    [poId],
  );
  const row = res.rows[0];
  return { site: row?.delivery_site ?? '', projectLocation: row?.project_location ?? '' };
}

/** Open and Partial POs, within the given projects when `only` is set: from the kept counts (migrations 004 and 007). */
export async function countActive(schema: string, db: Queryable, only: string[] | null): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT coalesce(sum(n), 0)::int AS n FROM ${schema}.po_counts
      WHERE status IN ('Open', 'Partial')${only ? ' AND project_id = ANY($1::uuid[])' : ''}`,
    only ? [only] : [],
  );
  return res.rows[0]!.n;
}

/** The PO service's queries on one schema: the POs', the list's, the receipts' and the photos'. */
export function purchaseOrdersRepository(schema: string) {
  return {
    createNumbered: createNumbered.bind(null, schema),
    listJson: listJson.bind(null, schema),
    byId: byId.bind(null, schema),
    lock: lock.bind(null, schema),
    refreshStatus: refreshStatus.bind(null, schema),
    shortClose: shortClose.bind(null, schema),
    deliveryPlaces: deliveryPlaces.bind(null, schema),
    countActive: countActive.bind(null, schema),
    ...receiptsRepository(schema),
    ...photosRepository(schema),
  };
}

export type { LineRow as PoLineRow, PoRow };
export type PurchaseOrdersRepository = ReturnType<typeof purchaseOrdersRepository>;
