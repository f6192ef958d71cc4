import { describe, expect, it } from 'vitest';
import {
  accessBadgeVariant,
  accessLabel,
  accessSummary,
  can,
  canAccessProject,
  clearAllModules,
  coupleAccess,
  defaultModulesForRole,
  fullAccessModules,
  normalizeModules,
  readOnlyModules,
  setAccess,
  type Permissions,
  type Role,
} from './permissions.js';

const member = (role: Role, permissions: Partial<Permissions> = {}) => ({
  role,
  permissions: { allProjects: false, projects: [], modules: clearAllModules(), ...permissions },
});

describe('permission editor coupling', () => {
  it('turning on write turns on read', () => {
    expect(coupleAccess({ read: false, write: true }, 'write')).toEqual({ read: true, write: true });
  });
  it('turning off read turns off write', () => {
    expect(coupleAccess({ read: false, write: true }, 'read')).toEqual({ read: false, write: false });
  });
  it('setting a whole module sets every sub-module and derives the module flags', () => {
    const m = setAccess(clearAllModules(), 'team', null, 'write', true);
    expect(Object.values(m.team.subModules).every((a) => a.read && a.write)).toBe(true);
    expect(m.team).toMatchObject({ read: true, write: true });
    const off = setAccess(m, 'team', 'addMember', 'read', false);
    expect(off.team.subModules.addMember).toEqual({ read: false, write: false });
    expect(off.team).toMatchObject({ read: true, write: true });
  });
  it('presets give full access, read only, or nothing', () => {
    expect(fullAccessModules().vendors.subModules.accounts).toEqual({ read: true, write: true });
    expect(readOnlyModules().vendors.subModules.accounts).toEqual({ read: true, write: false });
    expect(clearAllModules().vendors).toMatchObject({ read: false, write: false });
  });
});

describe('normalizing permission input', () => {
  it('applies module-level flags to all sub-modules and fills missing modules', () => {
    const m = normalizeModules({ items: { read: true } });
    expect(m.items.subModules).toEqual({
      list: { read: true, write: false },
      add: { read: true, write: false },
    });
    expect(m.po).toMatchObject({ read: false, write: false });
  });
  it('makes write imply read and ignores unknown modules', () => {
    const m = normalizeModules({ po: { subModules: { open: { write: true } } }, bogus: { read: true } });
    expect(m.po.subModules.open).toEqual({ read: true, write: true });
    expect(m.po.subModules.list).toEqual({ read: false, write: false });
    expect((m as Record<string, unknown>).bogus).toBeUndefined();
  });
});

describe('authorisation helpers', () => {
  it('lets Admins do everything', () => {
    expect(can(member('Admin'), 'team', 'addMember', 'write')).toBe(true);
    expect(canAccessProject(member('Admin'), 'p1')).toBe(true);
  });
  it('checks sub-module and module level for other roles', () => {
    const p = member('Purchaser', { modules: defaultModulesForRole('Purchaser') });
    expect(can(p, 'items', 'add', 'write')).toBe(true);
    expect(can(p, 'team', 'teamList', 'read')).toBe(true);
    expect(can(p, 'team', 'addMember', 'write')).toBe(false);
    expect(can(p, 'vendors', null, 'read')).toBe(true);
    const e = member('Employee', { modules: defaultModulesForRole('Employee') });
    expect(can(e, 'team', 'teamList', 'read')).toBe(false);
  });
  it('scopes Employees to their projects; other roles see all projects', () => {
    expect(canAccessProject(member('Employee', { projects: ['p1'] }), 'p1')).toBe(true);
    expect(canAccessProject(member('Employee', { projects: ['p1'] }), 'p2')).toBe(false);
    expect(canAccessProject(member('Employee', { allProjects: true }), 'p2')).toBe(true);
    expect(canAccessProject(member('Accountant'), 'p2')).toBe(true);
  });
});

describe('access label and badge (team list)', () => {
  it("reads 'Admin' for admins", () => {
    expect(accessLabel(member('Admin'))).toBe('Admin');
  });
  it("reads '{n} Projects / {m} Menu' counting modules with read or write", () => {
    const modules = normalizeModules({
      indent: { read: true },
      po: { subModules: { open: { write: true } } },
    });
    expect(accessLabel(member('Employee', { projects: ['a', 'b'], modules }))).toBe('2 Projects / 2 Menu');
    expect(accessLabel(member('Purchaser', { modules }))).toBe('All Projects / 2 Menu');
  });
  it('uses default for 3+ projects, secondary for 1-2, outline for none', () => {
    expect(accessBadgeVariant(member('Employee', { projects: ['a', 'b', 'c'] }))).toBe('default');
    expect(accessBadgeVariant(member('Employee', { projects: ['a'] }))).toBe('secondary');
    expect(accessBadgeVariant(member('Employee'))).toBe('outline');
    expect(accessBadgeVariant(member('Employee', { allProjects: true }))).toBe('default');
  });
  it('summarises the form as Access to N projects and M modules', () => {
    expect(
      accessSummary(
        member('Employee', { projects: ['a'], modules: normalizeModules({ items: { read: true } }) }),
      ),
    ).toBe('Access to 1 projects and 1 modules');
  });
});
