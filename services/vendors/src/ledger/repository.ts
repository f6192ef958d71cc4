/**
 * The vendor ledger's tables (migration 002): append-only entries, the balances kept per vendor,
 * overbilling cases. Every append runs inside a transaction that holds the vendor's account row
 * (`lockAccount`, FOR UPDATE): appends to one ledger take turns, so seq is 1, 2, 3… without gaps
 * and each entry's balance_after is the balance before it plus its effect, exactly.
 */
import { randomUUID } from 'node:crypto';
import {
  fromPaise,
  LEDGER_EFFECT,
  type LedgerEntry,
  type LedgerEntryType,
  type LedgerSummary,
  type OverbillCase,
  type OverbillStatus,
  type VendorAccount,
  type VendorStatus,
} from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  isUuid as kitIsUuid,
  pagedSearch,
  type Page,
  type Queryable,
} from '@erp/service-kit';

export type EntryKind = Exclude<LedgerEntryType, 'Reversal'>;

export interface AccountRow {
  vendor_id: string;
  vendor_name: string;
  last_seq: number;
  outstanding_paise: number;
  ordered_paise: number;
  paid_paise: number;
  credit_notes_paise: number;
  overbill_approved_paise: number;
  open_overbill_count: number;
  open_overbill_paise: number;
  last_activity: Date | string | null;
}

export interface EntryRow {
  id: string;
  vendor_id: string;
  seq: number;
  type: LedgerEntryType;
  amount_paise: number;
  effect: number;
  balance_after_paise: number;
  date: string;
  reference: string;
  method: string | null;
  reason: string | null;
  notes: string;
  po_id: string | null;
  po_number: string | null;
  reverses: string | null;
  reverses_seq: number | null;
  reverses_type: LedgerEntryType | null;
  reversed_by: string | null;
  reversed_by_seq: number | null;
  overbill_case_id: string | null;
  entered_by: string | null;
  entered_by_name: string | null;
  created_at: Date | string;
  request_key: string | null;
}

interface CaseRow {
  id: string;
  vendor_id: string;
  vendor_name: string;
  po_id: string;
  po_number: string;
  receipt_id: string;
  invoice_number: string;
  invoice_amount_paise: number;
  expected_amount_paise: number;
  delta_paise: number;
  status: OverbillStatus;
  opened_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  reject_reason: string | null;
  version: number;
}

/** What an append carries; the effect, seq and balance come from the type and the locked account. */
export interface NewEntry {
  type: LedgerEntryType;
  amountPaise: number;
  /** YYYY-MM-DD (India). */
  date: string;
  reference?: string;
  referenceRound?: number;
  method?: string | null;
  reason?: string | null;
  notes?: string;
  po?: { id: string; number: string } | null;
  /** For a Reversal: the entry it reverses (its effect is the opposite of that entry's). */
  reverses?: { id: string; type: EntryKind } | null;
  overbillCaseId?: string | null;
  enteredBy: { id: string | null; name: string } | null;
  requestKey?: string | null;
}

export interface LedgerVendor {
  id: string;
  vendorId: string;
  name: string;
  status: VendorStatus;
  gstin: string;
  paymentTerms: number;
  address: string;
}

/** The kit's isUuid, for values that may be missing. */
export const isUuid = (s: string | null | undefined): s is string => typeof s === 'string' && kitIsUuid(s);

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Which summary figure an entry of this type moves. */
const BUCKET: Record<
  EntryKind,
  'ordered_paise' | 'paid_paise' | 'credit_notes_paise' | 'overbill_approved_paise'
> = {
  'PO Add': 'ordered_paise',
  Payment: 'paid_paise',
  'Credit Note': 'credit_notes_paise',
  'Overbill Approved': 'overbill_approved_paise',
};

/** +1 or -1: how an entry moves the balance (a Reversal the opposite of what it reverses). */
export function effectOf(type: LedgerEntryType, reversedType?: EntryKind | null): 1 | -1 {
  if (type === 'Reversal') {
    if (!reversedType) throw new Error('A reversal needs the type of the entry it reverses');
    return LEDGER_EFFECT[reversedType] === 1 ? -1 : 1;
  }
  return LEDGER_EFFECT[type];
}

export function toSummary(a: AccountRow | null): LedgerSummary {
  return {
    outstanding: fromPaise(Number(a?.outstanding_paise ?? 0)),
    ordered: fromPaise(Number(a?.ordered_paise ?? 0)),
    paid: fromPaise(Number(a?.paid_paise ?? 0)),
    creditNotes: fromPaise(Number(a?.credit_notes_paise ?? 0)),
    overbillApproved: fromPaise(Number(a?.overbill_approved_paise ?? 0)),
    openOverbilling: {
      count: Number(a?.open_overbill_count ?? 0),
      amount: fromPaise(Number(a?.open_overbill_paise ?? 0)),
    },
    lastActivity: a?.last_activity ? iso(a.last_activity) : null,
  };
}

export function toEntry(r: EntryRow, vendorName: string): LedgerEntry {
  const amount = Number(r.amount_paise);
  return {
    _id: r.id,
    seq: Number(r.seq),
    vendor: { _id: r.vendor_id, name: vendorName },
    type: r.type,
    amount: fromPaise(amount),
    effect: fromPaise(amount * Number(r.effect)),
    balanceAfter: fromPaise(Number(r.balance_after_paise)),
    date: r.date,
    reference: r.reference,
    method: r.method,
    reason: r.reason,
    notes: r.notes,
    po: r.po_id ? { _id: r.po_id, poNumber: r.po_number ?? '' } : null,
    reverses: r.reverses ? { _id: r.reverses, seq: Number(r.reverses_seq), type: r.reverses_type! } : null,
    reversedBy: r.reversed_by ? { _id: r.reversed_by, seq: Number(r.reversed_by_seq) } : null,
    overbillCaseId: r.overbill_case_id,
    enteredBy: r.entered_by_name !== null ? { _id: r.entered_by ?? '', name: r.entered_by_name } : null,
    createdAt: iso(r.created_at),
  };
}

function toCase(r: CaseRow & { current_name?: string | null }): OverbillCase {
  return {
    _id: r.id,
    vendor: { _id: r.vendor_id, name: r.current_name ?? r.vendor_name },
    po: { _id: r.po_id, poNumber: r.po_number },
    receiptId: r.receipt_id,
    invoiceNumber: r.invoice_number,
    invoiceAmount: fromPaise(Number(r.invoice_amount_paise)),
    expectedAmount: fromPaise(Number(r.expected_amount_paise)),
    delta: fromPaise(Number(r.delta_paise)),
    status: r.status,
    openedAt: iso(r.opened_at),
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decidedBy: r.decided_by_name !== null ? { _id: r.decided_by ?? '', name: r.decided_by_name } : null,
    rejectReason: r.reject_reason,
    version: r.version,
  };
}

const ACCOUNT_COLUMNS = `vendor_id, vendor_name, last_seq, outstanding_paise, ordered_paise, paid_paise, credit_notes_paise,
  overbill_approved_paise, open_overbill_count, open_overbill_paise, last_activity`;

const ENTRY_COLUMNS = `e.id, e.vendor_id, e.seq, e.type, e.amount_paise, e.effect, e.balance_after_paise, e.date::text AS date, e.reference,
  e.method, e.reason, e.notes, e.po_id, e.po_number, e.reverses, r.seq AS reverses_seq, r.type AS reverses_type, b.id AS reversed_by,
  b.seq AS reversed_by_seq, e.overbill_case_id, e.entered_by, e.entered_by_name, e.created_at, e.request_key`;

const CASE_COLUMNS = `c.id, c.vendor_id, c.vendor_name, v.name AS current_name, c.po_id, c.po_number, c.receipt_id, c.invoice_number,
  c.invoice_amount_paise, c.expected_amount_paise, c.delta_paise, c.status, c.opened_at, c.decided_at, c.decided_by, c.decided_by_name,
  c.reject_reason, c.version`;

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

export function ledgerRepository(schema: string) {
  const s = schema;

  const repo = {
    schema: s,

    /** The vendor and its kept account (null before its first entry… or for a vendor inserted past the trigger) in one round trip. */
    async vendorWithAccount(
      db: Queryable,
      id: string,
    ): Promise<{ vendor: LedgerVendor; account: AccountRow | null } | null> {
      if (!isUuid(id)) return null;
      const res = await db.query<
        AccountRow & {
          id: string;
          display_id: string;
          name: string;
          status: VendorStatus;
          gstin: string;
          payment_terms: number;
          address: string;
          has_account: boolean;
        }
      >(
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
    },

    /** The vendor as its ledger shows it; null when the vendors table has no such vendor. */
    async vendor(db: Queryable, id: string): Promise<LedgerVendor | null> {
      if (!isUuid(id)) return null;
      const res = await db.query<{
        id: string;
        vendor_id: string;
        name: string;
        status: VendorStatus;
        gstin: string;
        payment_terms: number;
        address: string;
      }>(
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
    },

    async account(db: Queryable, vendorId: string): Promise<AccountRow | null> {
      const res = await db.query<AccountRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM ${s}.ledger_accounts WHERE vendor_id = $1`,
        [vendorId],
      );
      return res.rows[0] ?? null;
    },

    /**
     * The vendor's account row, made when it has none, locked until the transaction ends: the one
     * way into an append, so appends to one ledger take turns (two payments at once: the second
     * waits, then sees the first's balance).
     */
    async lockAccount(tx: Queryable, vendorId: string, nameHint: string): Promise<AccountRow> {
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
    },

    /** Appends one entry to the locked account's ledger and moves its kept balances; `account` is updated in place. */
    async append(tx: Queryable, account: AccountRow, e: NewEntry): Promise<EntryRow> {
      const id = await repo.appendEntry(tx, account, e);
      return (await repo.entryRow(tx, account.vendor_id, id))!;
    },

    /** As append, returning only the new entry's id (one round trip: the entry and the account's balances in one statement). */
    async appendEntry(tx: Queryable, account: AccountRow, e: NewEntry): Promise<string> {
      if (!Number.isSafeInteger(e.amountPaise) || e.amountPaise <= 0)
        throw new RangeError('A ledger entry needs an amount of at least one paisa');
      const effect = effectOf(e.type, e.reverses?.type);
      const bucketType: EntryKind = e.type === 'Reversal' ? e.reverses!.type : e.type;
      const bucketDelta = e.type === 'Reversal' ? -e.amountPaise : e.amountPaise;
      const seq = Number(account.last_seq) + 1;
      const balance = Number(account.outstanding_paise) + effect * e.amountPaise;
      if (!Number.isSafeInteger(balance)) throw new RangeError('The balance would not be a safe integer');
      const id = randomUUID();
      const column = BUCKET[bucketType];
      const moved = await tx.query<{ last_activity: Date | string }>(
        `WITH entry AS (
           INSERT INTO ${s}.ledger_entries (id, vendor_id, seq, type, amount_paise, effect, balance_after_paise, date, reference, reference_round,
                                            method, reason, notes, po_id, po_number, reverses, overbill_case_id, entered_by, entered_by_name, request_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         )
         UPDATE ${s}.ledger_accounts SET last_seq = $3, outstanding_paise = $7, ${column} = ${column} + $21::bigint, last_activity = now()
          WHERE vendor_id = $2 RETURNING last_activity`,
        [
          id,
          account.vendor_id,
          seq,
          e.type,
          e.amountPaise,
          effect,
          balance,
          e.date,
          e.reference ?? '',
          e.referenceRound ?? 0,
          e.method ?? null,
          e.reason ?? null,
          e.notes ?? '',
          e.po?.id ?? null,
          e.po?.number ?? null,
          e.reverses?.id ?? null,
          e.overbillCaseId ?? null,
          e.enteredBy && isUuid(e.enteredBy.id) ? e.enteredBy.id : null,
          e.enteredBy?.name ?? null,
          e.requestKey ?? null,
          bucketDelta,
        ],
      );
      account.last_seq = seq;
      account.outstanding_paise = balance;
      account[column] = Number(account[column]) + bucketDelta;
      account.last_activity = moved.rows[0]!.last_activity;
      return id;
    },

    /** Moves the kept open-overbilling figures of the locked account. */
    async moveOpenOverbilling(
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
    },

    async entryRow(db: Queryable, vendorId: string, entryId: string): Promise<EntryRow | null> {
      if (!isUuid(entryId)) return null;
      const res = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM ${s}.ledger_entries e
           LEFT JOIN ${s}.ledger_entries r ON r.id = e.reverses
           LEFT JOIN ${s}.ledger_entries b ON b.reverses = e.id
          WHERE e.vendor_id = $1 AND e.id = $2`,
        [vendorId, entryId],
      );
      return res.rows[0] ?? null;
    },

    /** The entry recorded for this submission of the form (its request key), if any. */
    async entryByRequestKey(db: Queryable, vendorId: string, requestKey: string): Promise<EntryRow | null> {
      const res = await db.query<{ id: string }>(
        `SELECT id FROM ${s}.ledger_entries WHERE vendor_id = $1 AND request_key = $2`,
        [vendorId, requestKey],
      );
      return res.rows[0] ? repo.entryRow(db, vendorId, res.rows[0].id) : null;
    },

    /**
     * Whether a live (not reversed) entry of this type already carries the reference, and how many
     * reversed ones did (the next reference_round). Case-insensitive, as the unique indexes.
     */
    async referenceUse(
      db: Queryable,
      vendorId: string,
      type: 'Payment' | 'Credit Note',
      reference: string,
    ): Promise<{ live: boolean; round: number }> {
      const res = await db.query<{ used: number; live: number }>(
        `SELECT count(*)::int AS used, count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM ${s}.ledger_entries x WHERE x.reverses = e.id))::int AS live
           FROM ${s}.ledger_entries e WHERE e.vendor_id = $1 AND e.type = $2 AND lower(e.reference) = lower($3)`,
        [vendorId, type, reference],
      );
      const r = res.rows[0]!;
      return { live: r.live > 0, round: r.used };
    },

    async hasPoAdd(db: Queryable, poId: string): Promise<boolean> {
      const res = await db.query(`SELECT 1 FROM ${s}.ledger_entries WHERE po_id = $1 AND type = 'PO Add'`, [
        poId,
      ]);
      return res.rows.length > 0;
    },

    /**
     * A page of the vendor's ledger, newest (highest seq) first, with the capped count of matches.
     * The page is chosen on the entries alone (along ledger_entries_seq, or ledger_entries_date for a
     * range) and only its rows are joined to what they reverse and what reversed them; the count
     * reads the entries alone too.
     */
    async entries(
      db: Queryable,
      q: {
        vendorId: string;
        from: string | null;
        keyword: string;
        limit: number;
        offset: number;
        cap?: number;
        lastSeq: number;
      },
    ): Promise<Page<EntryRow>> {
      const { limit, offset } = checkedPaging(q);
      const where = ['e.vendor_id = $1'];
      const params: unknown[] = [q.vendorId];
      if (q.from) {
        params.push(q.from);
        where.push(`e.date >= $${params.length}::date`);
      }
      if (q.keyword) {
        params.push(containsPattern(q.keyword));
        where.push(`e.search LIKE $${params.length}`);
      }
      const filter = where.join(' AND ');
      const res = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS}
           FROM (SELECT * FROM ${s}.ledger_entries e WHERE ${filter} ORDER BY e.seq DESC LIMIT ${limit} OFFSET ${offset}) e
           LEFT JOIN ${s}.ledger_entries r ON r.id = e.reverses
           LEFT JOIN ${s}.ledger_entries b ON b.reverses = e.id
          ORDER BY e.seq DESC`,
        params,
      );
      const rows = res.rows;
      // The whole ledger has exactly last_seq entries (or more, appended since the account was read); a short page tells its total.
      if (!q.from && !q.keyword)
        return {
          rows,
          total: Math.max(q.lastSeq, rows[0] && offset === 0 ? Number(rows[0].seq) : 0),
          capped: false,
        };
      if (rows.length < limit && (rows.length > 0 || offset === 0))
        return { rows, total: offset + rows.length, capped: false };
      const bound = countBound({ limit, offset, cap: q.cap });
      const counted = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${s}.ledger_entries e WHERE ${filter} LIMIT ${bound + 1}) AS m`,
        params,
      );
      return { rows, ...cappedTotal(counted.rows[0]!.n, { limit, offset, cap: q.cap }) };
    },

    /** Entries dated in [from, to], in the order a statement lists them (date, then seq). */
    async statementEntries(db: Queryable, vendorId: string, from: string, to: string): Promise<EntryRow[]> {
      const res = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM ${s}.ledger_entries e
           LEFT JOIN ${s}.ledger_entries r ON r.id = e.reverses
           LEFT JOIN ${s}.ledger_entries b ON b.reverses = e.id
          WHERE e.vendor_id = $1 AND e.date BETWEEN $2::date AND $3::date ORDER BY e.date, e.seq`,
        [vendorId, from, to],
      );
      return res.rows;
    },

    /** The balance of the entries dated before `day` (a statement's opening balance). */
    async balanceBefore(db: Queryable, vendorId: string, day: string): Promise<number> {
      const res = await db.query<{ b: string | null }>(
        `SELECT sum(amount_paise * effect)::text AS b FROM ${s}.ledger_entries WHERE vendor_id = $1 AND date < $2::date`,
        [vendorId, day],
      );
      return Number(res.rows[0]!.b ?? 0);
    },

    /**
     * The dashboard's payables: what is owed across vendors (the sum of the positive outstanding
     * balances, in paise; an advance paid to one vendor does not lower what is owed to another) and
     * the overbilling cases waiting for a decision.
     */
    async payables(db: Queryable): Promise<{ outstandingPaise: number; openCases: number }> {
      const res = await db.query<{ owed: string; open_cases: number }>(
        `SELECT coalesce(sum(outstanding_paise) FILTER (WHERE outstanding_paise > 0), 0)::text AS owed,
                (SELECT count(*) FROM ${s}.overbill_cases WHERE status = 'Open')::int AS open_cases
           FROM ${s}.ledger_accounts`,
      );
      return { outstandingPaise: Number(res.rows[0]!.owed), openCases: Number(res.rows[0]!.open_cases) };
    },

    /**
     * The vendor accounts list (SPEC §2 "Vendor ledger list"): every vendor (each has an account row
     * from its creation, at 0 until its first entry), with the count of matches (capped as
     * pagedSearch caps it) and of open overbilling cases across all vendors.
     */
    async accounts(
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
      const page = await db.query<{
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
      }>(
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
      return {
        ...total,
        openCases,
        rows: rows.map((r) => ({
          _id: r.id,
          vendorId: r.vendor_id,
          name: r.name,
          status: r.status,
          outstanding: fromPaise(Number(r.outstanding)),
          paid: fromPaise(Number(r.paid)),
          creditNotes: fromPaise(Number(r.credit_notes)),
          openOverbilling: Number(r.open_count),
          lastActivity: r.last_activity ? iso(r.last_activity) : null,
        })),
      };
    },

    /**
     * Opens a case for a receipt unless one exists (its event arrived before). Returns the case's
     * id when opened now, null otherwise.
     */
    async openCase(
      tx: Queryable,
      c: {
        vendorId: string;
        vendorName: string;
        poId: string;
        poNumber: string;
        receiptId: string;
        invoiceNumber: string;
        invoicePaise: number;
        expectedPaise: number;
      },
    ): Promise<string | null> {
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
    },

    async caseById(db: Queryable, id: string, forUpdate = false): Promise<OverbillCase | null> {
      if (!isUuid(id)) return null;
      const res = await db.query<CaseRow & { current_name: string | null }>(
        `SELECT ${CASE_COLUMNS} FROM ${s}.overbill_cases c LEFT JOIN ${s}.vendors v ON v.id = c.vendor_id WHERE c.id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
        [id],
      );
      return res.rows[0] ? toCase(res.rows[0]) : null;
    },

    async decideCase(
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
    },

    async cases(
      db: Queryable,
      q: {
        status: OverbillStatus | null;
        vendorId: string | null;
        limit: number;
        offset: number;
        cap?: number;
      },
    ): Promise<Page<OverbillCase>> {
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
    },
  };
  return repo;
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
