import { describe, expect, it } from 'vitest';
import { pageWindow, parseChoice } from './list-query';

describe('pageWindow', () => {
  it.each([
    [1, 10, { limit: 10, offset: 0 }],
    [2, 10, { limit: 10, offset: 10 }],
    [3, 100, { limit: 100, offset: 200 }],
    [0, 10, { limit: 10, offset: 0 }],
    [Number.NaN, 10, { limit: 10, offset: 0 }],
    [2.5, 10, { limit: 10, offset: 10 }],
  ])('page %i of %i rows', (page, size, window) => {
    expect(pageWindow(page, size)).toEqual(window);
  });
});

describe('parseChoice', () => {
  const TABS = ['Open', 'Partial', 'Closed'] as const;

  it('reads a choice as the URL spells it', () => {
    expect(parseChoice('Open', TABS)).toBe('Open');
    expect(parseChoice('open', TABS)).toBeUndefined();
  });

  it('reads a choice in any case when asked to', () => {
    expect(parseChoice('partial', TABS, { anyCase: true })).toBe('Partial');
    expect(parseChoice('CLOSED', TABS, { anyCase: true })).toBe('Closed');
  });

  it('reads the value of tabs and options', () => {
    const tabs = [{ value: 'all' }, { value: 'draft' }] as const;
    expect(parseChoice('draft', tabs)).toBe('draft');
  });

  it.each([null, '', 'shipped'])('is undefined for %j', (raw) => {
    expect(parseChoice(raw, TABS, { anyCase: true })).toBeUndefined();
  });
});
