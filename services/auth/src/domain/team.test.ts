import { describe, expect, it } from 'vitest';
import { defaultModulesForRole, type Member } from '@erp/contracts';
import {
  checkSelfEdit,
  checkSubModules,
  deactivates,
  editedMemberInput,
  losesAnAdmin,
  mayRemoveAnAdmin,
  newMemberInput,
  normalizeStatus,
  permissionsOf,
  resolvePermissions,
  roleFrom,
  sameMember,
  toAccess,
} from './team.js';

const PROJECT = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';

const admin: Member = {
  _id: 'a1',
  name: 'Asha Rao',
  email: 'asha@x.example',
  phoneNumber: '9000000001',
  status: 'active',
  role: 'Admin',
  isAdmin: true,
  notes: '',
  permissions: { allProjects: true, projects: [], modules: defaultModulesForRole('Admin') },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  lastLoginAt: null,
  version: 1,
};

describe('permissions', () => {
  it('gives every role but Employee all projects, whatever was stored', () => {
    const modules = defaultModulesForRole('Purchaser');
    expect(
      permissionsOf({ role: 'Purchaser', all_projects: false, projects: [PROJECT], modules }),
    ).toMatchObject({
      allProjects: true,
      projects: [],
    });
    expect(
      permissionsOf({ role: 'Employee', all_projects: false, projects: [PROJECT], modules }),
    ).toMatchObject({
      allProjects: false,
      projects: [PROJECT],
    });
  });

  it("keeps an Employee's projects once each, none with every project, and the role's default modules", () => {
    expect(resolvePermissions('Employee', { projects: [PROJECT, PROJECT] })).toEqual({
      allProjects: false,
      projects: [PROJECT],
      modules: defaultModulesForRole('Employee'),
    });
    expect(resolvePermissions('Employee', { allProjects: true, projects: [PROJECT] }).projects).toEqual([]);
    const current = resolvePermissions('Employee', { projects: [PROJECT] });
    expect(resolvePermissions('Employee', undefined, current)).toEqual(current);
    expect(resolvePermissions('Admin', { projects: [PROJECT] })).toMatchObject({
      allProjects: true,
      projects: [],
    });
  });

  it('refuses a sub-module the module does not have', () => {
    expect(() =>
      checkSubModules({ modules: { team: { subModules: { teamLst: 'read' } } } } as never),
    ).toThrow('Unknown field: teamLst');
    expect(() => checkSubModules(undefined)).not.toThrow();
  });

  it('answers the access other services keep', () => {
    expect(toAccess(admin)).toEqual({
      memberId: 'a1',
      name: 'Asha Rao',
      role: 'Admin',
      status: 'active',
      permissions: admin.permissions,
    });
  });
});

describe('the team form', () => {
  it('reads the status however clients write it and the role from isAdmin when none is given', () => {
    expect(normalizeStatus('inActive')).toBe('inactive');
    expect(normalizeStatus('Active')).toBe('active');
    expect(roleFrom('Purchaser', true)).toBe('Purchaser');
    expect(roleFrom(undefined, true)).toBe('Admin');
    expect(roleFrom(undefined, false, 'Admin')).toBe('Employee');
    expect(roleFrom(undefined, false, 'Accountant')).toBe('Accountant');
    expect(roleFrom(undefined, undefined)).toBe('Employee');
  });

  it('stores a new member trimmed, and refuses a short name or a wrong email', () => {
    const input = newMemberInput({
      name: '  Ravi   Kumar ',
      email: ' ravi@x.example ',
      phoneNumber: '9000000002',
      status: 'Active',
      isAdmin: true,
    });
    expect(input).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@x.example',
      status: 'active',
      role: 'Admin',
      notes: '',
    });
    const base = { phoneNumber: '9000000002', status: 'active' };
    expect(() => newMemberInput({ ...base, name: 'R', email: 'r@x.example' })).toThrow(
      'Name must be at least 2 characters',
    );
    expect(() => newMemberInput({ ...base, name: 'Ravi', email: 'ravi@x' })).toThrow(
      'Please enter a valid email address',
    );
  });

  it('keeps what an edit leaves out, and sees an edit that changes nothing', () => {
    const same = editedMemberInput({ name: ' Asha  Rao ' }, admin);
    expect(sameMember(admin, same)).toBe(true);
    expect(sameMember(admin, editedMemberInput({ notes: 'site' }, admin))).toBe(false);
  });
});

describe('Admin safety', () => {
  it('runs edits that could remove an Admin one at a time', () => {
    expect(mayRemoveAnAdmin({ name: 'X Y' })).toBe(false);
    expect(mayRemoveAnAdmin({ status: 'active' })).toBe(true);
    expect(mayRemoveAnAdmin({ isAdmin: false })).toBe(true);
  });

  it('keeps an Admin from deactivating or demoting themselves (409)', () => {
    const off = editedMemberInput({ status: 'inactive' }, admin);
    const demoted = editedMemberInput({ role: 'Employee' }, admin);
    expect(() => checkSelfEdit('a1', 'a1', off)).toThrow('You cannot deactivate your own account');
    expect(() => checkSelfEdit('a1', 'a1', demoted)).toThrow('You cannot remove your own Admin role');
    expect(() => checkSelfEdit('a1', 'other', demoted)).not.toThrow();
  });

  it('knows when an edit takes an active Admin away and when it ends sessions', () => {
    expect(losesAnAdmin(admin, editedMemberInput({ role: 'Employee' }, admin))).toBe(true);
    expect(losesAnAdmin(admin, editedMemberInput({ notes: 'x' }, admin))).toBe(false);
    expect(
      losesAnAdmin({ ...admin, status: 'inactive' }, editedMemberInput({ role: 'Employee' }, admin)),
    ).toBe(false);
    expect(deactivates(admin, editedMemberInput({ status: 'Inactive' }, admin))).toBe(true);
    expect(
      deactivates({ ...admin, status: 'inactive' }, editedMemberInput({ status: 'inactive' }, admin)),
    ).toBe(false);
  });
});
