import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAmount, toHundredths, toPaise } from './money.js';
import { checkInvoiceAmount, expectedReceiptAmount } from './expected-amount.js';

describe('expectedReceiptAmount', () => {
  it('prices the demo delivery: 20 of 45 CBM at ₹1,450 + ₹72.50 GST, with its share of a ₹1,500 + ₹270 fleet', () => {
    const linesTotal = lineAmount(toPaise(1522.5), toHundredths(45));
    const e = expectedReceiptAmount([{ accepted: toHundredths(20), unitTotalPaise: toPaise(1522.5) }], {
      linesTotalPaise: linesTotal,
      fleetPaise: toPaise(1500),
      fleetGstPaise: toPaise(270),
    });
    expect(e.goodsPaise).toBe(3_045_000);
    // 1,770 x 30,450 / 68,512.50 = 786.666… -> 786.67
    expect(e.fleetSharePaise).toBe(78_667);
    expect(e.totalPaise).toBe(3_123_667);
  });

  it('rounds each line as a PO line is rounded, and the fleet share half away from zero', () => {
    // 0.33 x 10.01 = 3.3033 -> 3.30; 0.5 x 0.01 = 0.005 -> 0.01
    const e = expectedReceiptAmount(
      [
        { accepted: 33, unitTotalPaise: 1001 },
        { accepted: 50, unitTotalPaise: 1 },
      ],
      { linesTotalPaise: 662, fleetPaise: 1, fleetGstPaise: 0 },
    );
    expect(e.goodsPaise).toBe(330 + 1);
    // 1 x 331 / 662 = 0.5 -> 1
    expect(e.fleetSharePaise).toBe(1);
  });

  it('gives no fleet share when there is no fleet or the lines total nothing', () => {
    expect(
      expectedReceiptAmount([{ accepted: 100, unitTotalPaise: 500 }], {
        linesTotalPaise: 5000,
        fleetPaise: 0,
        fleetGstPaise: 0,
      }).fleetSharePaise,
    ).toBe(0);
    expect(
      expectedReceiptAmount([{ accepted: 100, unitTotalPaise: 0 }], {
        linesTotalPaise: 0,
        fleetPaise: 100,
        fleetGstPaise: 18,
      }),
    ).toEqual({ goodsPaise: 0, fleetSharePaise: 0, totalPaise: 0 });
  });

  it('a PO received in full expects its lines and its whole fleet (within the rounding of each line)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: 1, max: 10_000_000 }),
            unit: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (lines, fleet, fleetGst) => {
          const linesTotal = lines.reduce((s, l) => s + lineAmount(l.unit, l.q), 0);
          const e = expectedReceiptAmount(
            lines.map((l) => ({ accepted: l.q, unitTotalPaise: l.unit })),
            { linesTotalPaise: linesTotal, fleetPaise: fleet, fleetGstPaise: fleetGst },
          );
          expect(e.goodsPaise).toBe(linesTotal);
          expect(e.fleetSharePaise).toBe(linesTotal === 0 ? 0 : fleet + fleetGst);
          expect(e.totalPaise).toBe(e.goodsPaise + e.fleetSharePaise);
        },
      ),
    );
  });

  it('a share is never more than the fleet and grows with the goods received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e7 }),
        (total, part, fleet) => {
          const goods = Math.min(part, total);
          const a = expectedReceiptAmount([{ accepted: 100, unitTotalPaise: goods }], {
            linesTotalPaise: total,
            fleetPaise: fleet,
            fleetGstPaise: 0,
          });
          const b = expectedReceiptAmount([{ accepted: 100, unitTotalPaise: Math.min(goods + 1, total) }], {
            linesTotalPaise: total,
            fleetPaise: fleet,
            fleetGstPaise: 0,
          });
          expect(a.fleetSharePaise).toBeLessThanOrEqual(fleet);
          expect(b.fleetSharePaise).toBeGreaterThanOrEqual(a.fleetSharePaise);
        },
      ),
    );
  });
});

describe('checkInvoiceAmount: 1% of the expected amount or ₹1, whichever is larger', () => {
  it('lets an invoice within 1% of a large amount pass, and warns just beyond it, either way', () => {
    // ₹31,236.67 expected: 1% is ₹312.37 (31,236.67 x 0.01 = 312.3667, rounded)
    expect(checkInvoiceAmount(3_123_667 + 31_237, 3_123_667)).toEqual({
      differencePaise: 31_237,
      tolerancePaise: 31_237,
      beyondTolerance: false,
    });
    expect(checkInvoiceAmount(3_123_667 + 31_238, 3_123_667).beyondTolerance).toBe(true);
    expect(checkInvoiceAmount(3_123_667 - 31_237, 3_123_667).beyondTolerance).toBe(false);
    expect(checkInvoiceAmount(3_123_667 - 31_238, 3_123_667)).toMatchObject({
      differencePaise: -31_238,
      beyondTolerance: true,
    });
  });

  it('allows ₹1 on small amounts (a vendor rounding to the rupee is no mistake)', () => {
    expect(checkInvoiceAmount(5_100, 5_000)).toEqual({
      differencePaise: 100,
      tolerancePaise: 100,
      beyondTolerance: false,
    });
    expect(checkInvoiceAmount(5_101, 5_000).beyondTolerance).toBe(true);
    expect(checkInvoiceAmount(100, 0).beyondTolerance).toBe(false);
    expect(checkInvoiceAmount(101, 0).beyondTolerance).toBe(true);
  });

  it('an invoice of exactly the expected amount never warns, and the tolerance is never below ₹1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        (expected, invoice) => {
          const same = checkInvoiceAmount(expected, expected);
          expect(same.beyondTolerance).toBe(false);
          const c = checkInvoiceAmount(invoice, expected);
          expect(c.tolerancePaise).toBeGreaterThanOrEqual(100);
          expect(c.beyondTolerance).toBe(Math.abs(invoice - expected) > c.tolerancePaise);
        },
      ),
    );
  });
});
