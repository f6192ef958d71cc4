import { describe, expect, it } from 'vitest';
import { line, option, V } from '../hooks/test-lines';
import { optionFigures, previewOf, rupees } from './preview-input';

describe('PO preview input', () => {
  it('works in paise: 0.1 + 0.2 style sums stay exact', () => {
    const l = line('a', { quantity: 3, vendors: [option(V.low, 0.1, 0.2, true)] });
    const f = optionFigures(l, l.vendors[0]!);
    expect(f.unitTotalPaise).toBe(30);
    expect(f.grandTotalPaise).toBe(90);
  });

  it('extends per line (price, GST, total × quantity, rounded to the paisa) and groups by vendor with the saved fleet', () => {
    const a = line('a', { quantity: 12.5, vendors: [option(V.low, 380.25, 68.45, true, 'Low Traders')] });
    const b = line('b', {
      quantity: 2,
      vendors: [option(V.low, 100, 18, true, 'Low Traders'), option(V.high, 120, 21.6, false, 'High & Co')],
    });
    const c = line('c', { quantity: 1 });
    const chosen: Record<string, string | null> = { a: V.low, b: V.high, c: null };
    const p = previewOf([a, b, c], (id) => chosen[id], [
      { vendorId: V.high, vendorName: 'High & Co', amount: 500, gst: 90, free: false },
      { vendorId: V.low, vendorName: 'Low Traders', amount: 800, gst: 144, free: true },
    ]);
    expect(p.vendors.map((v) => v.vendorName)).toEqual(['Low Traders', 'High & Co']);
    const [low, high] = p.vendors;
    // 380.25 × 12.5 = 4753.125 → 4753.13; 68.45 × 12.5 = 855.625 → 855.63; 448.70 × 12.5 = 5608.75
    expect(low!.lines[0]).toMatchObject({
      extendedCostPaise: 475313,
      extendedGstPaise: 85563,
      grandTotalPaise: 560875,
    });
    expect(low!.finalTotalPaise).toBe(560875); // the fleet is free
    expect(high!.finalTotalPaise).toBe(28320 + 50000 + 9000);
    expect(p.totalPaise).toBe(560875 + 87320);
    expect(rupees(p.totalPaise)).toBe('₹6,481.95');
  });

  it('leaves out lines without a vendor, or with a vendor no longer offered', () => {
    const p = previewOf([line('a'), line('b')], (id) => (id === 'a' ? 'gone' : null), []);
    expect(p).toEqual({ vendors: [], totalPaise: 0 });
  });
});
