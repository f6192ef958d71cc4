import { describe, expect, it } from 'vitest';
import { clearAllModules, type Role } from '@erp/contracts';
import type { AuthContext } from '@erp/service-kit';
import { mayReadPos, maySeePo, projectScope, statusFilter, visibleStatuses } from './access.js';

const MINE = 'a1b2c3d4-0000-4000-8000-000000000001';
const OTHER = 'a1b2c3d4-0000-4000-8000-000000000002';

/** A member of `role` with PO List and/or Open POs read, on `projects` (an Employee's). */
function member(role: Role, reads: Array<'list' | 'open'>, projects: string[] = []): AuthContext {
  const modules = clearAllModules();
  for (const sub of reads) {
    modules.po.read = true;
    modules.po.subModules[sub] = { read: true, write: false };
  }
  return {
    memberId: 'm',
    name: 'Member',
    role,
    status: 'active',
    sessionId: 's',
    permissions: { allProjects: false, projects, modules },
  };
}

describe('who sees a PO', () => {
  it('is PO List or Open POs read, on the member’s projects', () => {
    expect(mayReadPos(member('Employee', ['open']))).toBe(true);
    expect(mayReadPos(member('Employee', []))).toBe(false);
    const receiver = member('Employee', ['open'], [MINE]);
    expect(maySeePo(receiver, { projectId: MINE, status: 'Partial' })).toBe(true);
    expect(maySeePo(receiver, { projectId: OTHER, status: 'Open' })).toBe(false);
  });

  it('shows a Closed PO only to PO List readers', () => {
    expect(maySeePo(member('Employee', ['open'], [MINE]), { projectId: MINE, status: 'Closed' })).toBe(false);
    expect(maySeePo(member('Employee', ['list'], [MINE]), { projectId: MINE, status: 'Closed' })).toBe(true);
    expect(maySeePo(member('Purchaser', ['list']), { projectId: OTHER, status: 'Closed' })).toBe(true);
  });

  it('scopes an Employee to their projects’ ids, lower-case, and no one else', () => {
    expect(projectScope(member('Employee', ['list'], [MINE.toUpperCase(), 'not-an-id']))).toEqual([MINE]);
    expect(projectScope(member('Purchaser', ['list']))).toBeNull();
  });
});

describe('the statuses a list asks for', () => {
  it('reads all, active and one status in any case', () => {
    expect(statusFilter(undefined)).toBeNull();
    expect(statusFilter('ALL')).toBeNull();
    expect(statusFilter('active')).toEqual(['Open', 'Partial']);
    expect(statusFilter('closed')).toEqual(['Closed']);
    expect(statusFilter('nonsense')).toBeNull();
  });

  it('are the active ones for Open POs readers, who may not ask for Closed POs', () => {
    const receiver = member('Employee', ['open'], [MINE]);
    expect(visibleStatuses(receiver, null)).toEqual(['Open', 'Partial']);
    expect(visibleStatuses(receiver, ['Partial'])).toEqual(['Partial']);
    expect(() => visibleStatuses(receiver, ['Closed'])).toThrow('You do not have read access to PO List');
    expect(visibleStatuses(member('Employee', ['list'], [MINE]), null)).toBeNull();
  });
});
