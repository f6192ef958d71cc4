/**
 * The ledger's own audit (`npm run ledger:check`, decision 0025): every vendor's balance recomputed
 * from its entries and compared with what is kept, entry by entry and vendor by vendor. Reads only;
 * a few whole-table passes in SQL, so it runs on a live PostgreSQL database as well.
 *
 * What it holds true:
 * - each vendor's entries are numbered 1, 2, 3… without gaps, and each entry's balance_after is the
 *   sum of the effects of the entries up to it (the chain);
 * - a Reversal reverses an entry of the same vendor that is not itself a Reversal, for the same
 *   amount and the opposite effect;
 * - the kept account (ledger_accounts) has the last seq, the outstanding balance and the summary
 *   figures (ordered, paid, credit notes, overbilling approved, net of reversals) its entries add up
 *   to, and the open overbilling count and amount its open cases add up to; a vendor with entries
 *   has an account.
 */
import type { Queryable } from '@erp/service-kit';

export interface LedgerMismatch {
  vendorId: string;
  /** VEN-0001, or '' for a vendor the vendors table does not have. */
  vendor: string;
  /** The entry concerned (seq), or null for the vendor's kept figures. */
  seq: number | null;
  what: string;
  expected: string;
  found: string;
}

export interface LedgerCheckReport {
  vendors: number;
  entries: number;
  /** Every mismatch found (at most `limit` of them listed in `mismatches`). */
  mismatchCount: number;
  mismatches: LedgerMismatch[];
  ms: number;
}

interface Row {
  vendor_id: string;
  vendor: string | null;
  seq: number | null;
  what: string;
  expected: string | null;
  found: string | null;
}

/** Entries whose balance_after or seq is not what the entries before them make. */
function chainSql(s: string): string {
  return `
  SELECT vendor_id, seq, 'entry balance_after'::text AS what, running::text AS expected, balance_after_paise::text AS found
    FROM (SELECT vendor_id, seq, balance_after_paise,
                 sum(amount_paise * effect) OVER w AS running, row_number() OVER w AS rn
            FROM ${s}.ledger_entries WINDOW w AS (PARTITION BY vendor_id ORDER BY seq ROWS UNBOUNDED PRECEDING)) x
   WHERE running <> balance_after_paise
  UNION ALL
  SELECT vendor_id, seq, 'entry seq (no gaps)', rn::text, seq::text
    FROM (SELECT vendor_id, seq, row_number() OVER (PARTITION BY vendor_id ORDER BY seq) AS rn FROM ${s}.ledger_entries) y
   WHERE rn <> seq`;
}

/** Reversals that do not mirror what they reverse. */
function reversalsSql(s: string): string {
  return `
  SELECT e.vendor_id, e.seq, 'reversal of entry ' || r.seq || ' of ' || r.vendor_id AS what,
         'same vendor, not a reversal, amount ' || r.amount_paise || ', effect ' || (-r.effect) AS expected,
         'amount ' || e.amount_paise || ', effect ' || e.effect || CASE WHEN r.type = 'Reversal' THEN ', reverses a reversal' ELSE '' END AS found
    FROM ${s}.ledger_entries e JOIN ${s}.ledger_entries r ON r.id = e.reverses
   WHERE r.vendor_id <> e.vendor_id OR r.type = 'Reversal' OR r.amount_paise <> e.amount_paise OR r.effect <> -e.effect`;
}

/** Per vendor, what the entries add up to (each reversal counted against the figure of what it reverses). */
function sumsSql(s: string): string {
  return `
  WITH rev AS (
    SELECT e.vendor_id,
           coalesce(sum(e.amount_paise) FILTER (WHERE r.type = 'PO Add'), 0) AS ordered,
           coalesce(sum(e.amount_paise) FILTER (WHERE r.type = 'Payment'), 0) AS paid,
           coalesce(sum(e.amount_paise) FILTER (WHERE r.type = 'Credit Note'), 0) AS credit_notes,
           coalesce(sum(e.amount_paise) FILTER (WHERE r.type = 'Overbill Approved'), 0) AS overbill
      FROM ${s}.ledger_entries e JOIN ${s}.ledger_entries r ON r.id = e.reverses
     WHERE e.type = 'Reversal' GROUP BY e.vendor_id),
  base AS (
    SELECT vendor_id, max(seq) AS last_seq, sum(amount_paise * effect) AS outstanding,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'PO Add'), 0) AS ordered,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'Payment'), 0) AS paid,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'Credit Note'), 0) AS credit_notes,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'Overbill Approved'), 0) AS overbill
      FROM ${s}.ledger_entries GROUP BY vendor_id),
  computed AS (
    SELECT b.vendor_id, b.last_seq, b.outstanding,
           b.ordered - coalesce(rev.ordered, 0) AS ordered,
           b.paid - coalesce(rev.paid, 0) AS paid,
           b.credit_notes - coalesce(rev.credit_notes, 0) AS credit_notes,
           b.overbill - coalesce(rev.overbill, 0) AS overbill
      FROM base b LEFT JOIN rev ON rev.vendor_id = b.vendor_id),
  open AS (
    SELECT vendor_id, count(*) AS n, sum(delta_paise) AS amount FROM ${s}.overbill_cases WHERE status = 'Open' GROUP BY vendor_id),
  ids AS (
    SELECT vendor_id FROM ${s}.ledger_accounts UNION SELECT vendor_id FROM computed UNION SELECT vendor_id FROM open),
  joined AS (
    SELECT i.vendor_id, a.vendor_id IS NOT NULL AS kept,
           coalesce(c.last_seq, 0) AS c_last_seq, coalesce(c.outstanding, 0) AS c_outstanding, coalesce(c.ordered, 0) AS c_ordered,
           coalesce(c.paid, 0) AS c_paid, coalesce(c.credit_notes, 0) AS c_credit_notes, coalesce(c.overbill, 0) AS c_overbill,
           coalesce(o.n, 0) AS c_open_n, coalesce(o.amount, 0) AS c_open_amount,
           a.last_seq, a.outstanding_paise, a.ordered_paise, a.paid_paise, a.credit_notes_paise, a.overbill_approved_paise,
           a.open_overbill_count, a.open_overbill_paise
      FROM ids i
      LEFT JOIN ${s}.ledger_accounts a ON a.vendor_id = i.vendor_id
      LEFT JOIN computed c ON c.vendor_id = i.vendor_id
      LEFT JOIN open o ON o.vendor_id = i.vendor_id)
  SELECT vendor_id, NULL::integer AS seq, what, expected, found FROM joined
   CROSS JOIN LATERAL (VALUES
     ('account row', 'present', CASE WHEN kept THEN 'present' ELSE 'missing' END),
     ('last seq', c_last_seq::text, last_seq::text),
     ('outstanding balance', c_outstanding::text, outstanding_paise::text),
     ('ordered (PO Add)', c_ordered::text, ordered_paise::text),
     ('paid', c_paid::text, paid_paise::text),
     ('credit notes', c_credit_notes::text, credit_notes_paise::text),
     ('overbilling approved', c_overbill::text, overbill_approved_paise::text),
     ('open overbilling cases', c_open_n::text, open_overbill_count::text),
     ('open overbilling amount', c_open_amount::text, open_overbill_paise::text)
   ) AS f(what, expected, found)
   WHERE found IS DISTINCT FROM expected AND (kept OR what = 'account row')`;
}

export async function checkLedgers(
  db: Queryable,
  schema: string,
  opts: { limit?: number } = {},
): Promise<LedgerCheckReport> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const s = schema;
  const limit = Math.max(1, Math.trunc(opts.limit ?? 1000));
  const t0 = Date.now();
  const res = await db.query<Row & { total: number }>(
    `WITH bad AS ((${chainSql(s)}) UNION ALL (${reversalsSql(s)}) UNION ALL (${sumsSql(s)}))
     SELECT bad.vendor_id::text AS vendor_id, v.vendor_id AS vendor, bad.seq, bad.what, bad.expected, bad.found, count(*) OVER ()::int AS total
       FROM bad LEFT JOIN ${s}.vendors v ON v.id = bad.vendor_id
      ORDER BY bad.vendor_id, bad.seq NULLS LAST, bad.what
      LIMIT ${limit}`,
  );
  const counts = await db.query<{ vendors: number; entries: number }>(
    `SELECT (SELECT count(*) FROM ${s}.ledger_accounts)::int AS vendors, (SELECT count(*) FROM ${s}.ledger_entries)::int AS entries`,
  );
  return {
    vendors: counts.rows[0]!.vendors,
    entries: counts.rows[0]!.entries,
    mismatchCount: res.rows[0]?.total ?? 0,
    mismatches: res.rows.map((r) => ({
      vendorId: r.vendor_id,
      vendor: r.vendor ?? '',
      seq: r.seq === null ? null : Number(r.seq),
      what: r.what,
      expected: r.expected ?? 'none',
      found: r.found ?? 'none',
    })),
    ms: Date.now() - t0,
  };
}
