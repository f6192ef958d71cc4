import { describe, expect, it } from 'vitest';
import {
  eventLine,
  lowestOptions,
  overBalance,
  poPreview,
  previewLine,
  vendorTotals,
  type PreviewLineInput,
} from './po-preview.js';
import { toHundredths, toPaise } from './money.js';

const line = (
  vendorId: string,
  quantity: number,
  price: number,
  gst: number,
  itemId = `item-${vendorId}-${price}`,
): PreviewLineInput => ({
  itemId,
  itemName: itemId,
  unit: 'bags',
  quantity: toHundredths(quantity),
  vendorId,
  vendorName: `Vendor ${vendorId}`,
  pricePaise: toPaise(price),
  gstPaise: toPaise(gst),
});

describe('PO preview arithmetic (SPEC §9)', () => {
  it('extends cost, GST and grand total by the quantity, each rounded to the paisa', () => {
    const l = previewLine(line('a', 2.5, 380.35, 68.47));
    expect(l.extendedCostPaise).toBe(95088); // 380.35 x 2.5 = 950.875 → 950.88
    expect(l.extendedGstPaise).toBe(17118); // 68.47 x 2.5 = 171.175 → 171.18
    expect(l.unitTotalPaise).toBe(44882);
    expect(l.grandTotalPaise).toBe(112205); // 448.82 x 2.5 = 1122.05
  });

  it('a vendor’s final total is its grand totals plus fleet cost and fleet GST; a free fleet counts nothing', () => {
    const lines = [line('a', 10, 100, 18), line('a', 3, 50.5, 0)];
    const paid = vendorTotals('a', 'Vendor a', lines, { amountPaise: 150000, gstPaise: 27000, free: false });
    expect(paid.linesTotalPaise).toBe(118000 + 15150);
    expect(paid.finalTotalPaise).toBe(118000 + 15150 + 150000 + 27000);
    const free = vendorTotals('a', 'Vendor a', lines, { amountPaise: 150000, gstPaise: 27000, free: true });
    expect(free.fleetPaise).toBe(0);
    expect(free.finalTotalPaise).toBe(118000 + 15150);
  });

  it('groups lines by vendor in first-appearance order and adds the vendors’ final totals', () => {
    const p = poPreview(
      [line('b', 1, 10, 1), line('a', 2, 5, 0), line('b', 1, 20, 2)],
      new Map([['a', { amountPaise: 1000, gstPaise: 180, free: false }]]),
    );
    expect(p.vendors.map((v) => [v.vendorId, v.lines.length, v.finalTotalPaise])).toEqual([
      ['b', 2, 1100 + 2200],
      ['a', 1, 1000 + 1000 + 180],
    ]);
    expect(p.totalPaise).toBe(3300 + 2180);
  });

  it('keeps crore-sized orders exact in integer paise, and refuses a total beyond exact arithmetic instead of rounding it', () => {
    const big = previewLine(line('a', 10000, 12345678.91, 2222222.2));
    expect(big.extendedCostPaise).toBe(12345678910000); // ₹1,23,45,67,89,100.00
    expect(big.grandTotalPaise).toBe(14567901110000);
    expect(() => previewLine(line('a', 9999999.99, 99999999.99, 0))).toThrow(RangeError);
  });

  it('marks every option with the lowest total per unit, ties included', () => {
    const options = [
      { id: 'x', pricePaise: 100, gstPaise: 18 },
      { id: 'y', pricePaise: 110, gstPaise: 8 },
      { id: 'z', pricePaise: 100, gstPaise: 20 },
    ];
    expect([...lowestOptions(options)].map((o) => o.id)).toEqual(['x', 'y']);
    expect(lowestOptions([]).size).toBe(0);
  });

  it('says how far a quantity is beyond a balance', () => {
    expect(overBalance(500, 1000)).toBe(0);
    expect(overBalance(1500, 1000)).toBe(500);
    expect(overBalance(300, -200)).toBe(300);
    expect(overBalance(300, null)).toBe(300);
  });
});

describe('eventLine', () => {
  it('gives a line as the approval and PO events carry it: units and rupees from hundredths and paise', () => {
    const line = {
      itemId: 'i-1',
      itemName: 'TMT steel bar 12 mm',
      unit: 'kg',
      quantity: toHundredths(2500.5),
      pricePaise: toPaise(62.5),
      gstPaise: toPaise(11.25),
    };
    expect(eventLine(line)).toEqual({
      itemId: 'i-1',
      itemName: 'TMT steel bar 12 mm',
      unit: 'kg',
      quantity: 2500.5,
      price: 62.5,
      gst: 11.25,
    });
  });
});
