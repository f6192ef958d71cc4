import { describe, expect, it } from 'vitest';
import { canonicalUnit, derive, planItem, type ItemState, type VendorInfo } from './plan.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const vendors = new Map<string, VendorInfo>([
  [A, { vendorId: A, displayId: 'VEN-0001', name: 'Alpha', status: 'active' }],
  [B, { vendorId: B, displayId: 'VEN-0002', name: 'Beta', status: 'blocked' }],
]);

describe('derived values (paise)', () => {
  it('best price and range are the lowest and highest price + GST of active prices only', () => {
    expect(
      derive([
        { pricePaise: 38000, gstPaise: 10640, status: 'active' },
        { pricePaise: 36000, gstPaise: 15000, status: 'active' },
        { pricePaise: 100, gstPaise: 0, status: 'inactive' },
      ]),
    ).toEqual({ vendorCount: 2, bestPaise: 48640, minPaise: 48640, maxPaise: 51000 });
  });
  it('no active price: nothing to show', () => {
    expect(derive([{ pricePaise: 100, gstPaise: 0, status: 'inactive' }])).toEqual({
      vendorCount: 0,
      bestPaise: null,
      minPaise: null,
      maxPaise: null,
    });
  });
  it('units are matched without case', () => {
    expect(canonicalUnit(' cbm ')).toBe('CBM');
    expect(canonicalUnit('Sq.Ft')).toBe('sq.ft');
    expect(canonicalUnit('buckets')).toBeNull();
  });
});

describe('planning an item write', () => {
  const existing: ItemState = {
    id: 'i1',
    name: 'Cement',
    unit: 'bags',
    status: 'active',
    version: 3,
    prices: [
      {
        id: 'p1',
        vendorId: A,
        pricePaise: 38000,
        gstPaise: 0,
        moqHundredths: 0,
        status: 'active',
        notes: '',
      },
      {
        id: 'p2',
        vendorId: B,
        pricePaise: 39000,
        gstPaise: 0,
        moqHundredths: 0,
        status: 'inactive',
        notes: '',
      },
    ],
  };
  it('merge keeps prices left out; an unchanged price is unchanged', () => {
    const plan = planItem(existing, { prices: [{ vendorId: A, pricePaise: 38000 }], mode: 'merge' }, vendors);
    expect(plan.changed).toBe(false);
    expect(plan.outcomes.get(A)).toBe('unchanged');
  });
  it('replace removes prices left out and records the removal', () => {
    const plan = planItem(
      existing,
      { prices: [{ vendorId: A, pricePaise: 37000 }], mode: 'replace' },
      vendors,
    );
    expect(plan.deletes).toEqual(['p2']);
    expect(plan.history.map((h) => h.change)).toEqual(['updated', 'removed']);
    expect(plan.touchedVendors).toEqual([]);
    expect(plan.derived.bestPaise).toBe(37000);
  });
  it('a blocked vendor keeps its price and may have its notes changed, but the price cannot be changed or activated', () => {
    expect(
      planItem(
        existing,
        { prices: [{ vendorId: B, notes: 'on hold' }], mode: 'merge' },
        vendors,
      ).outcomes.get(B),
    ).toBe('updated');
    expect(() =>
      planItem(existing, { prices: [{ vendorId: B, pricePaise: 40000 }], mode: 'merge' }, vendors),
    ).toThrow('Vendor Beta is blocked and cannot be given new prices');
    expect(() =>
      planItem(existing, { prices: [{ vendorId: B, gstPaise: 100 }], mode: 'merge' }, vendors),
    ).toThrow('Vendor Beta is blocked and cannot be given new prices');
    expect(() =>
      planItem(existing, { prices: [{ vendorId: B, status: 'active' }], mode: 'merge' }, vendors),
    ).toThrow('Vendor Beta is blocked and cannot be given new prices');
  });
  it('switching the item off touches every vendor with an active price', () => {
    expect(planItem(existing, { status: 'inactive', mode: 'replace' }, vendors).touchedVendors).toEqual([A]);
  });
});
