import { describe, expect, it } from 'vitest';
import {
  actorName,
  boqNumberLabel,
  boqStatusLabel,
  boqStatusVariant,
  formatQty,
  isOverConsumed,
  projectOptionLabel,
  revisionLabel,
} from './boq-format';

describe('BOQ formatting', () => {
  it('writes quantities with Indian grouping and at most two decimals', () => {
    expect(formatQty(1250.5)).toBe('1,250.5');
    expect(formatQty(1234567)).toBe('12,34,567');
    expect(formatQty(0.25)).toBe('0.25');
    expect(formatQty(-12.5)).toBe('-12.5');
    expect(formatQty(0)).toBe('0');
    expect(formatQty(-0)).toBe('0');
  });

  it('names the revision only after the first', () => {
    expect(revisionLabel(1)).toBe('');
    expect(revisionLabel(2)).toBe('Rev 2');
    expect(boqNumberLabel({ boqId: 'BOQ-0001', revision: 1 })).toBe('BOQ-0001');
    expect(boqNumberLabel({ boqId: 'BOQ-0001', revision: 3 })).toBe('BOQ-0001 · Rev 3');
  });

  it('styles confirmed as default and every other status as secondary (SPEC §4)', () => {
    expect(boqStatusVariant('confirmed')).toBe('default');
    expect(boqStatusVariant('draft')).toBe('secondary');
    expect(boqStatusVariant('superseded')).toBe('secondary');
    expect(boqStatusVariant('compare')).toBe('secondary');
    expect(boqStatusLabel('draft')).toBe('Draft');
    expect(boqStatusLabel('confirmed')).toBe('Confirmed');
    expect(boqStatusLabel('compare')).toBe('compare');
  });

  it('marks a balance below zero', () => {
    expect(isOverConsumed(-0.01)).toBe(true);
    expect(isOverConsumed(0)).toBe(false);
    expect(isOverConsumed(5)).toBe(false);
  });

  it('shows a project as code and name, and an unknown creator as a dash', () => {
    expect(projectOptionLabel({ projectCode: 'PRJ-0001', name: 'Skyline Residency, Pune' })).toBe(
      'PRJ-0001 - Skyline Residency, Pune',
    );
    expect(projectOptionLabel({ name: 'Riverside' })).toBe('Riverside');
    expect(actorName(null)).toBe('—');
    expect(actorName({ _id: 'x', name: 'Demo Admin' })).toBe('Demo Admin');
  });
});
