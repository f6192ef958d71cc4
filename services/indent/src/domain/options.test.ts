import { describe, expect, it } from 'vitest';
import {
  offeredVendorName,
  optionOf,
  pricesMoved,
  pricesVersion,
  rankOptions,
  toVendorOption,
  type OptionsByItem,
  type PricedOption,
} from './options.js';

const CEMENT = '11111111-1111-4111-8111-111111111111';
const STEEL = '22222222-2222-4222-8222-222222222222';

const option = (
  vendorId: string,
  vendorName: string,
  pricePaise: number,
  gstPaise: number,
): PricedOption => ({
  vendorId,
  vendorName,
  pricePaise,
  gstPaise,
  isLowest: false,
});

function cementOptions(): OptionsByItem {
  return new Map([
    [
      CEMENT,
      [
        option('v-c', 'Crest', 40_000, 7_200),
        option('v-a', 'Apex', 38_000, 6_840),
        option('v-b', 'Bharat', 38_000, 6_840),
      ],
    ],
    [STEEL, []],
  ]);
}

describe('rankOptions', () => {
  it('orders each item by total per unit (price + GST), then vendor name, and marks every lowest', () => {
    const ranked = rankOptions(cementOptions());
    expect(ranked.get(CEMENT)!.map((o) => [o.vendorName, o.isLowest])).toEqual([
      ['Apex', true],
      ['Bharat', true],
      ['Crest', false],
    ]);
    expect(ranked.get(STEEL)).toEqual([]);
  });

  it('weighs the GST too: a lower price with more GST is not the lowest', () => {
    const ranked = rankOptions(
      new Map([[CEMENT, [option('v-a', 'Apex', 100, 50), option('v-b', 'Bharat', 120, 10)]]]),
    );
    expect(ranked.get(CEMENT)!.map((o) => [o.vendorName, o.isLowest])).toEqual([
      ['Bharat', true],
      ['Apex', false],
    ]);
  });
});

describe('pricesVersion', () => {
  it('names the options whatever their order, and changes when a price, a GST or a vendor changes', () => {
    const a = pricesVersion(cementOptions());
    const shuffled: OptionsByItem = new Map(
      [...cementOptions()].reverse().map(([k, v]) => [k, [...v].reverse()]),
    );
    expect(pricesVersion(shuffled)).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{24}$/);

    const repriced = cementOptions();
    repriced.get(CEMENT)![0]!.pricePaise += 1;
    expect(pricesVersion(repriced)).not.toBe(a);
    const regst = cementOptions();
    regst.get(CEMENT)![1]!.gstPaise += 1;
    expect(pricesVersion(regst)).not.toBe(a);
    const dropped = cementOptions();
    dropped.get(CEMENT)!.pop();
    expect(pricesVersion(dropped)).not.toBe(a);
  });

  it('is moved only when the caller named another fingerprint', () => {
    const options = cementOptions();
    expect(pricesMoved(options, undefined)).toBe(false);
    expect(pricesMoved(options, pricesVersion(options))).toBe(false);
    expect(pricesMoved(options, 'something-else')).toBe(true);
  });
});

describe('the vendors offered', () => {
  it("finds a vendor's option for an item, and a vendor offered for any item", () => {
    const options = cementOptions();
    expect(optionOf(options, CEMENT, 'v-b')?.vendorName).toBe('Bharat');
    expect(optionOf(options, STEEL, 'v-b')).toBeUndefined();
    expect(optionOf(options, 'not-on-indent', 'v-b')).toBeUndefined();
    expect(offeredVendorName(options, 'v-c')).toBe('Crest');
    expect(offeredVendorName(options, 'v-z')).toBeUndefined();
  });

  it('answers an option in rupees with its total per unit', () => {
    expect(toVendorOption({ ...option('v-a', 'Apex', 38_050, 6_849), isLowest: true })).toEqual({
      vendorId: 'v-a',
      vendor: 'v-a',
      vendorName: 'Apex',
      price: 380.5,
      gst: 68.49,
      totalPrice: 448.99,
      isLowest: true,
      status: 'active',
    });
  });
});
