import { describe, expect, it } from 'vitest';
import { parseIndentSort, parseProjectFilter, parseStatusTab, STATUS_TABS } from './indent-list-filters';

describe('the indent list’s filters in the URL', () => {
  it('offers the spec’s tabs (all, compare, approval, approved) and Draft', () => {
    expect(STATUS_TABS.map((t) => t.value)).toEqual(['all', 'draft', 'compare', 'approval', 'approved']);
  });

  it('reads an unknown status as all', () => {
    expect(parseStatusTab('approval')).toBe('approval');
    expect(parseStatusTab('rejected')).toBe('all');
    expect(parseStatusTab(null)).toBe('all');
  });

  it('reads the sort filter (All, Last Updated, Created Date) as the query’s sort', () => {
    expect(parseIndentSort('updatedAt')).toBe('updatedAt');
    expect(parseIndentSort('createdAt')).toBe('createdAt');
    expect(parseIndentSort('-name')).toBe('');
    expect(parseIndentSort(null)).toBe('');
  });

  it('takes ?project= only when it is an id', () => {
    expect(parseProjectFilter('7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e')).toBe(
      '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
    );
    expect(parseProjectFilter('PRJ-0001')).toBeNull();
    expect(parseProjectFilter('')).toBeNull();
  });
});
