/**
 * Overbilling cases (migration 002): one per receipt whose invoice is for more than the accepted
 * goods are worth, open until an Admin approves or rejects it.
 */
import { randomUUID } from 'node:crypto';
import type { OverbillCase, OverbillStatus } from '@erp/contracts';
import { pagedSearch, type Page, type Queryable } from '@erp/service-kit';
import { isUuid } from '../domain/ledger.js';
import { CASE_COLUMNS, toCase, type CaseRow } from './ledger-rows.js';

export interface NewCase {
  vendorId: string;
  vendorName: string;
  poId: string;
  poNumber: string;
  receiptId: string;
  invoiceNumber: string;
  invoicePaise: number;
  expectedPaise: number;
}

/**
 * Opens a case for a receipt unless one exists (its event arrived before). Returns the case's
 * id when opened now, null otherwise.
 */
export async function openCase(s: string, tx: Queryable, c: NewCase): Promise<string | null> {
  const res = await tx.query<{ id: string }>(
    `INSERT INTO ${s}.overbill_cases (id, vendor_id, vendor_name, po_id, po_number, receipt_id, invoice_number, invoice_amount_paise, expected_amount_paise, delta_paise)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (receipt_id) DO NOTHING RETURNING id`,
    [
      randomUUID(),
      c.vendorId,
      c.vendorName,
      c.poId,
      c.poNumber,
      c.receiptId,
      c.invoiceNumber,
      c.invoicePaise,
      c.expectedPaise,
      c.invoicePaise - c.expectedPaise,
    ],
  );
  return res.rows[0]?.id ?? null;
}

export async function caseById(
  s: string,
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<OverbillCase | null> {
  if (!isUuid(id)) return null;
  const res = await db.query<CaseRow & { current_name: string | null }>(
    `SELECT ${CASE_COLUMNS} FROM ${s}.overbill_cases c LEFT JOIN ${s}.vendors v ON v.id = c.vendor_id WHERE c.id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [id],
  );
  return res.rows[0] ? toCase(res.rows[0]) : null;
}

export async function decideCase(
  s: string,
  tx: Queryable,
  id: string,
  status: 'Approved' | 'Rejected',
  by: { id: string; name: string },
  reason: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE ${s}.overbill_cases SET status = $2, decided_at = now(), decided_by = $3, decided_by_name = $4, reject_reason = $5, version = version + 1 WHERE id = $1`,
    [id, status, by.id, by.name, reason],
  );
}

export interface CasesQuery {
  status: OverbillStatus | null;
  vendorId: string | null;
  limit: number;
  offset: number;
  cap?: number;
}

export async function casesPage(s: string, db: Queryable, q: CasesQuery): Promise<Page<OverbillCase>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.status) {
    params.push(q.status);
    where.push(`c.status = $${params.length}`);
  }
  if (q.vendorId) {
    params.push(q.vendorId);
    where.push(`c.vendor_id = $${params.length}::uuid`);
  }
  const page = await pagedSearch<CaseRow & { current_name: string | null }>(db, {
    select: CASE_COLUMNS,
    from: `${s}.overbill_cases c LEFT JOIN ${s}.vendors v ON v.id = c.vendor_id`,
    where,
    params,
    orderBy: 'c.opened_at DESC, c.id DESC',
    limit: q.limit,
    offset: q.offset,
    cap: q.cap,
  });
  return { ...page, rows: page.rows.map(toCase) };
}
