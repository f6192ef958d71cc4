import { randomUUID } from 'node:crypto';
import {
  fromHundredths,
  fromPaise,
  PO_STATUSES,
  type PoReceipt,
  type PoSort,
  type PoStatus,
  type PoSummary,
  type PurchaseOrder,
} from '@erp/contracts';
import type { RecordedReceipt } from '../receipts.js';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  isUuid,
  type CappedTotal,
  type Database,
  type Queryable,
} from '@erp/service-kit';
import type { PlannedPo } from '../plan.js';

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

interface ReceiptRow {
  id: string;
  invoice_number: string;
  invoice_date: string;
  invoice_amount_paise: number | string;
  remarks: string;
  received_at: Date | string;
  received_by: string | null;
  received_by_name: string;
  photo_id: string | null;
  content_type: string | null;
  size_bytes: number | null;
}

interface ReceiptLineRow {
  receipt_id: string;
  item_id: string;
  item_name: string;
  unit: string;
  accepted_hundredths: number | string;
  rejected_hundredths: number | string;
  remarks: string;
}

/** A receipt as the route has checked it: per PO line what was accepted and rejected (hundredths). */
export interface NewReceipt {
  id: string;
  poId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceAmountPaise: number;
  remarks: string;
  by: { id: string | null; name: string };
  photoId: string | null;
  lines: Array<{ lineId: string; accepted: number; rejected: number; remarks: string }>;
  /** When the goods arrived (the receipt's created time). */
  receivedAt: Date;
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

/** What is still expected of a line: ordered − received − cancelled (hundredths). */
export const pendingOf = (
  l: Pick<LineRow, 'quantity_hundredths' | 'received_hundredths' | 'cancelled_hundredths'>,
): number =>
  Math.max(0, Number(l.quantity_hundredths) - Number(l.received_hundredths) - Number(l.cancelled_hundredths));

/** Open until something is received, Partial while anything is pending, Closed when nothing is. */
export function statusOf(
  lines: ReadonlyArray<Pick<LineRow, 'quantity_hundredths' | 'received_hundredths' | 'cancelled_hundredths'>>,
): PoStatus {
  if (lines.every((l) => pendingOf(l) === 0)) return 'Closed';
  return lines.some((l) => Number(l.received_hundredths) > 0) ? 'Partial' : 'Open';
}

function toReceipt(r: ReceiptRow, lines: ReceiptLineRow[]): PoReceipt {
  return {
    _id: r.id,
    invoice: {
      invoiceNumber: r.invoice_number,
      invoiceDate: r.invoice_date,
      invoiceAmount: fromPaise(Number(r.invoice_amount_paise)),
    },
    createdAt: iso(r.received_at),
    receivedBy: person(r.received_by, r.received_by_name),
    receivedItems: lines.map((l) => {
      const accepted = Number(l.accepted_hundredths);
      const rejected = Number(l.rejected_hundredths);
      return {
        item: { _id: l.item_id, name: l.item_name, unit: l.unit },
        receivedQuantity: fromHundredths(accepted + rejected),
        acceptedQuantity: fromHundredths(accepted),
        rejectedQuantity: fromHundredths(rejected),
        remarks: l.remarks,
      };
    }),
    remarks: r.remarks,
    photo: r.photo_id
      ? { _id: r.photo_id, contentType: r.content_type ?? 'image/jpeg', size: Number(r.size_bytes ?? 0) }
      : null,
  };
}

/** PO-000001 for 1; longer once the numbers pass six digits. */
export function poNumber(n: number): string {
  return `PO-${String(n).padStart(6, '0')}`;
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

export interface PoListFilter {
  keyword: string;
  /** These statuses only ('active': Open and Partial); null for every status. */
  statuses: PoStatus[] | null;
  vendorId: string | null;
  projectId: string | null;
  indentId: string | null;
  boqId: string | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  sort: PoSort;
  limit: number;
  offset: number;
  cap: number;
}

/**
 * ORDER BY of each sort (migration 004's indexes serve each, in both directions): every one ends in
 * po_seq, unique, so ties never move between pages and '-key' is exactly 'key' reversed. PO numbers
 * sort by their number, so PO-1000000 comes after PO-999999 (text would put it before PO-200000).
 */
export const PO_ORDERS: Record<PoSort, string> = {
  orderDate: 'order_date, po_seq',
  '-orderDate': 'order_date DESC, po_seq DESC',
  status: 'sort_status, po_seq',
  '-status': 'sort_status DESC, po_seq DESC',
  vendor: 'sort_vendor, po_seq',
  '-vendor': 'sort_vendor DESC, po_seq DESC',
  project: 'sort_project, po_seq',
  '-project': 'sort_project DESC, po_seq DESC',
  poNumber: 'po_seq',
  '-poNumber': 'po_seq DESC',
};

/**
 * One list row's PoSummary as JSON text, from the PO of `pg.po_seq`: what toSummary makes of the
 * same row (a test holds them equal). People as `person` writes them: null without a name, '' for
 * a missing id.
 */
const summaryJsonOf = (schema: string) => {
  const who = (id: string, name: string) =>
    `CASE WHEN p.${name} IS NULL THEN NULL ELSE json_build_object('_id', coalesce(p.${id}, ''), 'name', p.${name}) END`;
  const money = (column: string) => `${schema}.json_hundredths(p.${column})::json`;
  return `SELECT json_build_object(
      '_id', p.id, 'poNumber', p.po_number, 'status', p.status, 'amount', ${money('amount_paise')},
      'orderDate', ${schema}.json_time(p.order_date), 'createdBy', ${who('created_by', 'created_by_name')},
      'approvedBy', ${who('approved_by', 'approved_by_name')}, 'updatedAt', ${schema}.json_time(p.updated_at),
      'vendor', json_build_object('_id', p.vendor_id, 'name', p.vendor_name),
      'projectId', json_build_object('_id', p.project_id, 'name', p.project_name, 'projectCode', p.project_code),
      'boqId', json_build_object('_id', p.boq_id, 'boqId', p.boq_number, 'name', p.boq_name),
      'indentId', json_build_object('_id', p.indent_id, 'indentId', p.indent_number, 'title', p.indent_title),
      'fleet', json_build_object('amount', ${money('fleet_paise')}, 'gst', ${money('fleet_gst_paise')}),
      'itemCount', p.item_count,
      'shortClose', CASE WHEN p.short_close_reason IS NULL THEN NULL
                         ELSE json_build_object('reason', p.short_close_reason, 'at', ${schema}.json_time(coalesce(p.short_closed_at, p.updated_at)),
                                                'by', ${who('short_closed_by', 'short_closed_by_name')}) END,
      'version', p.version)::text AS entry
    FROM ${schema}.purchase_orders p WHERE p.po_seq = pg.po_seq`;
};

export function purchaseOrdersRepository(schema: string) {
  const t = `${schema}.purchase_orders`;
  const summaryJson = summaryJsonOf(schema);
  return {
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
    async createNumbered(
      tx: Queryable,
      source: PoSource,
      entries: ReadonlyArray<{ id?: string; plan: PlannedPo }>,
    ): Promise<Array<{ id: string; vendorId: string; number: number; plan: PlannedPo }>> {
      if (entries.length === 0) return [];
      await tx.query(`SELECT last_number FROM ${schema}.po_numbers WHERE id FOR UPDATE`);
      const plans = entries.map((e) => e.plan);
      const lines = plans.flatMap((plan, i) =>
        plan.lines.map((l, k) => ({ ...l, po: i + 1, lineNo: k + 1 })),
      );
      const column = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);
      const res = await tx.query<{ id: string; vendor_id: string; po_seq: number; ord: number }>(
        `WITH p AS (
           SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::int[])
                    WITH ORDINALITY AS p(id, vendor_id, vendor_name, fleet, fleet_gst, lines_total, amount, item_count, ord)
         ), fresh AS (
           SELECT p.*, row_number() OVER (ORDER BY p.ord) AS k FROM p
            WHERE NOT EXISTS (SELECT 1 FROM ${t} o WHERE o.indent_id = $1::uuid AND o.vendor_id = p.vendor_id)
         ), n AS (
           UPDATE ${schema}.po_numbers SET last_number = last_number + (SELECT count(*) FROM fresh) WHERE id
           RETURNING last_number - (SELECT count(*) FROM fresh) AS first
         ), x AS (
           SELECT fresh.*, n.first + fresh.k AS seq FROM fresh CROSS JOIN n
         ), made AS (
           INSERT INTO ${t} (id, po_seq, po_number, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
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
        [
          source.indentId,
          entries.map((e) => e.id ?? randomUUID()),
          ...(
            [
              'vendorId',
              'vendorName',
              'fleetPaise',
              'fleetGstPaise',
              'linesTotalPaise',
              'amountPaise',
            ] as const
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
        ],
      );
      return res.rows.map((r) => ({
        id: r.id,
        vendorId: r.vendor_id,
        number: Number(r.po_seq),
        plan: plans[Number(r.ord) - 1]!,
      }));
    },

    /**
     * A page of the list as JSON text (PoListResponse's `result`), built by PostgreSQL in one query
     * with the total and the data's generation (decision 0023, as the indent list's decision 0021):
     * the page's numbers (po_seq) along an index of the sort key (an offset never builds what it
     * skips), each row's PoSummary from its own row by the unique number. The total: the kept counts
     * when only statuses and projects filter, else a count capped as pagedSearch caps it. Times and
     * numbers are written as Node writes them (json_time, json_hundredths); a test holds each entry
     * equal to the PO's own page.
     */
    async listJson(
      db: Queryable,
      q: PoListFilter,
    ): Promise<{ json: string; generation: string } & CappedTotal> {
      const where: string[] = [];
      const counted: string[] = [];
      const params: unknown[] = [];
      const add = (condition: (p: string) => string, value: unknown, kept = false) => {
        params.push(value);
        where.push(condition(`$${params.length}`));
        if (kept) counted.push(condition(`$${params.length}`));
      };
      if (q.statuses) {
        // Written out, not a parameter: the partial indexes of the active list (migration 004) are
        // chosen only when the planner sees the statuses. Each is one of PO_STATUSES.
        const known = q.statuses.filter((s) => PO_STATUSES.includes(s));
        const inList = known.length ? `status IN (${known.map((s) => `'${s}'`).join(', ')})` : 'false';
        where.push(inList);
        counted.push(inList);
      }
      if (q.projectId) add((p) => `project_id = ${p}::uuid`, q.projectId, true);
      if (q.only) add((p) => `project_id = ANY(${p}::uuid[])`, q.only.filter(isUuid), true);
      if (q.vendorId) add((p) => `vendor_id = ${p}::uuid`, q.vendorId);
      if (q.indentId) add((p) => `indent_id = ${p}::uuid`, q.indentId);
      if (q.boqId) add((p) => `boq_id = ${p}::uuid`, q.boqId);
      // Along the trigram index of `search` (PO, indent and BOQ numbers, vendor id and name, project name and code).
      if (q.keyword) add((p) => `search LIKE ${p}`, containsPattern(q.keyword));
      const { limit, offset } = checkedPaging(q);
      const filter = where.length ? `WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : '';
      const order = PO_ORDERS[q.sort];
      const kept = !q.keyword && !q.vendorId && !q.indentId && !q.boqId;
      const bound = countBound({ limit, offset, cap: q.cap });
      const total = kept
        ? // Statuses and projects only: the per-status totals (3 rows), or the projects' counts.
          `(SELECT coalesce(sum(n), 0)::int FROM ${schema}.po_counts${counted.length ? ` WHERE ${counted.map((c) => `(${c})`).join(' AND ')}` : ''})`
        : // A page shorter than its limit tells the total; otherwise count up to the bound, as pagedSearch does.
          `CASE WHEN (SELECT count(*) FROM page) < ${limit} AND ((SELECT count(*) FROM page) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT count(*)::int FROM page)
                ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${t} ${filter} LIMIT ${bound + 1}) AS matches) END`;
      const res = await db.query<{ n: number; entries: string | null; g: string }>(
        `WITH page AS MATERIALIZED (
           SELECT po_seq, row_number() OVER (ORDER BY ${order}) AS ord FROM ${t} ${filter}
            ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
         )
         SELECT ${total} AS n,
                (SELECT string_agg(e.entry, ',' ORDER BY pg.ord) FROM page pg CROSS JOIN LATERAL (${summaryJson}) AS e) AS entries,
                ${generationSql(schema)} AS g`,
        params,
      );
      const row = res.rows[0]!;
      return {
        json: `[${row.entries ?? ''}]`,
        generation: row.g,
        ...(kept ? { total: row.n, capped: false } : cappedTotal(row.n, { limit, offset, cap: q.cap })),
      };
    },

    /** The PO with its lines in the order approved and its receipts, oldest first; null when there is none. */
    async byId(db: Queryable, id: string): Promise<PurchaseOrder | null> {
      const res = await db.query<PoRow>(`SELECT ${COLUMNS} FROM ${t} WHERE id = $1`, [id]);
      const row = res.rows[0];
      if (!row) return null;
      const [lines, receipts, received] = await Promise.all([
        db.query<LineRow>(
          `SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1 ORDER BY line_no`,
          [id],
        ),
        db.query<ReceiptRow>(
          `SELECT r.id, r.invoice_number, r.invoice_date::text AS invoice_date, r.invoice_amount_paise, r.remarks, r.received_at, r.received_by,
                  r.received_by_name, p.id AS photo_id, p.content_type, p.size_bytes
             FROM ${schema}.receipts r LEFT JOIN ${schema}.photos p ON p.id = r.photo_id AND p.po_id = r.po_id
            WHERE r.po_id = $1 ORDER BY r.received_at, r.id`,
          [id],
        ),
        db.query<ReceiptLineRow>(
          `SELECT rl.receipt_id, l.item_id, l.item_name, l.unit, rl.accepted_hundredths, rl.rejected_hundredths, rl.remarks
             FROM ${schema}.receipt_lines rl JOIN ${schema}.receipts r ON r.id = rl.receipt_id JOIN ${schema}.po_lines l ON l.id = rl.line_id
            WHERE r.po_id = $1 ORDER BY rl.receipt_id, rl.position`,
          [id],
        ),
      ]);
      const byReceipt = new Map<string, ReceiptLineRow[]>();
      for (const l of received.rows) byReceipt.set(l.receipt_id, [...(byReceipt.get(l.receipt_id) ?? []), l]);
      return {
        ...toSummary(row),
        items: lines.rows.map(toLine),
        receipts: receipts.rows.map((r) => toReceipt(r, byReceipt.get(r.id) ?? [])),
      };
    },

    /** The PO's head and lines under a row lock (receipts and short-closes on one PO take turns); null when there is none. */
    async lock(tx: Queryable, id: string): Promise<{ po: PoRow; lines: LineRow[] } | null> {
      const res = await tx.query<PoRow>(`SELECT ${COLUMNS} FROM ${t} WHERE id = $1 FOR UPDATE`, [id]);
      const po = res.rows[0];
      if (!po) return null;
      const lines = await tx.query<LineRow>(
        `SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1 ORDER BY line_no`,
        [id],
      );
      return { po, lines: lines.rows };
    },

    /** The receipt with this key, if one was recorded already (a resend), with its PO. */
    async receiptPo(db: Queryable, receiptId: string): Promise<string | null> {
      const res = await db.query<{ po_id: string }>(`SELECT po_id FROM ${schema}.receipts WHERE id = $1`, [
        receiptId,
      ]);
      return res.rows[0]?.po_id ?? null;
    },

    /** What the receipt with this key recorded, as it was asked (a resend is compared with it); null when there is none. */
    async recordedReceipt(db: Queryable, receiptId: string): Promise<RecordedReceipt | null> {
      const res = await db.query<{
        po_id: string;
        invoice_number: string;
        invoice_date: string;
        invoice_amount_paise: number | string;
        remarks: string;
        photo_id: string | null;
        lines: Array<{ item: string; accepted: number | string; rejected: number | string; remarks: string }>;
      }>(
        `SELECT r.po_id, r.invoice_number, r.invoice_date::text AS invoice_date, r.invoice_amount_paise, r.remarks, r.photo_id,
                coalesce((SELECT json_agg(json_build_object('item', l.item_id, 'accepted', rl.accepted_hundredths, 'rejected', rl.rejected_hundredths, 'remarks', rl.remarks) ORDER BY rl.position)
                            FROM ${schema}.receipt_lines rl JOIN ${schema}.po_lines l ON l.id = rl.line_id WHERE rl.receipt_id = r.id), '[]') AS lines
           FROM ${schema}.receipts r WHERE r.id = $1`,
        [receiptId],
      );
      const r = res.rows[0];
      if (!r) return null;
      return {
        poId: r.po_id,
        invoiceNumber: r.invoice_number,
        invoiceDate: r.invoice_date,
        invoiceAmountPaise: Number(r.invoice_amount_paise),
        remarks: r.remarks,
        photoId: r.photo_id,
        lines: r.lines.map((l) => ({
          item: l.item,
          received: Number(l.accepted) + Number(l.rejected),
          rejected: Number(l.rejected),
          remarks: l.remarks,
        })),
      };
    },

    /**
     * Record a receipt in one statement: the receipt, its lines, the accepted quantities onto the
     * PO's lines, the photo attached, and the PO's new status `status` (the caller works it out from
     * the lines it read under the PO's lock); bumps the PO's version. (Five statements before: a
     * receipt's transaction was a dozen round trips.)
     */
    async insertReceipt(tx: Queryable, r: NewReceipt, status: PoStatus): Promise<void> {
      await tx.query(
        `WITH receipt AS (
           INSERT INTO ${schema}.receipts (id, po_id, invoice_number, invoice_date, invoice_amount_paise, remarks, received_by, received_by_name, photo_id, received_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)),
         lines AS (
           INSERT INTO ${schema}.receipt_lines (receipt_id, line_id, position, accepted_hundredths, rejected_hundredths, remarks)
           SELECT $1, l.line_id, l.position, l.accepted, l.rejected, l.remarks
             FROM unnest($11::uuid[], $12::int[], $13::bigint[], $14::bigint[], $15::text[]) AS l(line_id, position, accepted, rejected, remarks)),
         received AS (
           UPDATE ${schema}.po_lines l SET received_hundredths = l.received_hundredths + a.accepted
             FROM unnest($11::uuid[], $13::bigint[]) AS a(line_id, accepted) WHERE l.id = a.line_id AND a.accepted > 0),
         photo AS (
           UPDATE ${schema}.photos SET receipt_id = $1 WHERE $9::uuid IS NOT NULL AND id = $9::uuid)
         UPDATE ${t} SET status = $16, updated_at = now(), version = version + 1 WHERE id = $2`,
        [
          r.id,
          r.poId,
          r.invoiceNumber,
          r.invoiceDate,
          r.invoiceAmountPaise,
          r.remarks,
          r.by.id,
          r.by.name,
          r.photoId,
          r.receivedAt.toISOString(),
          r.lines.map((l) => l.lineId),
          r.lines.map((_, i) => i + 1),
          r.lines.map((l) => l.accepted),
          r.lines.map((l) => l.rejected),
          r.lines.map((l) => l.remarks),
          status,
        ],
      );
    },

    /** Set the status from the lines as they now are; bumps the version. */
    async refreshStatus(tx: Queryable, id: string): Promise<PoStatus> {
      const lines = await tx.query<LineRow>(
        `SELECT ${LINE_COLUMNS} FROM ${schema}.po_lines WHERE po_id = $1`,
        [id],
      );
      const status = statusOf(lines.rows);
      await tx.query(`UPDATE ${t} SET status = $2, updated_at = now(), version = version + 1 WHERE id = $1`, [
        id,
        status,
      ]);
      return status;
    },

    /** Cancel what is pending on every line and close the PO, with the Admin's reason. */
    async shortClose(
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
        `UPDATE ${t} SET short_close_reason = $2, short_closed_at = now(), short_closed_by = $3, short_closed_by_name = $4 WHERE id = $1`,
        [id, reason, by.id, by.name],
      );
    },

    /** Keep an uploaded invoice photo for the PO (not yet named by a receipt). */
    async insertPhoto(
      db: Queryable,
      p: {
        id: string;
        poId: string;
        contentType: string;
        bytes: Buffer;
        by: { id: string | null; name: string };
      },
      kind: Database['kind'],
    ): Promise<void> {
      // PGlite converts a bytea parameter slowly (about 1 s for 2 MB), hex text quickly (~0.1 s); the
      // PostgreSQL driver sends a Buffer faster than its hex (measured: 30-70 ms against 90-120 ms).
      const pglite = kind === 'pglite';
      await db.query(
        `INSERT INTO ${schema}.photos (id, po_id, content_type, size_bytes, bytes, uploaded_by, uploaded_by_name)
         VALUES ($1, $2, $3, $4, ${pglite ? `decode($5, 'hex')` : '$5'}, $6, $7)`,
        [
          p.id,
          p.poId,
          p.contentType,
          p.bytes.length,
          pglite ? p.bytes.toString('hex') : p.bytes,
          p.by.id,
          p.by.name,
        ],
      );
    },

    /** A photo of the PO: its type and bytes; null when the PO has no such photo. */
    async photo(
      db: Queryable,
      poId: string,
      photoId: string,
    ): Promise<{ contentType: string; bytes: Buffer; receiptId: string | null } | null> {
      // Read as base64 text for the same reason (PGlite returns a 2 MB bytea in ~250 ms, its base64 in ~20 ms).
      const res = await db.query<{ content_type: string; bytes: string; receipt_id: string | null }>(
        `SELECT content_type, encode(bytes, 'base64') AS bytes, receipt_id FROM ${schema}.photos WHERE id = $1 AND po_id = $2`,
        [photoId, poId],
      );
      const row = res.rows[0];
      return row
        ? {
            contentType: row.content_type,
            bytes: Buffer.from(row.bytes, 'base64'),
            receiptId: row.receipt_id,
          }
        : null;
    },

    /**
     * Keep an uploaded photo unless the member already has `limit` photos no receipt names, uploaded
     * in the last hour (one statement: the count and the insert). Returns whether it was kept.
     */
    async insertPhotoWithin(
      db: Queryable,
      p: {
        id: string;
        poId: string;
        contentType: string;
        bytes: Buffer;
        by: { id: string | null; name: string };
      },
      kind: Database['kind'],
      limit: number,
    ): Promise<boolean> {
      const pglite = kind === 'pglite';
      const res = await db.query(
        `INSERT INTO ${schema}.photos (id, po_id, content_type, size_bytes, bytes, uploaded_by, uploaded_by_name)
         SELECT $1, $2, $3, $4, ${pglite ? `decode($5, 'hex')` : '$5'}, $6, $7
          WHERE (SELECT count(*) FROM ${schema}.photos WHERE uploaded_by IS NOT DISTINCT FROM $6 AND receipt_id IS NULL AND uploaded_at > now() - interval '1 hour') < $8`,
        [
          p.id,
          p.poId,
          p.contentType,
          p.bytes.length,
          pglite ? p.bytes.toString('hex') : p.bytes,
          p.by.id,
          p.by.name,
          limit,
        ],
      );
      return (res.rowCount ?? 0) > 0;
    },

    /** Where the PO's goods go: the indent's site and the project's location ('' when unknown). */
    async deliveryPlaces(db: Queryable, poId: string): Promise<{ site: string; projectLocation: string }> {
      const res = await db.query<{ delivery_site: string; project_location: string }>(
        `SELECT delivery_site, project_location FROM ${t} WHERE id = $1`,
        [poId],
      );
      const row = res.rows[0];
      return { site: row?.delivery_site ?? '', projectLocation: row?.project_location ?? '' };
    },

    /** Whether the PO has this photo and which receipt names it (without reading the photo itself). */
    async photoOwner(
      db: Queryable,
      poId: string,
      photoId: string,
    ): Promise<{ receiptId: string | null } | null> {
      const res = await db.query<{ receipt_id: string | null }>(
        `SELECT receipt_id FROM ${schema}.photos WHERE id = $1 AND po_id = $2`,
        [photoId, poId],
      );
      const row = res.rows[0];
      return row ? { receiptId: row.receipt_id } : null;
    },

    /** Photos no receipt named, uploaded before `before`: removed (a receipt abandoned half-way). */
    async pruneUnattachedPhotos(db: Queryable, before: Date): Promise<number> {
      const res = await db.query(
        `DELETE FROM ${schema}.photos WHERE receipt_id IS NULL AND uploaded_at < $1`,
        [before],
      );
      return res.rowCount ?? 0;
    },

    /** Open and Partial POs, within the given projects when `only` is set: from the kept counts (migrations 004 and 007). */
    async countActive(db: Queryable, only: string[] | null): Promise<number> {
      const res = await db.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM ${schema}.po_counts
          WHERE status IN ('Open', 'Partial')${only ? ' AND project_id = ANY($1::uuid[])' : ''}`,
        only ? [only] : [],
      );
      return res.rows[0]!.n;
    },
  };
}

export type { LineRow as PoLineRow, PoRow };
export type PurchaseOrdersRepository = ReturnType<typeof purchaseOrdersRepository>;
