import { INDENT_MESSAGES } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { LOWEST_REASON } from '../../shared/hooks/compare-logic';
import { NO_CHOICE, type Choice } from '../../shared/hooks/selection-store';
import { line, V } from '../../shared/hooks/test-lines';
import {
  approvalBlockers,
  approvalBody,
  approvalLineState,
  nonLowestCount,
  overBoqLines,
  purchaserChoice,
} from './approval-logic';

const choices = (entries: Record<string, Choice>) => new Map(Object.entries(entries));
const reasoned = line('a', {
  selectedVendor: V.mid,
  vendorName: 'Mid Suppliers',
  reasonForSelection: 'Delivers on Sundays',
});
const lowest = line('b', {
  selectedVendor: V.low,
  vendorName: 'Low Traders',
  reasonForSelection: LOWEST_REASON,
});

describe('approval: the starting point', () => {
  it('starts from the purchaser’s vendor, without a reason of the approver’s own', () => {
    expect(purchaserChoice(reasoned)).toEqual({ vendorId: V.mid, reason: '' });
  });
  it('starts with none when the purchaser’s vendor is no longer offered', () => {
    expect(purchaserChoice(line('x', { selectedVendor: 'gone' }))).toBe(NO_CHOICE);
  });
});

describe('approval: the line’s state', () => {
  it('shows the purchaser’s reason while their non-lowest choice is kept, and asks for none', () => {
    const s = approvalLineState(reasoned, purchaserChoice(reasoned));
    expect(s).toMatchObject({
      keptPurchaser: true,
      nonLowest: true,
      needsReason: false,
      blocker: null,
      shownPurchaserReason: 'Delivers on Sundays',
    });
  });

  it('asks for a reason when the approver moves to another non-lowest vendor', () => {
    const s = approvalLineState(reasoned, { vendorId: V.high, reason: '' });
    expect(s).toMatchObject({
      keptPurchaser: false,
      needsReason: true,
      shownPurchaserReason: '',
      blocker: INDENT_MESSAGES.blockerReason('Item a'),
    });
    expect(approvalLineState(reasoned, { vendorId: V.high, reason: 'Stock at site' }).blocker).toBeNull();
  });

  it('asks for a reason when a non-lowest purchaser choice has none (or only the lowest-price default)', () => {
    for (const reasonForSelection of ['', LOWEST_REASON]) {
      const l = line('c', { selectedVendor: V.high, reasonForSelection });
      expect(approvalLineState(l, purchaserChoice(l))).toMatchObject({
        keptPurchaser: true,
        needsReason: true,
        blocker: INDENT_MESSAGES.blockerReason('Item c'),
      });
    }
  });

  it('needs no reason for a lowest vendor, whoever chose it', () => {
    expect(approvalLineState(reasoned, { vendorId: V.low, reason: '' })).toMatchObject({
      nonLowest: false,
      needsReason: false,
      blocker: null,
    });
  });

  it('blocks a line without a vendor, options or not', () => {
    expect(approvalLineState(line('d'), NO_CHOICE).blocker).toBe(INDENT_MESSAGES.blockerNoVendor('Item d'));
    expect(approvalLineState(line('e', { vendors: [] }), NO_CHOICE).blocker).toBe(
      INDENT_MESSAGES.blockerNoVendor('Item e'),
    );
  });
});

describe('approval: blockers and warnings', () => {
  it('lists the blockers in line order, live from the choices', () => {
    const lines = [reasoned, lowest, line('c')];
    const start = new Map(lines.map((l) => [l.itemId, purchaserChoice(l)]));
    expect(approvalBlockers(lines, start).map((b) => b.message)).toEqual([
      INDENT_MESSAGES.blockerNoVendor('Item c'),
    ]);
    const changed = choices({
      a: { vendorId: V.high, reason: '' },
      b: purchaserChoice(lowest),
      c: { vendorId: V.low, reason: '' },
    });
    expect(approvalBlockers(lines, changed).map((b) => b.message)).toEqual([
      INDENT_MESSAGES.blockerReason('Item a'),
    ]);
  });

  it('keeps Over-BOQ lines as warnings, not blockers', () => {
    const over = line('o', { overBoq: 12.5, selectedVendor: V.low });
    expect(overBoqLines([reasoned, over])).toEqual([over]);
    expect(approvalBlockers([over], new Map([['o', purchaserChoice(over)]]))).toEqual([]);
  });

  it('counts non-lowest choices', () => {
    expect(
      nonLowestCount(
        [reasoned, lowest],
        new Map([reasoned, lowest].map((l) => [l.itemId, purchaserChoice(l)])),
      ),
    ).toBe(1);
  });
});

describe('approval: the request body', () => {
  it('sends vendor, the option’s price and the reason: the approver’s own, else the purchaser’s, else the lowest-price default', () => {
    const overridden = line('c', { selectedVendor: V.low, reasonForSelection: LOWEST_REASON });
    const switchedToLowest = line('d', { selectedVendor: V.high, reasonForSelection: 'Old reason' });
    const indent = {
      items: [reasoned, lowest, overridden, switchedToLowest],
      pricesVersion: 'pv',
      version: 7,
    };
    const body = approvalBody(
      indent,
      choices({
        a: purchaserChoice(reasoned),
        b: purchaserChoice(lowest),
        c: { vendorId: V.high, reason: '  Client asked for this brand ' },
        d: { vendorId: V.low, reason: '' },
      }),
    );
    expect(body).toEqual({
      items: [
        { itemId: 'a', selectedVendor: V.mid, price: 110, reasonForSelection: 'Delivers on Sundays' },
        { itemId: 'b', selectedVendor: V.low, price: 100, reasonForSelection: LOWEST_REASON },
        {
          itemId: 'c',
          selectedVendor: V.high,
          price: 120,
          reasonForSelection: 'Client asked for this brand',
        },
        { itemId: 'd', selectedVendor: V.low, price: 100, reasonForSelection: LOWEST_REASON },
      ],
      status: 'approved',
      pricesVersion: 'pv',
      version: 7,
    });
  });

  it('ignores a reason typed while none was needed', () => {
    const body = approvalBody(
      { items: [reasoned], pricesVersion: 'pv', version: 1 },
      choices({ a: { vendorId: V.mid, reason: 'stale text' } }),
    );
    expect(body.items[0]!.reasonForSelection).toBe('Delivers on Sundays');
  });
});
