import { describe, expect, it } from 'vitest';
import { groupOfPath, type NavGroup } from './nav-config';

const group = (id: string, paths: string[]): NavGroup => ({
  id,
  label: id,
  shortLabel: id,
  icon: 'file',
  remote: id,
  items: paths.map((to) => ({ label: to, to, module: 'team', sub: 'teamList' })),
});
const groups = [
  group('items', ['/items/list', '/items/add']),
  group('team', ['/team/list', '/team/add', '/boq/list', '/boq/create']),
  group('top', ['/reports']),
];

describe('groupOfPath', () => {
  it('finds the group of an item’s own path', () => {
    expect(groupOfPath(groups, '/boq/create')?.id).toBe('team');
    expect(groupOfPath(groups, '/items/list')?.id).toBe('items');
  });
  it('finds the group of a record’s page in the same section (a BOQ’s page is in the group of the BOQ list)', () => {
    expect(groupOfPath(groups, '/boq/7c9e6679-7425-40de-944b-e07fc1f90ae7')?.id).toBe('team');
    expect(groupOfPath(groups, '/team/project/42')?.id).toBe('team');
  });
  it('does not claim every path for an item at the top level', () => {
    expect(groupOfPath(groups, '/dashboard')).toBeUndefined();
    expect(groupOfPath(groups, '/reports/2026')?.id).toBe('top');
  });
});
