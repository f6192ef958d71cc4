/**
 * The kept accounts (ledger_accounts): one row per vendor with its last seq, outstanding balance
 * and summary figures. Every append runs inside a transaction that holds the vendor's account row
 * (`lockAccount`, FOR UPDATE): appends to one ledger take turns.
 */
import { fromPaise, type VendorAccount, type VendorStatus } from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  type Page,
  type Queryable,
} from '@erp/service-kit';
import { isUuid } from '../domain/ledger.js';
import { ACCOUNT_COLUMNS, iso, type AccountRow, type LedgerVendor } from './ledger-rows.js';

export type AccountSort =
  'outstanding' | '-outstanding' | 'lastActivity' | '-lastActivity' | 'name' | '-name';

/** Each along an index (ledger_accounts_outstanding, ledger_accounts_activity, vendors_name), so a page stops early; ties by vendor id. */
const ACCOUNT_ORDER: Record<AccountSort, string> = {
  outstanding: 'a.outstanding_paise ASC, a.vendor_id DESC',
  '-outstanding': 'a.outstanding_paise DESC, a.vendor_id ASC',
  // No activity yet counts as the oldest.
  lastActivity: 'a.last_activity ASC NULLS FIRST, a.vendor_id DESC',
  '-lastActivity': 'a.last_activity DESC NULLS LAST, a.vendor_id ASC',
  // Names are stored trimmed; lower(trim(name)) is the unique index's expression.
  name: 'lower(trim(v.name)) ASC',
  '-name': 'lower(trim(v.name)) DESC',
};

interface VendorColumns {
  id: string;
  name: string;
  status: VendorStatus;
  gstin: string;
  payment_terms: number;
  address: string;
}

/** The vendor and its kept account (null before its first entry… or for a vendor inserted past the trigger) in one round trip. */
export async function vendorWithAccount(
  s: string,
  db: Queryable,
  id: string,
): Promise<{ vendor: LedgerVendor; account: AccountRow | null } | null> {
  if (!isUuid(id)) return null;
  const res = await db.query<AccountRow & VendorColumns & { display_id: string; has_account: boolean }>(
    `SELECT v.id, v.vendor_id AS display_id, v.name, v.status, v.gstin, v.payment_terms, v.address, a.vendor_id IS NOT NULL AS has_account,
            a.vendor_id, a.vendor_name, a.last_seq, a.outstanding_paise, a.ordered_paise, a.paid_paise, a.credit_notes_paise,
            a.overbill_approved_paise, a.open_overbill_count, a.open_overbill_paise, a.last_activity
       FROM ${s}.vendors v LEFT JOIN ${s}.ledger_accounts a ON a.vendor_id = v.id WHERE v.id = $1`,
    [id],
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    vendor: {
      id: r.id,
      vendorId: r.display_id,
      name: r.name,
      status: r.status,
      gstin: r.gstin,
      paymentTerms: r.payment_terms,
      address: r.address,
    },
    account: r.has_account ? r : null,
  };
}

/** The vendor as its ledger shows it; null when the vendors table has no such vendor. */
export async function ledgerVendor(s: string, db: Queryable, id: string): Promise<LedgerVendor | null> {
  if (!isUuid(id)) return null;
  const res = await db.query<VendorColumns & { vendor_id: string }>(
    `SELECT id, vendor_id, name, status, gstin, payment_terms, address FROM ${s}.vendors WHERE id = $1`,
    [id],
  );
  const v = res.rows[0];
  return v
    ? {
        id: v.id,
        vendorId: v.vendor_id,
        name: v.name,
        status: v.status,
        gstin: v.gstin,
        paymentTerms: v.payment_terms,
        address: v.address,
      }
    : null;
}

export async function accountOf(s: string, db: Queryable, vendorId: string): Promise<AccountRow | null> {
  const res = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ${s}.ledger_accounts WHERE vendor_id = $1`,
    [vendorId],
  );
  return res.rows[0] ?? null;
}

/**
 * The vendor's account row, made when it has none, locked until the transaction ends: the one
 * way into an append, so appends to one ledger take turns (two payments at once: the second
 * waits, then sees the first's balance).
 */
export async function lockAccount(
  s: string,
  tx: Queryable,
  vendorId: string,
  nameHint: string,
): Promise<AccountRow> {
  // One round trip: the account made now (named as the vendors table names the vendor, else
  // nameHint), or the one there, locked (after a wait, its latest version).
  const res = await tx.query<AccountRow>(
    `WITH made AS (
       INSERT INTO ${s}.ledger_accounts (vendor_id, vendor_name) VALUES ($1, coalesce((SELECT name FROM ${s}.vendors WHERE id = $1), $2))
       ON CONFLICT (vendor_id) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}
     ), held AS (
       SELECT ${ACCOUNT_COLUMNS} FROM ${s}.ledger_accounts WHERE vendor_id = $1 FOR UPDATE
     )
     SELECT * FROM made UNION ALL SELECT * FROM held`,
    [vendorId, nameHint],
  );
  if (res.rows[0]) return res.rows[0];
  // Made by a transaction that committed after this statement began: not in its snapshot, so
  // neither made nor seen. Lock it now.
  const again = await tx.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ${s}.ledger_accounts WHERE vendor_id = $1 FOR UPDATE`,
    [vendorId],
  );
  return again.rows[0]!;
}

/** Moves the kept open-overbilling figures of the locked account. */
export async function moveOpenOverbilling(
  s: string,
  tx: Queryable,
  account: AccountRow,
  count: number,
  paise: number,
): Promise<void> {
  await tx.query(
    `UPDATE ${s}.ledger_accounts SET open_overbill_count = open_overbill_count + $2, open_overbill_paise = open_overbill_paise + $3 WHERE vendor_id = $1`,
    [account.vendor_id, count, paise],
  );
  account.open_overbill_count = Number(account.open_overbill_count) + count;
  account.open_overbill_paise = Number(account.open_overbill_paise) + paise;
}

/**
 * The dashboard's payables: what is owed across vendors (the sum of the positive outstanding
 * balances, in paise; an advance paid to one vendor does not lower what is owed to another) and
 * the overbilling cases waiting for a decision.
 */
export async function payables(
  s: string,
  db: Queryable,
): Promise<{ outstandingPaise: number; openCases: number }> {
  const res = await db.query<{ owed: string; open_cases: number }>(
    `SELECT coalesce(sum(outstanding_paise) FILTER (WHERE outstanding_paise > 0), 0)::text AS owed,
            (SELECT count(*) FROM ${s}.overbill_cases WHERE status = 'Open')::int AS open_cases
       FROM ${s}.ledger_accounts`,
  );
  return { outstandingPaise: Number(res.rows[0]!.owed), openCases: Number(res.rows[0]!.open_cases) };
}

interface AccountListRow {
  id: string;
  vendor_id: string;
  name: string;
  status: VendorStatus;
  outstanding: number;
  paid: number;
  credit_notes: number;
  open_count: number;
  last_activity: Date | string | null;
  matches: number;
  open_cases: number;
}

function toAccount(r: AccountListRow): VendorAccount {
  return {
    _id: r.id,
    vendorId: r.vendor_id,
    name: r.name,
    status: r.status,
    outstanding: fromPaise(Number(r.outstanding)),
    paid: fromPaise(Number(r.paid)),
    creditNotes: fromPaise(Number(r.credit_notes)),
    openOverbilling: Number(r.open_count),
    lastActivity: r.last_activity ? iso(r.last_activity) : null,
  };
}

/**
 * The vendor accounts list (SPEC §2 "Vendor ledger list"): every vendor (each has an account row
 * from its creation, at 0 until its first entry), with the count of matches (capped as
 * pagedSearch caps it) and of open overbilling cases across all vendors.
 */
export async function accountsPage(
  s: string,
  db: Queryable,
  q: { keyword: string; sort: AccountSort; limit: number; offset: number; cap?: number },
): Promise<Page<VendorAccount> & { openCases: number }> {
  const { limit, offset } = checkedPaging(q);
  const where = q.keyword ? `WHERE v.ledger_search LIKE $1` : '';
  const params = q.keyword ? [containsPattern(q.keyword)] : [];
  const bound = countBound({ limit, offset, cap: q.cap });
  const countSql = `(SELECT count(*) FROM (SELECT 1 FROM ${s}.vendors v ${where} LIMIT ${bound + 1}) AS m)::int`;
  const openSql = `(SELECT count(*) FROM ${s}.overbill_cases WHERE status = 'Open')::int`;
  // One round trip: the page, the count of matches (up to the bound) and the open cases (each computed once).
  const page = await db.query<AccountListRow>(
    `SELECT v.id, v.vendor_id, v.name, v.status, a.outstanding_paise AS outstanding, a.paid_paise AS paid, a.credit_notes_paise AS credit_notes,
            a.open_overbill_count AS open_count, a.last_activity, ${countSql} AS matches, ${openSql} AS open_cases
       FROM ${s}.vendors v JOIN ${s}.ledger_accounts a ON a.vendor_id = v.id
      ${where} ORDER BY ${ACCOUNT_ORDER[q.sort]} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const rows = page.rows;
  // A page past the end has no row to carry the counts: they are asked on their own.
  const counts =
    rows[0] ??
    (
      await db.query<{ matches: number; open_cases: number }>(
        `SELECT ${countSql} AS matches, ${openSql} AS open_cases`,
        params,
      )
    ).rows[0]!;
  const total = cappedTotal(Number(counts.matches), { limit, offset, cap: q.cap });
  const openCases = Number(counts.open_cases);
  return { ...total, openCases, rows: rows.map(toAccount) };
}
