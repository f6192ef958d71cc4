import { describe, expect, it } from 'vitest';
import {
  applyPoFact,
  contribution,
  countsMove,
  createdStatus,
  isOpen,
  isPoStatus,
  samePo,
  type VendorPo,
} from './po-counts.js';

const po = (vendorId: string | null, status: VendorPo['status'], version: number): VendorPo => ({
  vendorId,
  status,
  version,
});

describe('a PO as the vendor counts keep it', () => {
  it('counts Open and Partial as open, Closed not', () => {
    expect(isOpen('Open')).toBe(true);
    expect(isOpen('Partial')).toBe(true);
    expect(isOpen('Closed')).toBe(false);
  });

  it('moves the vendor’s counts by the difference a fact makes', () => {
    // Created: one more PO, open.
    expect(countsMove(null, po('v1', 'Open', 1))).toEqual({ total: 1, open: 1 });
    // Closed later: still counted, no longer open.
    expect(countsMove(po('v1', 'Partial', 2), po('v1', 'Closed', 3))).toEqual({ total: 0, open: -1 });
    // A status change before the created event counts for nobody until the vendor is known.
    const early = applyPoFact(null, { status: 'Closed', version: 3 });
    expect(countsMove(null, early)).toEqual({ total: 0, open: 0 });
    expect(countsMove(early, applyPoFact(early, { vendorId: 'v1', status: 'Open', version: 1 }))).toEqual({
      total: 1,
      open: 0,
    });
  });

  it('sees a redelivered or older fact as changing nothing', () => {
    const current = po('v1', 'Partial', 2);
    expect(samePo(current, applyPoFact(current, { status: 'Partial', version: 2 }))).toBe(true);
    expect(samePo(current, applyPoFact(current, { status: 'Open', version: 1 }))).toBe(true);
    expect(samePo(current, applyPoFact(current, { status: 'Closed', version: 3 }))).toBe(false);
    expect(samePo(null, po('v1', 'Open', 1))).toBe(false);
    expect(contribution(current)).toEqual({ total: 1, open: 1 });
  });

  it('takes the three statuses it counts, a created PO of any other as Open', () => {
    expect(isPoStatus('Partial')).toBe(true);
    expect(isPoStatus('Cancelled')).toBe(false);
    expect(createdStatus('Closed')).toBe('Closed');
    expect(createdStatus('Draft')).toBe('Open');
  });
});
