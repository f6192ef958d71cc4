import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES, overBoqText, type IndentHistoryEntry } from '@erp/contracts';
import {
  boqLabel,
  formatDay,
  formatQty,
  indentStatusLabel,
  isClosedPo,
  lastSendBack,
  overBoqBy,
  poStatusLabel,
  projectLabel,
  sentForComparisonTitle,
  transitionLabel,
  unitTotalsText,
} from './indent-format';

const by = { _id: 'a', name: 'Demo Admin' };
const entry = (
  from: IndentHistoryEntry['from'],
  to: IndentHistoryEntry['to'],
  at: string,
  comment = '',
): IndentHistoryEntry => ({ at, by, from, to, comment });

describe('over BOQ', () => {
  it('is how far the quantity goes beyond the balance, exactly to the hundredth', () => {
    expect(overBoqBy(120, 100)).toBe(20);
    expect(overBoqBy(100.3, 100.1)).toBe(0.2);
    expect(overBoqBy(100, 100)).toBe(0);
    expect(overBoqBy(50, 100)).toBe(0);
  });

  it('is the whole quantity without a BOQ line, or when the balance is used up', () => {
    expect(overBoqBy(12.5, null)).toBe(12.5);
    expect(overBoqBy(10, -5)).toBe(10);
  });

  it('is nothing while the quantity is not a number above zero', () => {
    expect(overBoqBy(NaN, 10)).toBe(0);
    expect(overBoqBy(0, null)).toBe(0);
  });

  it('reads as the contracts word it', () => {
    expect(overBoqText(overBoqBy(132.5, 120), 'bags')).toBe('Over BOQ by 12.5 bags');
  });
});

describe('labels', () => {
  it('names the statuses as the badges do (SPEC §2)', () => {
    expect(['draft', 'compare', 'approval', 'approved'].map(indentStatusLabel)).toEqual([
      'Draft',
      'Compare Pending',
      'Under Review',
      'Approved',
    ]);
  });

  it('writes a project as code — name and a BOQ as number · name', () => {
    expect(projectLabel({ projectCode: 'PRJ-0001', name: 'Skyline Residency, Pune' })).toBe(
      'PRJ-0001 — Skyline Residency, Pune',
    );
    expect(projectLabel({ projectCode: '', name: 'Warehouse' })).toBe('Warehouse');
    expect(boqLabel({ boqId: 'BOQ-0001', name: 'Civil works' })).toBe('BOQ-0001 · Civil works');
  });

  it('writes quantities with Indian grouping and at most two decimals', () => {
    expect(formatQty(1250000.5)).toBe('12,50,000.5');
    expect(formatQty(-0)).toBe('0');
  });

  it('writes a needed-by day as day-month-year, whatever the time zone', () => {
    expect(formatDay('2026-12-01')).toBe('01-12-2026');
    expect(formatDay(null)).toBe('');
  });

  it('reads PO statuses in either case', () => {
    expect(isClosedPo('Closed')).toBe(true);
    expect(isClosedPo('closed')).toBe(true);
    expect(isClosedPo('Partial')).toBe(false);
    expect(poStatusLabel('open')).toBe('Open');
  });
});

describe('history', () => {
  it('says what each transition did', () => {
    expect(transitionLabel(entry(null, 'draft', 't'))).toBe('Created as draft');
    expect(transitionLabel(entry(null, 'compare', 't'))).toBe('Created and sent for comparison');
    expect(transitionLabel(entry('draft', 'compare', 't'))).toBe('Sent for comparison');
    expect(transitionLabel(entry('compare', 'approval', 't'))).toBe('Sent for approval');
    expect(transitionLabel(entry('approval', 'approved', 't'))).toBe('Approved');
    expect(transitionLabel(entry('approval', 'draft', 't'))).toBe('Sent back for rework');
  });

  it('finds the newest send-back', () => {
    const history = [
      entry(null, 'draft', '2026-01-01T00:00:00Z'),
      entry('approval', 'draft', '2026-01-02T00:00:00Z', 'Wrong cement grade'),
      entry('approval', 'draft', '2026-01-04T00:00:00Z', 'Quantities too high'),
      entry('draft', 'compare', '2026-01-03T00:00:00Z'),
    ];
    expect(lastSendBack(history)?.comment).toBe('Quantities too high');
    expect(lastSendBack([entry(null, 'draft', 't')])).toBeUndefined();
  });
});

describe('quantities per unit (decision 0037)', () => {
  const byUnit = [
    { unit: 'bags', quantity: 250 },
    { unit: 'CBM', quantity: 45.5 },
    { unit: 'pcs', quantity: 4800 },
    { unit: 'kg', quantity: 1250.25 },
  ];
  it('writes each unit’s total on its own, never one sum across units', () => {
    expect(unitTotalsText(byUnit).all).toBe('250 bags · 45.5 CBM · 4,800 pcs · 1,250.25 kg');
    expect(unitTotalsText(byUnit).all).not.toContain('6,345.75');
    expect(unitTotalsText([])).toEqual({ shown: '', all: '' });
  });
  it('shows the first units and how many more when space is short', () => {
    expect(unitTotalsText(byUnit, 3).shown).toBe('250 bags · 45.5 CBM · 4,800 pcs · +1 more unit');
    expect(unitTotalsText(byUnit.slice(0, 3), 3).shown).toBe('250 bags · 45.5 CBM · 4,800 pcs');
  });
});

describe('the send-for-comparison toast (decision 0037)', () => {
  it('is the spec’s words for a first send, and says it went again after a send-back', () => {
    expect(sentForComparisonTitle([entry(null, 'compare', '2026-01-01T10:00:00Z')])).toBe(
      INDENT_MESSAGES.added,
    );
    expect(
      sentForComparisonTitle([
        entry(null, 'draft', '2026-01-01T10:00:00Z'),
        entry('draft', 'compare', '2026-01-02T10:00:00Z'),
      ]),
    ).toBe(INDENT_MESSAGES.added);
    expect(
      sentForComparisonTitle([
        entry(null, 'compare', '2026-01-01T10:00:00Z'),
        entry('compare', 'approval', '2026-01-02T10:00:00Z'),
        entry('approval', 'draft', '2026-01-03T10:00:00Z', 'Make it 300 bags'),
        entry('draft', 'compare', '2026-01-04T10:00:00Z'),
      ]),
    ).toBe('Indent sent for comparison again');
  });
});
