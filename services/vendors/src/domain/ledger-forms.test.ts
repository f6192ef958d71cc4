import { describe, expect, it } from 'vitest';
import { defaultModulesForRole, LEDGER_MESSAGES, type MemberAccess, type Role } from '@erp/contracts';
import { httpRefusal } from '@erp/service-kit/testing';
import {
  amountPaise,
  checkStatementPeriod,
  creditNoteNumber,
  LEDGER_TEXT,
  mayAddCreditNotes,
  mayAddPayments,
  pastDay,
  reversalOf,
  reverseReason,
  sameCreditNote,
  samePayment,
  sameReversal,
  type StoredEntry,
} from './ledger-forms.js';

const member = (role: Role): Pick<MemberAccess, 'role' | 'permissions'> => ({
  role,
  permissions: { allProjects: true, projects: [], modules: defaultModulesForRole(role) },
});

const refusal = httpRefusal;

const entry = (over: Partial<StoredEntry> = {}): StoredEntry => ({
  id: 'e1',
  seq: 4,
  type: 'Payment',
  amount_paise: 150_000,
  reference: 'UTR123',
  reverses: null,
  reversed_by: null,
  ...over,
});

describe('who may add to a ledger (role defaults)', () => {
  it('lets an Accountant and an Admin add payments, not a Purchaser or an Employee', () => {
    expect(mayAddPayments(member('Accountant'))).toBe(true);
    expect(mayAddPayments(member('Admin'))).toBe(true);
    expect(mayAddPayments(member('Purchaser'))).toBe(false);
    expect(mayAddPayments(member('Employee'))).toBe(false);
  });

  it('lets a Purchaser and an Admin add credit notes, not an Accountant (who only reads the vendor list)', () => {
    expect(mayAddCreditNotes(member('Purchaser'))).toBe(true);
    expect(mayAddCreditNotes(member('Admin'))).toBe(true);
    expect(mayAddCreditNotes(member('Accountant'))).toBe(false);
    expect(mayAddCreditNotes(member('Employee'))).toBe(false);
  });
});

describe('what a ledger form must say', () => {
  it('takes an amount above 0 with at most two decimals, in paise', () => {
    expect(amountPaise(1500.5)).toBe(150_050);
    expect(amountPaise(0.01)).toBe(1);
    for (const bad of [0, -1, 10.005, Number.NaN])
      expect(refusal(() => amountPaise(bad))).toEqual({ status: 400, message: LEDGER_MESSAGES.amount });
  });

  it('takes a real day up to today (India), not one after', () => {
    expect(pastDay('2026-06-15', '2026-06-15')).toBe('2026-06-15');
    expect(refusal(() => pastDay('2026-06-16', '2026-06-15'))).toEqual({
      status: 400,
      message: LEDGER_MESSAGES.dateFuture,
    });
    expect(refusal(() => pastDay('2026-02-30', '2026-06-15'))).toEqual({
      status: 400,
      message: LEDGER_MESSAGES.date,
    });
  });

  it('takes a statement period of real days in order', () => {
    expect(refusal(() => checkStatementPeriod('2026-04-01', '2026-04-01'))).toBeNull();
    expect(refusal(() => checkStatementPeriod('2026-04-02', '2026-04-01'))?.message).toBe(
      LEDGER_TEXT.statementRange,
    );
    expect(refusal(() => checkStatementPeriod('2026-04-31', '2026-05-01'))?.message).toBe(
      LEDGER_MESSAGES.date,
    );
  });

  it('needs a credit note number and a reversal reason, trimmed', () => {
    expect(creditNoteNumber('  CN-7 ')).toBe('CN-7');
    expect(refusal(() => creditNoteNumber('   '))?.message).toBe(LEDGER_MESSAGES.creditNoteNumber);
    expect(reverseReason(' typo ')).toBe('typo');
    expect(refusal(() => reverseReason(''))?.message).toBe(LEDGER_MESSAGES.reverseReason);
  });

  it('answers a resend with its entry only when it says the same', () => {
    expect(samePayment(150_000, 'UTR123')(entry())).toBe(true);
    expect(samePayment(150_000, 'UTR124')(entry())).toBe(false);
    expect(samePayment(150_001, 'UTR123')(entry())).toBe(false);
    expect(sameCreditNote(150_000, 'UTR123')(entry())).toBe(false);
    expect(
      sameCreditNote(500, 'CN-1')(entry({ type: 'Credit Note', amount_paise: '500', reference: 'CN-1' })),
    ).toBe(true);
    expect(sameReversal('e1')(entry({ type: 'Reversal', reverses: 'e1' }))).toBe(true);
    expect(sameReversal('e2')(entry({ type: 'Reversal', reverses: 'e1' }))).toBe(false);
  });
});

describe('reversing an entry', () => {
  it('reverses a payment for its amount, today, naming the entry it reverses', () => {
    expect(reversalOf(entry(), member('Accountant'), 'Bounced', '2026-06-15')).toEqual({
      type: 'Reversal',
      amountPaise: 150_000,
      date: '2026-06-15',
      reference: 'UTR123',
      reverses: { id: 'e1', type: 'Payment' },
      reason: 'Bounced',
      notes: 'Reverses entry 4 (Payment UTR123)',
      enteredBy: null,
    });
    const cn = reversalOf(
      entry({ type: 'Credit Note', reference: '' }),
      member('Purchaser'),
      'x',
      '2026-06-15',
    );
    expect(cn.notes).toBe('Reverses entry 4 (Credit Note)');
  });

  it('refuses a reversal, a PO, an entry already reversed, and one the member may not add', () => {
    const accountant = member('Accountant');
    expect(refusal(() => reversalOf(entry({ type: 'Reversal' }), accountant, 'x'))).toEqual({
      status: 400,
      message: LEDGER_MESSAGES.reverseReversal,
    });
    expect(refusal(() => reversalOf(entry({ type: 'PO Add' }), accountant, 'x'))).toEqual({
      status: 400,
      message: LEDGER_TEXT.onlyPaymentsAndCreditNotes,
    });
    expect(refusal(() => reversalOf(entry({ reversed_by: 'e9' }), accountant, 'x'))).toEqual({
      status: 409,
      message: LEDGER_MESSAGES.alreadyReversed,
    });
    expect(refusal(() => reversalOf(entry(), member('Purchaser'), 'x'))).toEqual({
      status: 403,
      message: LEDGER_MESSAGES.onlyPayments,
    });
    expect(refusal(() => reversalOf(entry({ type: 'Credit Note' }), accountant, 'x'))).toEqual({
      status: 403,
      message: LEDGER_MESSAGES.onlyCreditNotes,
    });
  });
});
