import { INDENT_MESSAGES } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearChoice,
  compareBody,
  compareHint,
  compareProblems,
  LOWEST_REASON,
  savedCompareChoice,
  selectedCount,
  selectLowest,
} from './compare-logic';
import { NO_CHOICE, type Choice } from './selection-store';
import { line, option, V } from './test-lines';

const choices = (entries: Record<string, Choice>) => new Map(Object.entries(entries));

describe('compare: the saved selection', () => {
  it('preselects the saved vendor and its reason', () => {
    expect(
      savedCompareChoice(line('a', { selectedVendor: V.mid, reasonForSelection: 'Faster delivery' })),
    ).toEqual({ vendorId: V.mid, reason: 'Faster delivery' });
  });
  it('shows no reason for the lowest-price default', () => {
    expect(
      savedCompareChoice(line('a', { selectedVendor: V.low, reasonForSelection: LOWEST_REASON })),
    ).toEqual({ vendorId: V.low, reason: '' });
  });
  it('drops a saved vendor that is no longer offered', () => {
    expect(savedCompareChoice(line('a', { selectedVendor: 'gone', reasonForSelection: 'x' }))).toBe(
      NO_CHOICE,
    );
  });
});

describe('compare: what stops a save (SPEC §5)', () => {
  const lines = [line('a'), line('b'), line('c', { vendors: [] })];

  it('asks for a vendor on each line with options, in line order, and skips lines without options', () => {
    expect(compareProblems(lines, new Map()).map((p) => p.message)).toEqual([
      INDENT_MESSAGES.selectVendor('Item a'),
      INDENT_MESSAGES.selectVendor('Item b'),
    ]);
  });

  it('asks for a reason when the vendor is not the lowest; blank, spaces or the default are no reason', () => {
    for (const reason of ['', '   ', LOWEST_REASON]) {
      const problems = compareProblems(
        lines,
        choices({ a: { vendorId: V.high, reason }, b: { vendorId: V.low, reason: '' } }),
      );
      expect(problems).toEqual([
        { itemId: 'a', kind: 'reason', message: INDENT_MESSAGES.reasonRequired('Item a') },
      ]);
    }
  });

  it('passes with a lowest vendor or a reasoned one', () => {
    expect(
      compareProblems(
        lines,
        choices({ a: { vendorId: V.high, reason: 'Quality' }, b: { vendorId: V.low, reason: '' } }),
      ),
    ).toEqual([]);
  });

  it('treats a vendor no longer offered as none', () => {
    expect(compareProblems([line('a')], choices({ a: { vendorId: 'gone', reason: 'x' } }))[0]!.message).toBe(
      INDENT_MESSAGES.selectVendor('Item a'),
    );
  });

  it('counts a tie for lowest as lowest (no reason needed)', () => {
    const tied = line('t', { vendors: [option(V.low, 100, 0, true), option(V.mid, 100, 0, true)] });
    expect(compareProblems([tied], choices({ t: { vendorId: V.mid, reason: '' } }))).toEqual([]);
  });
});

describe('compare: Auto-select Lowest and Clear All', () => {
  it('picks the first lowest option, keeping what was typed', () => {
    expect(selectLowest(line('a'), { vendorId: V.high, reason: 'typed' })).toEqual({
      vendorId: V.low,
      reason: 'typed',
    });
  });
  it('leaves a line without options alone', () => {
    expect(selectLowest(line('a', { vendors: [] }), NO_CHOICE)).toBe(NO_CHOICE);
  });
  it('clears', () => {
    expect(clearChoice()).toEqual({ vendorId: null, reason: '' });
  });
});

describe('compare: the request body', () => {
  const indent = {
    items: [line('a'), line('b'), line('c'), line('d', { vendors: [] })],
    pricesVersion: 'p1',
    version: 3,
  };

  it('leaves out lines without a vendor, sends the default reason for a lowest vendor and the typed one otherwise', () => {
    const body = compareBody(
      indent,
      choices({
        a: { vendorId: V.low, reason: 'ignored: lowest' },
        b: { vendorId: V.mid, reason: '  Better credit  ' },
      }),
      'compare',
    );
    expect(body).toEqual({
      items: [
        { itemId: 'a', selectedVendor: V.low, reasonForSelection: LOWEST_REASON },
        { itemId: 'b', selectedVendor: V.mid, reasonForSelection: 'Better credit' },
      ],
      status: 'compare',
      pricesVersion: 'p1',
      version: 3,
    });
  });

  it('sends the status asked for', () => {
    expect(compareBody(indent, new Map(), 'approval').status).toBe('approval');
  });
});

describe('compare: the count of selected items', () => {
  it('counts lines with options only', () => {
    const lines = [line('a'), line('b'), line('c', { vendors: [] })];
    expect(selectedCount(lines, (id) => (id === 'a' ? V.low : null))).toEqual({ selected: 1, selectable: 2 });
  });
});

describe('compare: the action bar’s hint shows errors only after an attempt (decision 0037)', () => {
  const lines = [line('a'), line('b')];

  it('before any save or send, says what is left to do in neutral words, never the red error', () => {
    const hint = compareHint(compareProblems(lines, new Map()), false);
    expect(hint).toEqual({ text: 'To send for approval, choose a vendor for 2 items.', problem: false });
    expect(hint!.text).not.toContain(INDENT_MESSAGES.selectVendor('Item a'));
    const reason = compareHint(
      compareProblems(
        lines,
        choices({ a: { vendorId: V.high, reason: '' }, b: { vendorId: V.low, reason: '' } }),
      ),
      false,
    );
    expect(reason).toEqual({
      text: 'To send for approval, give the reason for the non-lowest choice.',
      problem: false,
    });
    const both = compareHint(
      compareProblems([...lines, line('c')], choices({ a: { vendorId: V.high, reason: '' } })),
      false,
    );
    expect(both!.text).toBe(
      'To send for approval, choose a vendor for 2 items and give the reason for 1 item not at the lowest price.',
    );
  });

  it('after an attempt, shows the first problem in the spec’s words as an error', () => {
    expect(compareHint(compareProblems(lines, new Map()), true)).toEqual({
      text: `${INDENT_MESSAGES.selectVendor('Item a')} (and 1 more)`,
      problem: true,
    });
    expect(compareHint(compareProblems([line('a')], new Map()), true)).toEqual({
      text: INDENT_MESSAGES.selectVendor('Item a'),
      problem: true,
    });
  });

  it('says nothing when every item is ready', () => {
    expect(compareHint([], true)).toBeNull();
    expect(compareHint([], false)).toBeNull();
  });
});
