import { randomUUID } from 'node:crypto';
import { fromPaise, type Vendor, type VendorStatus } from '@erp/contracts';
import { containsPattern, listConditions, pagedSearch, type Page, type Queryable } from '@erp/service-kit';
import type { VendorInput } from '../domain/vendor-input.js';

export type { VendorInput } from '../domain/vendor-input.js';

interface VendorRow {
  id: string;
  vendor_id: string;
  name: string;
  contact_person: string;
  phone_number: string;
  email: string;
  alt_phone_number: string;
  alt_email: string;
  address: string;
  gstin: string;
  payment_terms: number;
  notes: string;
  status: VendorStatus;
  wallet_paise: string;
  total_items: number;
  total_po: number;
  open_po: number;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  created_by_name: string | null;
  version: number;
}

export interface VendorListQuery {
  keyword: string;
  status: VendorStatus | null;
  limit: number;
  offset: number;
  /** Count at most this many matches (LIST_COUNT_CAP). */
  cap?: number;
}

// bigint arrives as text from pg; read it as text on both drivers and convert once. The wallet is
// the outstanding balance the vendor's ledger keeps (ledger_accounts; 0 before its first entry).
const COLUMNS = `v.id, v.vendor_id, v.name, v.contact_person, v.phone_number, v.email, v.alt_phone_number, v.alt_email, v.address, v.gstin,
         v.payment_terms, v.notes, v.status, coalesce(a.outstanding_paise, 0)::text AS wallet_paise, v.total_items, v.total_po, v.open_po,
         v.created_at, v.updated_at, v.created_by, v.created_by_name, v.version`;
const FROM = (schema: string) =>
  `${schema}.vendors v LEFT JOIN ${schema}.ledger_accounts a ON a.vendor_id = v.id`;
const SELECT = (schema: string) => `SELECT ${COLUMNS} FROM ${FROM(schema)}`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toVendor(row: VendorRow): Vendor {
  return {
    _id: row.id,
    vendorId: row.vendor_id,
    name: row.name,
    contactPerson: row.contact_person,
    phoneNumber: row.phone_number,
    email: row.email,
    altPhoneNumber: row.alt_phone_number,
    altEmail: row.alt_email,
    address: row.address,
    gstin: row.gstin,
    paymentTerms: row.payment_terms,
    notes: row.notes,
    status: row.status,
    wallet: fromPaise(Number(row.wallet_paise)),
    totalItems: row.total_items,
    totalPO: row.total_po,
    openPO: row.open_po,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? '' } : null,
    version: row.version,
  };
}

export function displayId(n: number): string {
  return `VEN-${String(n).padStart(4, '0')}`;
}

/** A page of the vendor list (newest first) with its capped total (ARCHITECTURE "Data"). */
export async function listVendors(schema: string, db: Queryable, q: VendorListQuery): Promise<Page<Vendor>> {
  const { where, params, add } = listConditions();
  if (q.keyword) add((p) => `v.search LIKE ${p}`, containsPattern(q.keyword));
  if (q.status) add((p) => `v.status = ${p}`, q.status);
  const page = await pagedSearch<VendorRow>(db, {
    select: COLUMNS,
    from: FROM(schema),
    where,
    params,
    orderBy: 'v.created_at DESC, v.display_no DESC',
    limit: q.limit,
    offset: q.offset,
    cap: q.cap,
  });
  return { ...page, rows: page.rows.map(toVendor) };
}

export async function vendorById(
  schema: string,
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<Vendor | null> {
  const res = await db.query<VendorRow>(
    `${SELECT(schema)} WHERE v.id = $1${forUpdate ? ' FOR UPDATE OF v' : ''}`,
    [id],
  );
  return res.rows[0] ? toVendor(res.rows[0]) : null;
}

export async function countVendors(schema: string, db: Queryable, status?: VendorStatus): Promise<number> {
  const res = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.vendors${status ? ' WHERE status = $1' : ''}`,
    status ? [status] : [],
  );
  return res.rows[0]!.n;
}

/** True when another vendor has this name (case and surrounding spaces ignored). */
export async function vendorNameTaken(
  schema: string,
  db: Queryable,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const res = await db.query(
    `SELECT 1 FROM ${schema}.vendors WHERE lower(trim(name)) = lower(trim($1)) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [name, exceptId],
  );
  return res.rows.length > 0;
}

/** The form's fields in the column order of the INSERT ($4…$14) and the UPDATE ($2…$12). */
const inputValues = (input: VendorInput): unknown[] => [
  input.name,
  input.contactPerson,
  input.phoneNumber,
  input.email,
  input.altPhoneNumber,
  input.altEmail,
  input.address,
  input.gstin,
  input.paymentTerms,
  input.notes,
  input.status,
];

export async function insertVendor(
  schema: string,
  db: Queryable,
  input: VendorInput,
  actor: { id: string; name: string } | null,
): Promise<string> {
  const id = randomUUID();
  const seq = await db.query<{ n: string }>(`SELECT nextval('${schema}.vendor_display_seq')::text AS n`);
  const no = Number(seq.rows[0]!.n);
  await db.query(
    `INSERT INTO ${schema}.vendors (id, display_no, vendor_id, name, contact_person, phone_number, email, alt_phone_number, alt_email,
                                    address, gstin, payment_terms, notes, status, created_by, created_by_name, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15)`,
    [id, no, displayId(no), ...inputValues(input), actor?.id ?? null, actor?.name ?? null],
  );
  return id;
}

export async function updateVendor(
  schema: string,
  db: Queryable,
  id: string,
  input: VendorInput,
  actorId: string,
): Promise<void> {
  await db.query(
    `UPDATE ${schema}.vendors SET name = $2, contact_person = $3, phone_number = $4, email = $5, alt_phone_number = $6, alt_email = $7,
            address = $8, gstin = $9, payment_terms = $10, notes = $11, status = $12, updated_by = $13, updated_at = now(),
            version = version + 1
      WHERE id = $1`,
    [id, ...inputValues(input), actorId],
  );
}

/**
 * The vendor's active item count from the catalog, applied only when newer than what is stored
 * (events may arrive out of order). Returns false when nothing changed (older, or unknown vendor).
 */
export async function setVendorItemCount(
  schema: string,
  db: Queryable,
  vendorId: string,
  activeItems: number,
  sequence: number,
): Promise<boolean> {
  const res = await db.query(
    `UPDATE ${schema}.vendors SET total_items = $2, items_sequence = $3
      WHERE id = $1 AND (items_sequence IS NULL OR items_sequence < $3)`,
    [vendorId, activeItems, sequence],
  );
  return res.rowCount > 0;
}

/** The vendor master's queries bound to the service's schema. */
export function vendorsRepository(schema: string) {
  return {
    list: listVendors.bind(null, schema),
    byId: vendorById.bind(null, schema),
    count: countVendors.bind(null, schema),
    nameTaken: vendorNameTaken.bind(null, schema),
    insert: insertVendor.bind(null, schema),
    update: updateVendor.bind(null, schema),
    setItemCount: setVendorItemCount.bind(null, schema),
  };
}
export type VendorsRepository = ReturnType<typeof vendorsRepository>;
