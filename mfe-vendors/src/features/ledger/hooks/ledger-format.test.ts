import { describe, expect, it } from 'vitest';
import {
  exactRupees,
  exactSigned,
  formatLedgerDate,
  ledgerPath,
  ledgerRupees,
  signedRupees,
} from './ledger-format';

describe('ledger amounts in whole rupees (SPEC §9: ledgers show no decimals)', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [100000, '₹1,00,000'],
    [1234567, '₹12,34,567'],
    [123456789, '₹12,34,56,789'],
    [-50000, '-₹50,000'],
  ])('%d reads %s, with Indian grouping', (value, text) => expect(ledgerRupees(value)).toBe(text));

  it('rounds half away from zero from the exact paise, never through a float slip', () => {
    expect(ledgerRupees(1234.5)).toBe('₹1,235');
    expect(ledgerRupees(1234.49)).toBe('₹1,234');
    expect(ledgerRupees(-1234.5)).toBe('-₹1,235');
    // 1.005 is 1.00499999… in floating point: the paise are 101 (toPaise), the rupees 1.
    expect(ledgerRupees(1.005)).toBe('₹1');
    expect(ledgerRupees(0.5)).toBe('₹1');
  });

  it('an amount that rounds to nothing is ₹0, never -₹0', () => {
    expect(ledgerRupees(-0.4)).toBe('₹0');
    expect(ledgerRupees(-0)).toBe('₹0');
  });

  it('anything that is not an amount reads ₹0 rather than breaking the page', () => {
    expect(ledgerRupees(Number.NaN)).toBe('₹0');
    expect(ledgerRupees(Number.POSITIVE_INFINITY)).toBe('₹0');
  });
});

describe('paise are never lost silently: the exact amount goes with a rounded one', () => {
  it('is null when the whole rupees are exact', () => {
    expect(exactRupees(1234567)).toBeNull();
    expect(exactRupees(0)).toBeNull();
    expect(exactRupees(-500)).toBeNull();
  });

  it('is the amount to the paisa with Indian grouping otherwise', () => {
    expect(exactRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(exactRupees(0.05)).toBe('₹0.05');
    expect(exactRupees(-1234.56)).toBe('-₹1,234.56');
  });

  it('a total of paise adds up to the paisa (0.1 + 0.2 is shown as ₹0.30)', () => {
    expect(exactRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(ledgerRupees(0.1 + 0.2)).toBe('₹0');
  });
});

describe("an entry's movement of the balance", () => {
  it('is signed: + when the business owes more, - when less', () => {
    expect(signedRupees(120000)).toBe('+₹1,20,000');
    expect(signedRupees(-50000)).toBe('-₹50,000');
    expect(signedRupees(0)).toBe('₹0');
    expect(signedRupees(0.2)).toBe('₹0');
  });

  it('has its exact signed value when it has paise', () => {
    expect(exactSigned(1500.25)).toBe('+₹1,500.25');
    expect(exactSigned(-1500.25)).toBe('-₹1,500.25');
    expect(exactSigned(1500)).toBeNull();
  });
});

describe('ledger dates (day-month-year with dashes)', () => {
  it('writes a ledger day as the screens do', () => {
    expect(formatLedgerDate('2026-11-24')).toBe('24-11-2026');
  });

  it("shows a moment as its day in India, whatever the browser's zone", () => {
    expect(formatLedgerDate('2026-11-24T20:00:00.000Z')).toBe('25-11-2026');
    expect(formatLedgerDate('2026-11-24T10:00:00.000Z')).toBe('24-11-2026');
  });

  it('is empty without a date and leaves what it cannot read as it is', () => {
    expect(formatLedgerDate(null)).toBe('');
    expect(formatLedgerDate('')).toBe('');
    expect(formatLedgerDate('soon')).toBe('soon');
  });
});

it("a vendor's ledger is /vendors/ledger-detail?id={id}", () => {
  expect(ledgerPath('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')).toBe(
    '/vendors/ledger-detail?id=6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  );
});

describe('a balance paid beyond what was owed (decision 0033)', () => {
  it('names a negative outstanding an advance to the vendor, never a negative outstanding', async () => {
    const { balanceParts, balanceText } = await import('./ledger-format');
    expect(balanceParts(12000)).toEqual({ label: 'Outstanding', amount: 12000 });
    expect(balanceParts(0)).toEqual({ label: 'Outstanding', amount: 0 });
    expect(balanceParts(-500.5)).toEqual({ label: 'Advance to Vendor', amount: 500.5 });
    expect(balanceText(-500)).toBe('an advance of ₹500 to the vendor');
    expect(balanceText(1234567)).toBe('outstanding ₹12,34,567');
    const { afterPayment } = await import('./ledger-format');
    expect(afterPayment(250)).toBe('₹250');
    expect(afterPayment(-250)).toBe('an advance of ₹250 to the vendor');
  });

  it('tells how much of a payment goes beyond what is owed, in paise', async () => {
    const { paymentAdvance } = await import('./ledger-format');
    expect(paymentAdvance(1000, 1000)).toBe(0);
    expect(paymentAdvance(1000, 999.99)).toBe(0);
    expect(paymentAdvance(1000, 1500.1)).toBe(500.1);
    expect(paymentAdvance(0.3, 0.5)).toBe(0.2);
    // Already an advance: the whole payment adds to it.
    expect(paymentAdvance(-200, 300)).toBe(300);
  });
});
