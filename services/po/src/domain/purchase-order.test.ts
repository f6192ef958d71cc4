import { describe, expect, it } from 'vitest';
import { pendingOf, poNumber, statusAfterReceipt, statusOf } from './purchase-order.js';

const line = (id: string, quantity: number, received = 0, cancelled = 0) => ({
  id,
  quantity_hundredths: quantity,
  received_hundredths: received,
  cancelled_hundredths: cancelled,
});

describe('a PO line’s pending quantity', () => {
  it('is ordered − received − cancelled, never below zero, bigints as text included', () => {
    expect(pendingOf(line('a', 1000, 250, 100))).toBe(650);
    expect(pendingOf(line('a', 1000, 1000))).toBe(0);
    expect(pendingOf(line('a', 1000, 900, 200))).toBe(0);
    expect(
      pendingOf({ quantity_hundredths: '500', received_hundredths: '125', cancelled_hundredths: '0' }),
    ).toBe(375);
  });
});

describe('a PO’s status from its lines', () => {
  it('is Open until something is received, Partial while anything is pending, Closed when nothing is', () => {
    expect(statusOf([line('a', 1000), line('b', 500)])).toBe('Open');
    expect(statusOf([line('a', 1000, 1), line('b', 500)])).toBe('Partial');
    expect(statusOf([line('a', 1000, 1000), line('b', 500, 500)])).toBe('Closed');
  });

  it('is Closed after a short-close cancelled what was pending, Open when nothing had come', () => {
    expect(statusOf([line('a', 1000, 400, 600)])).toBe('Closed');
    // Cancelled whole without a receipt: nothing pending, so Closed as well.
    expect(statusOf([line('a', 1000, 0, 1000)])).toBe('Closed');
  });

  it('adds a receipt’s accepted quantities to the lines it names before deciding', () => {
    const lines = [line('a', 1000, 200), line('b', 500)];
    expect(statusAfterReceipt(lines, [{ lineId: 'a', accepted: 800 }])).toBe('Partial');
    expect(
      statusAfterReceipt(lines, [
        { lineId: 'a', accepted: 800 },
        { lineId: 'b', accepted: 500 },
      ]),
    ).toBe('Closed');
    // Everything rejected: nothing accepted, the PO stays as it was.
    expect(statusAfterReceipt([line('a', 1000)], [{ lineId: 'a', accepted: 0 }])).toBe('Open');
  });
});

describe('a PO number', () => {
  it('is PO- and six digits, longer past 999999', () => {
    expect(poNumber(1)).toBe('PO-000001');
    expect(poNumber(999_999)).toBe('PO-999999');
    expect(poNumber(1_000_000)).toBe('PO-1000000');
  });
});
