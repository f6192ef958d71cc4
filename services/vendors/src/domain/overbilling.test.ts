import { describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES, type OverbillCase } from '@erp/contracts';
import { httpRefusal } from '@erp/service-kit/testing';
import { LEDGER_TEXT } from './ledger-forms.js';
import {
  approvedEntry,
  caseStatusFilter,
  checkDecidable,
  decisionReason,
  overbilling,
} from './overbilling.js';

const refusal = httpRefusal;

const openCase: OverbillCase = {
  _id: 'case-1',
  vendor: { _id: 'v1', name: 'Konkan Cement Traders' },
  po: { _id: 'po-1', poNumber: 'PO-000012' },
  receiptId: 'r1',
  invoiceNumber: 'INV-88',
  invoiceAmount: 10_500.5,
  expectedAmount: 10_000,
  delta: 500.5,
  status: 'Open',
  openedAt: '2026-06-01T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  version: 1,
};

describe('an overbilling case', () => {
  it('opens when the invoice is for more than expected, compared in paise', () => {
    expect(overbilling(10_500.5, 10_000)).toEqual({ invoicePaise: 1_050_050, expectedPaise: 1_000_000 });
    expect(overbilling(10_000.01, 10_000)).toEqual({ invoicePaise: 1_000_001, expectedPaise: 1_000_000 });
    // 0.1 + 0.2 is not 0.3 in floating point, but is in paise.
    expect(overbilling(0.1 + 0.2, 0.3)).toBeNull();
    expect(overbilling(10_000, 10_000)).toBeNull();
    expect(overbilling(9_000, 10_000)).toBeNull();
    expect(overbilling(100, -1)).toBeNull();
  });

  it('lists the open cases unless asked for another status or all', () => {
    expect(caseStatusFilter(undefined)).toBe('Open');
    expect(caseStatusFilter('')).toBe('Open');
    expect(caseStatusFilter('all')).toBeNull();
    expect(caseStatusFilter('Rejected')).toBe('Rejected');
  });

  it('is rejected only with a reason; approved with or without one', () => {
    expect(refusal(() => decisionReason(false, '  '))).toEqual({
      status: 400,
      message: LEDGER_MESSAGES.rejectReason,
    });
    expect(decisionReason(false, ' Rates agreed ')).toBe('Rates agreed');
    expect(decisionReason(true, undefined)).toBe('');
  });

  it('is decided once, at the version the Admin saw', () => {
    expect(refusal(() => checkDecidable(openCase, 1))).toBeNull();
    expect(refusal(() => checkDecidable(openCase, 0))).toEqual({ status: 409, message: LEDGER_TEXT.stale });
    expect(refusal(() => checkDecidable({ status: 'Approved', version: 2 }, 2))).toEqual({
      status: 409,
      message: LEDGER_MESSAGES.caseClosed,
    });
  });

  it('approved, adds the difference to the ledger, referenced by the invoice on the PO', () => {
    expect(approvedEntry(openCase, '', { id: 'm1', name: 'Asha Admin' }, '2026-06-15')).toEqual({
      type: 'Overbill Approved',
      amountPaise: 50_050,
      date: '2026-06-15',
      reference: 'INV-88',
      po: { id: 'po-1', number: 'PO-000012' },
      overbillCaseId: 'case-1',
      reason: null,
      notes: 'Invoice INV-88 on PO-000012: billed 10500.50 against 10000.00 expected',
      enteredBy: { id: 'm1', name: 'Asha Admin' },
    });
    expect(approvedEntry(openCase, 'Extra unloading', { id: 'm1', name: 'A' }).reason).toBe(
      'Extra unloading',
    );
  });
});
