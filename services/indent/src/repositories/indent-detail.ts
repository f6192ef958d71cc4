/**
 * An indent as GET /indent/{id} answers it: its head with project and BOQ, lines, history, fleet
 * costs and generated POs, read as the contract's Indent.
 */
import {
  fromHundredths,
  fromPaise,
  quantitiesByUnit,
  type FleetCost,
  type Indent,
  type IndentHistoryEntry,
  type IndentPo,
  type IndentStatus,
} from '@erp/contracts';
import type { Queryable } from '@erp/service-kit';
import { lineOut, lines } from './indent-lines.js';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

interface HeadRow {
  id: string;
  indent_number: string;
  title: string;
  status: IndentStatus;
  project_id: string;
  project_name: string | null;
  project_code: string | null;
  boq_id: string;
  boq_number: string | null;
  boq_name: string | null;
  location: string;
  needed_by: string | null;
  notes: string;
  created_by: string | null;
  created_by_name: string;
  created_at: Date;
  updated_at: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_at: Date | null;
  rework_comment: string | null;
  item_count: number;
  total_hundredths: string;
  total_paise: string;
  po_count: number;
  version: number;
}

const HEAD_SELECT = `i.id, i.indent_number, i.title, i.status, i.project_id, p.name AS project_name, p.project_code, i.boq_id, b.boq_number, b.name AS boq_name,
  i.location, i.needed_by::text AS needed_by, i.notes, i.created_by, i.created_by_name, i.created_at, i.updated_at, i.submitted_by, i.submitted_by_name, i.submitted_at,
  i.rework_comment, i.item_count, i.total_hundredths::text AS total_hundredths, i.total_paise::text AS total_paise, i.po_count, i.version`;

function head(r: HeadRow) {
  return {
    _id: r.id,
    indentId: r.indent_number,
    title: r.title,
    name: r.title,
    status: r.status,
    projectId: { _id: r.project_id, name: r.project_name ?? '', projectCode: r.project_code ?? '' },
    boqId: { _id: r.boq_id, boqId: r.boq_number ?? '', name: r.boq_name ?? '' },
    location: r.location,
    neededBy: r.needed_by,
    notes: r.notes,
    createdBy: r.created_by ? { _id: r.created_by, name: r.created_by_name } : null,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    submittedBy: r.submitted_by ? { _id: r.submitted_by, name: r.submitted_by_name ?? '' } : null,
    submittedAt: iso(r.submitted_at),
    reworkComment: r.rework_comment,
    version: r.version,
  };
}

async function headRow(schema: string, db: Queryable, id: string): Promise<HeadRow | undefined> {
  const t = (name: string) => `${schema}.${name}`;
  const FROM = `${t('indents')} i LEFT JOIN ${t('project_snapshots')} p ON p.project_id = i.project_id LEFT JOIN ${t('boq_snapshots')} b ON b.boq_id = i.boq_id`;
  const res = await db.query<HeadRow>(`SELECT ${HEAD_SELECT} FROM ${FROM} WHERE i.id = $1`, [id]);
  return res.rows[0];
}

async function history(schema: string, db: Queryable, id: string): Promise<IndentHistoryEntry[]> {
  const res = await db.query<{
    at: Date;
    by_id: string | null;
    by_name: string;
    from_status: IndentStatus | null;
    to_status: IndentStatus;
    comment: string;
  }>(
    `SELECT at, by_id, by_name, from_status, to_status, comment FROM ${schema}.indent_history WHERE indent_id = $1 ORDER BY seq`,
    [id],
  );
  return res.rows.map((h): IndentHistoryEntry => ({
    at: iso(h.at)!,
    by: { _id: h.by_id ?? '', name: h.by_name },
    from: h.from_status,
    to: h.to_status,
    comment: h.comment,
  }));
}

async function fleetCosts(schema: string, db: Queryable, id: string): Promise<FleetCost[]> {
  const res = await db.query<{
    vendor_id: string;
    vendor_name: string;
    amount_paise: string;
    gst_paise: string;
    free: boolean;
  }>(
    `SELECT f.vendor_id, coalesce(v.name, f.vendor_name) AS vendor_name, f.amount_paise::text, f.gst_paise::text, f.free
       FROM ${schema}.indent_fleet f LEFT JOIN ${schema}.vendor_snapshots v ON v.vendor_id = f.vendor_id WHERE f.indent_id = $1 ORDER BY 2, 1`,
    [id],
  );
  return res.rows.map((f): FleetCost => ({
    vendorId: f.vendor_id,
    vendorName: f.vendor_name,
    amount: fromPaise(Number(f.amount_paise)),
    gst: fromPaise(Number(f.gst_paise)),
    free: f.free,
  }));
}

async function pos(schema: string, db: Queryable, id: string): Promise<IndentPo[]> {
  const res = await db.query<{
    po_id: string;
    po_number: string;
    vendor_id: string;
    vendor_name: string;
    item_count: number;
    amount_paise: string;
    status: string;
    order_date: Date;
  }>(
    // The status the PO service announced last, else the one it was created with.
    `SELECT p.po_id, p.po_number, p.vendor_id, p.vendor_name, p.item_count, p.amount_paise::text, coalesce(s.status, p.status) AS status, p.order_date
       FROM ${schema}.indent_pos p LEFT JOIN ${schema}.po_statuses s ON s.po_id = p.po_id WHERE p.indent_id = $1 ORDER BY p.po_number`,
    [id],
  );
  return res.rows.map((p): IndentPo => ({
    _id: p.po_id,
    id: p.po_id,
    poNumber: p.po_number,
    vendor: p.vendor_name,
    vendorId: p.vendor_id,
    items: p.item_count,
    amount: fromPaise(Number(p.amount_paise)),
    status: p.status,
    orderDate: iso(p.order_date)!,
  }));
}

/** The indent as GET /indent/{id} answers it (vendor options left empty), or null. */
export async function detail(schema: string, db: Queryable, id: string): Promise<Indent | null> {
  const r = await headRow(schema, db, id);
  if (!r) return null;
  const [ls, historyEntries, fleet, indentPos] = await Promise.all([
    lines(schema, db, id),
    history(schema, db, id),
    fleetCosts(schema, db, id),
    pos(schema, db, id),
  ]);
  const items = ls.map(lineOut);
  return {
    ...head(r),
    items,
    itemCount: items.length,
    totalQuantity: fromHundredths(ls.reduce((s, l) => s + l.quantity, 0)),
    quantityByUnit: quantitiesByUnit(ls).map((u) => ({
      unit: u.unit,
      quantity: fromHundredths(u.quantity),
    })),
    pos: indentPos,
    history: historyEntries,
    fleet,
  };
}
