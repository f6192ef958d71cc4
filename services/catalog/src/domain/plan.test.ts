import { describe, expect, it } from 'vitest';
import {
  canonicalUnit,
  derive,
  desiredFromEdit,
  desiredFromInput,
  planItem,
  pricesWithout,
  UNIT_MESSAGE,
  type ItemState,
  type VendorInfo,
} from './plan.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const vendors = new Map<string, VendorInfo>([
  [A, { vendorId: A, displayId: 'VEN-0001', name: 'Alpha', status: 'active' }],
  [B, { vendorId: B, displayId: 'VEN-0002', name: 'Beta', status: 'blocked' }],
]);
const C = '00000000-0000-4000-8000-00000000000c';
const withC = new Map([
  ...vendors,
  [C, { vendorId: C, displayId: 'VEN-0003', name: 'Gamma', status: 'active' as const }],
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

describe('planning a new item and its first prices', () => {
  it('cleans the name, matches the unit, adds each price with its history and touches active vendors', () => {
    const plan = planItem(
      null,
      {
        name: '  Cement   OPC 53 ',
        unit: 'BAGS',
        prices: [
          { vendorId: A, pricePaise: 38000, gstPaise: 10640 },
          { vendorId: C, pricePaise: 39000, status: 'inactive' },
        ],
        mode: 'replace',
      },
      withC,
    );
    expect(plan).toMatchObject({
      create: true,
      changed: true,
      name: 'Cement OPC 53',
      unit: 'bags',
      status: 'active',
    });
    expect(plan.history.map((h) => [h.vendorId, h.change, h.newPrice, h.newGst])).toEqual([
      [A, 'added', 38000, 10640],
      [C, 'added', 39000, 0],
    ]);
    expect(plan.touchedVendors).toEqual([A]);
    expect(plan.derived).toEqual({ vendorCount: 1, bestPaise: 48640, minPaise: 48640, maxPaise: 48640 });
    expect(plan.itemOutcome).toBe('created');
  });

  it('refuses a missing name or unit, an unknown unit, twice the same vendor and prices out of range', () => {
    const base = { name: 'Sand', unit: 'CBM', mode: 'replace' as const };
    expect(() => planItem(null, { ...base, name: '  ' }, vendors)).toThrow('Item name is required');
    expect(() => planItem(null, { ...base, unit: '' }, vendors)).toThrow('Unit is required');
    expect(() => planItem(null, { ...base, unit: 'buckets' }, vendors)).toThrow(UNIT_MESSAGE);
    const twice = [
      { vendorId: A, pricePaise: 1 },
      { vendorId: A, pricePaise: 2 },
    ];
    expect(() => planItem(null, { ...base, prices: twice }, vendors)).toThrow(
      'Duplicate vendors are not allowed',
    );
    expect(() => planItem(null, { ...base, prices: [{ vendorId: A, pricePaise: 0 }] }, vendors)).toThrow(
      'Vendor Alpha: Price must be greater than 0',
    );
    expect(() =>
      planItem(null, { ...base, prices: [{ vendorId: A, pricePaise: 1, gstPaise: -1 }] }, vendors),
    ).toThrow('Vendor Alpha: GST must be 0 or more');
    expect(() =>
      planItem(null, { ...base, prices: [{ vendorId: 'nobody', pricePaise: 1 }] }, vendors),
    ).toThrow('Vendor not found');
    expect(() => planItem(null, { ...base, prices: [{ vendorId: B, pricePaise: 1 }] }, vendors)).toThrow(
      'Vendor Beta is blocked and cannot be given new prices',
    );
  });
});

describe('the vendor screen’s price edits', () => {
  it('turns an edit into paise and hundredths, leaving out what was not sent', () => {
    expect(desiredFromEdit(A, { price: 380.5, moq: 2.25 })).toEqual({
      vendorId: A,
      pricePaise: 38050,
      gstPaise: undefined,
      moqHundredths: 225,
      status: undefined,
      notes: undefined,
    });
    expect(desiredFromInput({ vendor: A, price: 380 })).toEqual({
      vendorId: A,
      pricePaise: 38000,
      gstPaise: 0,
      moqHundredths: 0,
      status: 'active',
      notes: '',
    });
  });

  it('removes one vendor’s price by replacing the list with every other price as it is', () => {
    const state: ItemState = {
      id: 'i1',
      name: 'Cement',
      unit: 'bags',
      status: 'active',
      version: 1,
      prices: [
        {
          id: 'p1',
          vendorId: A,
          pricePaise: 100,
          gstPaise: 0,
          moqHundredths: 0,
          status: 'active',
          notes: '',
        },
        {
          id: 'p2',
          vendorId: C,
          pricePaise: 200,
          gstPaise: 0,
          moqHundredths: 0,
          status: 'active',
          notes: '',
        },
      ],
    };
    const prices = pricesWithout(state, A);
    expect(prices).toEqual([{ vendorId: C }]);
    const plan = planItem(state, { prices, mode: 'replace' }, withC);
    expect(plan.deletes).toEqual(['p1']);
    expect(plan.outcomes.get(C)).toBe('unchanged');
    expect(plan.touchedVendors).toEqual([A]);
  });
});
