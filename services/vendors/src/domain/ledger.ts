/**
 * Posting to a vendor's ledger (decision 0025), as plain rules: how an entry moves the balance
 * (its effect), which summary figure it moves, and what the locked account becomes after it (the
 * next seq, the balance after). All in integer paise; the balance is what the business owes the
 * vendor (negative: an advance paid to it).
 */
import { LEDGER_EFFECT, type LedgerEntryType } from '@erp/contracts';
import { isUuid as kitIsUuid } from '@erp/service-kit';

export type EntryKind = Exclude<LedgerEntryType, 'Reversal'>;

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

/** The kit's isUuid, for values that may be missing. */
export const isUuid = (s: string | null | undefined): s is string => typeof s === 'string' && kitIsUuid(s);

/** A kept summary figure of an account (a column of ledger_accounts). */
export type SummaryFigure = 'ordered_paise' | 'paid_paise' | 'credit_notes_paise' | 'overbill_approved_paise';

/** Which summary figure an entry of this type moves. */
export const BUCKET: Record<EntryKind, SummaryFigure> = {
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

/** What one entry does to the locked account: its seq, effect and balance after, and the summary figure it moves by how much. */
export interface Posting {
  seq: number;
  effect: 1 | -1;
  balance: number;
  figure: SummaryFigure;
  /** A reversal counts against the figure of what it reverses. */
  figureDelta: number;
}

/**
 * The posting of `e` after the account's last entry (seq last + 1, balance before plus its effect).
 * Throws a RangeError for an amount under a paisa or a balance past a safe integer.
 */
export function posting(
  account: { last_seq: number; outstanding_paise: number },
  e: Pick<NewEntry, 'type' | 'amountPaise' | 'reverses'>,
): Posting {
  if (!Number.isSafeInteger(e.amountPaise) || e.amountPaise <= 0)
    throw new RangeError('A ledger entry needs an amount of at least one paisa');
  const effect = effectOf(e.type, e.reverses?.type);
  const bucketType: EntryKind = e.type === 'Reversal' ? e.reverses!.type : e.type;
  const figureDelta = e.type === 'Reversal' ? -e.amountPaise : e.amountPaise;
  const seq = Number(account.last_seq) + 1;
  const balance = Number(account.outstanding_paise) + effect * e.amountPaise;
  if (!Number.isSafeInteger(balance)) throw new RangeError('The balance would not be a safe integer');
  return { seq, effect, balance, figure: BUCKET[bucketType], figureDelta };
}
