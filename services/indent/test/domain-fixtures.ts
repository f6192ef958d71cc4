/** What the indent service's domain tests (src/domain/*.test.ts) share: items, vendors, lines, offers. */
import type { StoredLine } from '../src/repositories/types.js';
import { rankOptions, type OptionsByItem } from '../src/domain/options.js';

export const CEMENT = '11111111-1111-4111-8111-111111111111';
export const STEEL = '22222222-2222-4222-8222-222222222222';
export const SAND = '33333333-3333-4333-8333-333333333333';
export const APEX = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const BHARAT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** A stored line of 1000 bags (nothing chosen yet), with what `over` sets. */
export const storedLine = (itemId: string, itemName: string, over: Partial<StoredLine> = {}): StoredLine => ({
  id: `line-${itemName}`,
  position: 1,
  itemId,
  itemName,
  unit: 'bag',
  quantity: 1000,
  remark: '',
  selectedVendor: null,
  vendorName: null,
  reason: '',
  approverReason: '',
  pricePaise: null,
  gstPaise: null,
  balance: null,
  planned: null,
  ...over,
});

/**
 * The offers, ranked: Apex (₹380 + ₹68.40) the lowest for cement, Bharat (₹400 + ₹72) not; steel
 * only from Bharat; with `sand`, sand offered by nobody.
 */
export const offers = ({ sand = false } = {}): OptionsByItem =>
  rankOptions(
    new Map([
      [
        CEMENT,
        [
          { vendorId: APEX, vendorName: 'Apex', pricePaise: 38_000, gstPaise: 6_840, isLowest: false },
          { vendorId: BHARAT, vendorName: 'Bharat', pricePaise: 40_000, gstPaise: 7_200, isLowest: false },
        ],
      ],
      [
        STEEL,
        [{ vendorId: BHARAT, vendorName: 'Bharat', pricePaise: 6_500_000, gstPaise: 0, isLowest: false }],
      ],
      ...(sand ? [[SAND, []] as [string, []]] : []),
    ]),
  );
