/**
 * The vendor ledger's entries (migration 002): append-only. An append runs inside a transaction
 * that holds the vendor's account row (ledger-accounts.ts `lockAccount`), so seq is 1, 2, 3…
 * without gaps and each entry's balance_after is the balance before it plus its effect, exactly.
 */
import { randomUUID } from 'node:crypto';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  type Page,
  type Queryable,
} from '@erp/service-kit';
import { isUuid, posting, type NewEntry } from '../domain/ledger.js';
import { ENTRY_COLUMNS, type AccountRow, type EntryRow } from './ledger-rows.js';

/** As appendRow, returning only the new entry's id (one round trip: the entry and the account's balances in one statement). */
export async function appendEntry(
  s: string,
  tx: Queryable,
  account: AccountRow,
  e: NewEntry,
): Promise<string> {
  const p = posting(account, e);
  const id = randomUUID();
  const column = p.figure;
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
      p.seq,
      e.type,
      e.amountPaise,
      p.effect,
      p.balance,
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
      p.figureDelta,
    ],
  );
  account.last_seq = p.seq;
  account.outstanding_paise = p.balance;
  account[column] = Number(account[column]) + p.figureDelta;
  account.last_activity = moved.rows[0]!.last_activity;
  return id;
}

export async function entryRow(
  s: string,
  db: Queryable,
  vendorId: string,
  entryId: string,
): Promise<EntryRow | null> {
  if (!isUuid(entryId)) return null;
  const res = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ${s}.ledger_entries e
       LEFT JOIN ${s}.ledger_entries r ON r.id = e.reverses
       LEFT JOIN ${s}.ledger_entries b ON b.reverses = e.id
      WHERE e.vendor_id = $1 AND e.id = $2`,
    [vendorId, entryId],
  );
  return res.rows[0] ?? null;
}

/** Appends one entry to the locked account's ledger and moves its kept balances; `account` is updated in place. */
export async function appendRow(
  s: string,
  tx: Queryable,
  account: AccountRow,
  e: NewEntry,
): Promise<EntryRow> {
  const id = await appendEntry(s, tx, account, e);
  return (await entryRow(s, tx, account.vendor_id, id))!;
}

/** The entry recorded for this submission of the form (its request key), if any. */
export async function entryByRequestKey(
  s: string,
  db: Queryable,
  vendorId: string,
  requestKey: string,
): Promise<EntryRow | null> {
  const res = await db.query<{ id: string }>(
    `SELECT id FROM ${s}.ledger_entries WHERE vendor_id = $1 AND request_key = $2`,
    [vendorId, requestKey],
  );
  return res.rows[0] ? entryRow(s, db, vendorId, res.rows[0].id) : null;
}

/**
 * Whether a live (not reversed) entry of this type already carries the reference, and how many
 * reversed ones did (the next reference_round). Case-insensitive, as the unique indexes.
 */
export async function referenceUse(
  s: string,
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
}

export async function hasPoAdd(s: string, db: Queryable, poId: string): Promise<boolean> {
  const res = await db.query(`SELECT 1 FROM ${s}.ledger_entries WHERE po_id = $1 AND type = 'PO Add'`, [
    poId,
  ]);
  return res.rows.length > 0;
}

export interface EntriesQuery {
  vendorId: string;
  from: string | null;
  keyword: string;
  limit: number;
  offset: number;
  cap?: number;
  lastSeq: number;
}

/** The WHERE clause (on the entries alone) and its parameters. */
function entriesFilter(q: EntriesQuery): { filter: string; params: unknown[] } {
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
  return { filter: where.join(' AND '), params };
}

/**
 * A page of the vendor's ledger, newest (highest seq) first, with the capped count of matches.
 * The page is chosen on the entries alone (along ledger_entries_seq, or ledger_entries_date for a
 * range) and only its rows are joined to what they reverse and what reversed them; the count
 * reads the entries alone too.
 */
export async function entriesPage(s: string, db: Queryable, q: EntriesQuery): Promise<Page<EntryRow>> {
  const { limit, offset } = checkedPaging(q);
  const { filter, params } = entriesFilter(q);
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
}

/** Entries dated in [from, to], in the order a statement lists them (date, then seq). */
export async function statementEntries(
  s: string,
  db: Queryable,
  vendorId: string,
  from: string,
  to: string,
): Promise<EntryRow[]> {
  const res = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ${s}.ledger_entries e
       LEFT JOIN ${s}.ledger_entries r ON r.id = e.reverses
       LEFT JOIN ${s}.ledger_entries b ON b.reverses = e.id
      WHERE e.vendor_id = $1 AND e.date BETWEEN $2::date AND $3::date ORDER BY e.date, e.seq`,
    [vendorId, from, to],
  );
  return res.rows;
}

/** The balance of the entries dated before `day` (a statement's opening balance). */
export async function balanceBefore(
  s: string,
  db: Queryable,
  vendorId: string,
  day: string,
): Promise<number> {
  const res = await db.query<{ b: string | null }>(
    `SELECT sum(amount_paise * effect)::text AS b FROM ${s}.ledger_entries WHERE vendor_id = $1 AND date < $2::date`,
    [vendorId, day],
  );
  return Number(res.rows[0]!.b ?? 0);
}
