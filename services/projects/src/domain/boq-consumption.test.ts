import { describe, expect, it } from 'vitest';
import { countable, indentCountMoves, receiptPerItem } from './boq-consumption.js';

const ITEM = '0a1b2c3d-0000-4000-8000-000000000001';
const RECEIPT = '9F8E7D6C-0000-4000-8000-000000000001';

describe('receipt consumption', () => {
  it('sums the lines of one item (ids in any case) in hundredths', () => {
    const perItem = receiptPerItem([
      { itemId: ITEM.toUpperCase(), quantity: 1.5 },
      { itemId: ITEM, quantity: 0.25 },
      { itemId: 'other', quantity: 2 },
    ] as never);
    expect([...perItem]).toEqual([
      [ITEM, 175],
      ['other', 200],
    ]);
  });

  it('counts a line only when the item and the receipt ids look like uuids', () => {
    expect(countable(RECEIPT, ITEM)).toBe(true);
    expect(countable(RECEIPT, 'cement')).toBe(false);
    expect(countable('R-1', ITEM)).toBe(false);
  });
});

describe('indentCountMoves', () => {
  it('moves nothing while an indent stays on a number, one down and one up when it moves', () => {
    expect(indentCountMoves('BOQ-0001', 'BOQ-0001').size).toBe(0);
    expect([...indentCountMoves(null, 'BOQ-0002')]).toEqual([['BOQ-0002', 1]]);
    expect([...indentCountMoves('BOQ-0001', null)]).toEqual([['BOQ-0001', -1]]);
    expect([...indentCountMoves('BOQ-0001', 'BOQ-0002')]).toEqual([
      ['BOQ-0001', -1],
      ['BOQ-0002', 1],
    ]);
  });
});
