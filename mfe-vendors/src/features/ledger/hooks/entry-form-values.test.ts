import { LEDGER_MESSAGES } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import {
  creditNoteBody,
  creditNoteConflict,
  creditNoteContract,
  newCreditNoteValues,
} from './credit-note-form-values';
import { indiaToday } from './ledger-dates';
import {
  CHOOSE_VENDOR,
  newPaymentValues,
  parseAmount,
  paymentBody,
  paymentConflict,
  paymentContract,
  paymentRules,
  sanitizeAmount,
  type PaymentVendor,
} from './payment-form-values';

const KEY = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const vendor: PaymentVendor = {
  _id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Shree Ganesh Cement Traders',
  vendorId: 'VEN-0001',
  outstanding: 120000,
};
const today = indiaToday();
const first = (problems: { field: string; message: string }[]) => problems[0] ?? null;

describe('a new payment', () => {
  it('starts on today in India with NEFT (SPEC §9) and the request key of the opening', () => {
    expect(newPaymentValues(vendor, KEY, '2026-11-24')).toEqual({
      vendor,
      amount: '',
      date: '2026-11-24',
      method: 'NEFT',
      reference: '',
      notes: '',
      requestKey: KEY,
    });
  });
});

describe('the amount as typed', () => {
  it.each([
    ['1,20,000', '120000'],
    ['₹ 5000.505', '5000.50'],
    ['12.3.4', '12.34'],
    ['abc', ''],
  ])('%s is kept as %s', (typed, kept) => expect(sanitizeAmount(typed)).toBe(kept));

  it('is read in rupees; nothing typed is 0; a lone point is not a number', () => {
    expect(parseAmount('120000.5')).toBe(120000.5);
    expect(parseAmount('')).toBe(0);
    expect(Number.isNaN(parseAmount('.'))).toBe(true);
  });
});

describe('the payment body (POST /vendorTransaction/{id}/payments)', () => {
  it('carries the amount in rupees, the date, the method, the trimmed reference and notes, and the request key', () => {
    const values = {
      ...newPaymentValues(vendor, KEY, '2026-11-24'),
      amount: '50000.25',
      method: 'RTGS' as const,
      reference: ' UTR123 ',
      notes: ' Part payment ',
    };
    expect(paymentBody(values)).toEqual({
      amount: 50000.25,
      date: '2026-11-24',
      method: 'RTGS',
      reference: 'UTR123',
      notes: 'Part payment',
      requestKey: KEY,
    });
  });

  it('leaves out an empty reference and notes, and never sends the vendor (it is in the path)', () => {
    const body = paymentBody({
      ...newPaymentValues(vendor, KEY, '2026-11-24'),
      amount: '100',
      reference: '  ',
      notes: '',
    });
    expect(body).toEqual({ amount: 100, date: '2026-11-24', method: 'NEFT', requestKey: KEY });
    expect(body).not.toHaveProperty('vendor');
  });

  it('the same form sends the same request key every time (a double-click records once)', () => {
    const values = { ...newPaymentValues(vendor, KEY), amount: '100' };
    expect(paymentBody(values).requestKey).toBe(paymentBody(values).requestKey);
  });
});

describe("the payment form's check: the service's schema and words", () => {
  const filled = { ...newPaymentValues(vendor, KEY, today), amount: '5000' };

  it('passes a filled form', () => expect(paymentContract.problems(filled)).toEqual([]));

  it('asks for a vendor first on /vendors/payment', () => {
    expect(first(paymentContract.problems({ ...filled, vendor: null }))).toEqual({
      field: 'vendor',
      message: CHOOSE_VENDOR,
    });
  });

  it.each(['', '0', '.'])('refuses the amount %j with the service’s message', (amount) => {
    expect(first(paymentContract.problems({ ...filled, amount }))).toEqual({
      field: 'amount',
      message: LEDGER_MESSAGES.amount,
    });
  });

  it('refuses an amount above the maximum in the platform’s words', () => {
    expect(first(paymentContract.problems({ ...filled, amount: '100000000.01' }))).toEqual({
      field: 'amount',
      message: 'Amount cannot be more than ₹10,00,00,000.00',
    });
  });

  it('refuses a date in the future (in India) and a date that is not one', () => {
    expect(first(paymentRules({ ...filled, date: '2026-11-25' }, '2026-11-24'))).toEqual({
      field: 'date',
      message: LEDGER_MESSAGES.dateFuture,
    });
    expect(first(paymentContract.problems({ ...filled, date: '' }))).toEqual({
      field: 'date',
      message: LEDGER_MESSAGES.date,
    });
    expect(first(paymentContract.problems({ ...filled, date: '2026-02-30' }))).toEqual({
      field: 'date',
      message: LEDGER_MESSAGES.date,
    });
  });

  it('marks the Reference field on a 409 about a reference already on the ledger', () => {
    expect(paymentConflict(LEDGER_MESSAGES.duplicateReference('UTR123'))?.field).toBe('reference');
    expect(paymentConflict('Vendor not found')).toBeUndefined();
  });
});

describe('a credit note', () => {
  it("starts on today with the spec's first reason", () => {
    expect(newCreditNoteValues(KEY, '2026-11-24')).toEqual({
      number: '',
      amount: '',
      date: '2026-11-24',
      reason: 'Quality issue - Return/Replacement',
      notes: '',
      requestKey: KEY,
    });
  });

  it('sends the trimmed number, the amount, date, reason, notes when given, and the request key', () => {
    const values = {
      ...newCreditNoteValues(KEY, '2026-11-24'),
      number: ' CN/26-27/014 ',
      amount: '2500.5',
      reason: 'Discount' as const,
      notes: ' Rate revision ',
    };
    expect(creditNoteBody(values)).toEqual({
      number: 'CN/26-27/014',
      amount: 2500.5,
      date: '2026-11-24',
      reason: 'Discount',
      notes: 'Rate revision',
      requestKey: KEY,
    });
    expect(creditNoteBody({ ...values, notes: ' ' })).not.toHaveProperty('notes');
  });

  it('needs its number and an amount, in the service’s words', () => {
    const filled = { ...newCreditNoteValues(KEY, today), number: 'CN-1', amount: '100' };
    expect(creditNoteContract.problems(filled)).toEqual([]);
    expect(first(creditNoteContract.problems({ ...filled, number: '   ' }))).toEqual({
      field: 'number',
      message: LEDGER_MESSAGES.creditNoteNumber,
    });
    expect(first(creditNoteContract.problems({ ...filled, amount: '' }))).toEqual({
      field: 'amount',
      message: LEDGER_MESSAGES.amount,
    });
  });

  it('marks the number on a 409 about a credit note already on the ledger', () => {
    expect(creditNoteConflict(LEDGER_MESSAGES.duplicateCreditNote('CN-1'))?.field).toBe('number');
  });
});
