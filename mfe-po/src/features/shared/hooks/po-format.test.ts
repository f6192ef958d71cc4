import { describe, expect, it } from 'vitest';
import {
  actorName,
  formatQty,
  hasCancelled,
  isClosed,
  parseDetailTab,
  poPath,
  poStatusVariant,
  qtyWithUnit,
  receiptPath,
} from './po-format';

describe('how the PO screens write a PO', () => {
  it('compares the status in either case (SPEC §3)', () => {
    expect(isClosed('Closed')).toBe(true);
    expect(isClosed('closed')).toBe(true);
    expect(isClosed('Partial')).toBe(false);
    expect(poStatusVariant('open')).toBe('default');
    expect(poStatusVariant('Partial')).toBe('outline');
    expect(poStatusVariant('Closed')).toBe('secondary');
  });

  it('writes quantities with Indian grouping and at most two decimals', () => {
    expect(formatQty(1250.5)).toBe('1,250.5');
    expect(formatQty(1234567.25)).toBe('12,34,567.25');
    expect(formatQty(-0)).toBe('0');
    expect(qtyWithUnit(120, 'bags')).toBe('120 bags');
    expect(qtyWithUnit(3, '')).toBe('3');
  });

  it('names a missing person Unknown', () => {
    expect(actorName({ _id: 'x', name: 'Demo Admin' })).toBe('Demo Admin');
    expect(actorName(null)).toBe('Unknown');
  });

  it('shows the Cancelled column only when a short-close cancelled something', () => {
    expect(hasCancelled([{ cancelled: 0 }, { cancelled: 0 }])).toBe(false);
    expect(hasCancelled([{ cancelled: 0 }, { cancelled: 12.5 }])).toBe(true);
  });

  it('links a PO, its history and its receipt', () => {
    expect(poPath('8c9d')).toBe('/po/8c9d');
    expect(poPath('8c9d', 'history')).toBe('/po/8c9d?tab=history');
    expect(receiptPath('8c9d')).toBe('/po/8c9d/receipt');
    expect(poPath('a/b')).toBe('/po/a%2Fb');
  });

  it('reads the details page’s ?tab=', () => {
    expect(parseDetailTab('history')).toBe('history');
    expect(parseDetailTab('Receive')).toBe('receive');
    expect(parseDetailTab('items')).toBeNull();
    expect(parseDetailTab(null)).toBeNull();
  });
});
