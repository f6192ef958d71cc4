/**
 * A vendor's statement of account for a period (GET /vendorTransaction/{id}/statement): the
 * balance brought forward (the entries dated before the period), the entries dated in it in date
 * order with a running balance, and the balance carried forward. Drawn as PDF or XLSX by
 * plugins/statement-pdf.ts and plugins/statement-xlsx.ts.
 *
 * Columns as a creditor's account is kept: Credit adds to what is owed (a PO, approved overbilling,
 * the reversal of a payment), Debit lowers it (a payment, a credit note, the reversal of a PO).
 * All arithmetic in integer paise; the balance is what the business owes the vendor.
 */
import { sumPaise, type LedgerEntryType } from '@erp/contracts';

export interface StatementLine {
  date: string;
  seq: number;
  type: LedgerEntryType;
  reference: string;
  details: string;
  /** Signed effect on the balance (paise). */
  effectPaise: number;
}

export interface StatementInput {
  company: { name: string; address: string; gstin: string };
  vendor: { vendorId: string; name: string; address: string; gstin: string };
  from: string;
  to: string;
  openingPaise: number;
  lines: StatementLine[];
  /** When it was made (printed in the footer). */
  at: Date;
}

export interface StatementRow extends StatementLine {
  debitPaise: number;
  creditPaise: number;
  balancePaise: number;
}

export interface StatementTotals {
  openingPaise: number;
  debitPaise: number;
  creditPaise: number;
  closingPaise: number;
  rows: StatementRow[];
}

/** The statement's figures: the running balance from the opening one, the period's debits and credits, the closing balance. */
export function statementTotals(s: Pick<StatementInput, 'openingPaise' | 'lines'>): StatementTotals {
  let balance = s.openingPaise;
  const rows = s.lines.map((l) => {
    balance = sumPaise([balance, l.effectPaise]);
    return {
      ...l,
      creditPaise: l.effectPaise > 0 ? l.effectPaise : 0,
      debitPaise: l.effectPaise < 0 ? -l.effectPaise : 0,
      balancePaise: balance,
    };
  });
  const creditPaise = sumPaise(rows.map((r) => r.creditPaise));
  const debitPaise = sumPaise(rows.map((r) => r.debitPaise));
  return { openingPaise: s.openingPaise, creditPaise, debitPaise, closingPaise: balance, rows };
}

/** `Statement-VEN-0001-2026-04-01-2026-06-30.pdf` (the display id and dates hold only safe characters). */
export function statementFileName(
  vendorId: string,
  from: string,
  to: string,
  format: 'pdf' | 'xlsx',
): string {
  const id = vendorId.replace(/[^A-Za-z0-9-]/g, '') || 'vendor';
  return `Statement-${id}-${from}-${to}.${format}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-04-01 -> '01 Apr 2026'. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** An entry as a statement line: its method, reason and notes as its details, its signed effect. */
export function statementLine(row: {
  date: string;
  seq: number | string;
  type: LedgerEntryType;
  reference: string;
  method: string | null;
  reason: string | null;
  notes: string;
  amount_paise: number | string;
  effect: number | string;
}): StatementLine {
  return {
    date: row.date,
    seq: Number(row.seq),
    type: row.type,
    reference: row.reference,
    details: [row.method, row.reason, row.notes].filter((x) => x && x.trim() !== '').join(' · '),
    effectPaise: Number(row.amount_paise) * Number(row.effect),
  };
}

/** `n entries` / `1 entry`, as the totals line counts them. */
export function entriesText(n: number): string {
  return `${n} entr${n === 1 ? 'y' : 'ies'}`;
}
