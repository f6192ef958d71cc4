import { describe, expect, it } from 'vitest';
import { activeFilters, asListAnswer } from './list-page';

describe('asListAnswer', () => {
  it('reads a page of a list as the services answer it', () => {
    const page = { result: [{ _id: 'a' }], totalItems: 1, totalCapped: false };
    expect(asListAnswer(page)).toBe(page);
  });

  it.each([
    ['nothing yet', undefined],
    ['null', null],
    ['another shape', { vendors: [], totalVendor: 0 }],
    ['a total without rows', { totalItems: 3 }],
    ['rows without a total', { result: [] }],
  ])('is undefined for %s', (_, data) => {
    expect(asListAnswer(data)).toBeUndefined();
  });
});

describe('activeFilters', () => {
  it('counts the filters that are set', () => {
    expect(activeFilters({ status: 'draft', projectId: null })).toBe(1);
    expect(activeFilters({ status: 'draft', projectId: 'p-1' })).toBe(2);
    expect(activeFilters({ status: null, projectId: null })).toBe(0);
  });
});
