import { randomUUID } from 'node:crypto';
import { fromHundredths, fromPaise, type PoStatus, type PoSummary, type PurchaseOrder } from '@erp/contracts';
import { containsPattern, pagedSearch, type Page, type Queryable } from '@erp/service-kit';
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
}

interface LineRow {
  id: string;
  item_id: string;
  item_name: string;
  unit: string;
  quantity_hundredths: number;
  received_hundredths: number;
  price_paise: number;
  gst_paise: number;
  unit_total_paise: number;
  total_paise: number;
}

const COLUMNS = `id, po_number, status, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
  project_code, boq_id, boq_number, boq_name, created_by, created_by_name, approved_by, approved_by_name, order_date,
  fleet_paise, fleet_gst_paise, amount_paise, item_count, updated_at`;

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
    pending: fromHundredths(Math.max(0, l.quantity_hundredths - l.received_hundredths)),
    price: fromPaise(l.price_paise),
    gst: fromPaise(l.gst_paise),
    unitTotal: fromPaise(l.unit_total_paise),
    totalPrice: fromPaise(l.total_paise),
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
}

export interface PoListFilter {
  keyword: string;
  status: PoStatus | null;
  vendorId: string | null;
  projectId: string | null;
  indentId: string | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  limit: number;
  offset: number;
  cap: number;
}

export function purchaseOrdersRepository(schema: string) {
  const t = `${schema}.purchase_orders`;
  return {
    /**
     * The last PO number given out, with the lock that makes this transaction the only one giving
     * out numbers (and creating POs) until it ends. Released by commit or rollback.
     */
    async lockNumbers(tx: Queryable): Promise<number> {
      const res = await tx.query<{ last_number: number }>(`SELECT last_number FROM ${schema}.po_numbers WHERE id FOR UPDATE`);
      return res.rows[0]!.last_number;
    },

    async setLastNumber(tx: Queryable, n: number): Promise<void> {
      await tx.query(`UPDATE ${schema}.po_numbers SET last_number = $1 WHERE id`, [n]);
    },

    /**
     * Insert the PO of one vendor with number `n` and its lines, unless the indent already has a PO
     * for that vendor (then nothing is written and null comes back).
     */
    async insert(tx: Queryable, n: number, source: PoSource, plan: PlannedPo): Promise<string | null> {
      const id = randomUUID();
      const res = await tx.query<{ id: string }>(
        `INSERT INTO ${t} (id, po_seq, po_number, indent_id, indent_number, indent_title, vendor_id, vendor_name, project_id, project_name,
           project_code, boq_id, boq_number, boq_name, created_by, created_by_name, approved_by, approved_by_name, order_date,
           fleet_paise, fleet_gst_paise, lines_total_paise, amount_paise, item_count, source_event_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
         ON CONFLICT (indent_id, vendor_id) DO NOTHING
         RETURNING id`,
        [
          id,
          n,
          poNumber(n),
          source.indentId,
          source.indentNumber,
          source.indentTitle,
          plan.vendorId,
          plan.vendorName,
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
          plan.fleetPaise,
          plan.fleetGstPaise,
          plan.linesTotalPaise,
          plan.amountPaise,
          plan.lines.length,
          source.eventId,
        ],
      );
      if (res.rows.length === 0) return null;
      const lines = plan.lines;
      await tx.query(
        `INSERT INTO ${schema}.po_lines (id, po_id, line_no, item_id, item_name, unit, quantity_hundredths, price_paise, gst_paise, unit_total_paise, total_paise)
         SELECT l.id, $1, l.line_no, l.item_id, l.item_name, l.unit, l.quantity, l.price, l.gst, l.unit_total, l.total
           FROM unnest($2::uuid[], $3::int[], $4::uuid[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[])
                AS l(id, line_no, item_id, item_name, unit, quantity, price, gst, unit_total, total)`,
        [
          id,
          lines.map(() => randomUUID()),
          lines.map((_, i) => i + 1),
          lines.map((l) => l.itemId),
          lines.map((l) => l.itemName),
          lines.map((l) => l.unit),
          lines.map((l) => l.quantity),
          lines.map((l) => l.pricePaise),
          lines.map((l) => l.gstPaise),
          lines.map((l) => l.unitTotalPaise),
          lines.map((l) => l.totalPaise),
        ],
      );
      return id;
    },

    /** A page of the PO list, newest order date first, with the capped total. */
    async list(db: Queryable, q: PoListFilter): Promise<Page<PoSummary>> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (condition: (p: string) => string, value: unknown) => {
        params.push(value);
        where.push(condition(`$${params.length}`));
      };
      if (q.keyword) add((p) => `search LIKE ${p}`, containsPattern(q.keyword));
      if (q.status) add((p) => `status = ${p}`, q.status);
      if (q.vendorId) add((p) => `vendor_id = ${p}::uuid`, q.vendorId);
      if (q.projectId) add((p) => `project_id = ${p}::uuid`, q.projectId);
      if (q.indentId) add((p) => `indent_id = ${p}::uuid`, q.indentId);
      if (q.only) add((p) => `project_id = ANY(${p}::uuid[])`, q.only);
      const page = await pagedSearch<PoRow>(db, {
        select: COLUMNS,
        from: t,
        where,
        params,
        orderBy: 'order_date DESC, po_seq DESC',
        limit: q.limit,
        offset: q.offset,
        cap: q.cap,
      });
      return { ...page, rows: page.rows.map(toSummary) };
    },

    /** The PO with its lines in the order approved; null when there is none. */
    async byId(db: Queryable, id: string): Promise<PurchaseOrder | null> {
      const res = await db.query<PoRow>(`SELECT ${COLUMNS} FROM ${t} WHERE id = $1`, [id]);
      const row = res.rows[0];
      if (!row) return null;
      const lines = await db.query<LineRow>(
        `SELECT id, item_id, item_name, unit, quantity_hundredths, received_hundredths, price_paise, gst_paise, unit_total_paise, total_paise
           FROM ${schema}.po_lines WHERE po_id = $1 ORDER BY line_no`,
        [id],
      );
      return { ...toSummary(row), items: lines.rows.map(toLine), receipts: [] };
    },

    /** Open and Partial POs, within the given projects when `only` is set. */
    async countActive(db: Queryable, only: string[] | null): Promise<number> {
      const res = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${t} WHERE status IN ('Open', 'Partial')${only ? ' AND project_id = ANY($1::uuid[])' : ''}`,
        only ? [only] : [],
      );
      return res.rows[0]!.n;
    },
  };
}

export type PurchaseOrdersRepository = ReturnType<typeof purchaseOrdersRepository>;
