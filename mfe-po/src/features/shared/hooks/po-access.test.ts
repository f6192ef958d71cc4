import { describe, expect, it } from 'vitest';
import { defaultModulesForRole, setAccess, type Role } from '@erp/contracts';
import {
  canListVendors,
  canReadOpenPos,
  canReadPo,
  canReadPoList,
  canReceive,
  canShortClose,
} from './po-access';

const member = (role: Role, modules = defaultModulesForRole(role)) => ({
  role,
  permissions: { allProjects: role !== 'Employee', projects: [], modules },
});

describe('what the PO screens offer whom (SPEC §6 "Purchase Orders")', () => {
  it('lets every role’s default read the PO list and a PO', () => {
    for (const role of ['Admin', 'Purchaser', 'Accountant', 'Employee'] as const) {
      expect(canReadPoList(member(role))).toBe(true);
      expect(canReadOpenPos(member(role))).toBe(true);
      expect(canReadPo(member(role))).toBe(true);
    }
  });

  it('opens a PO to a member with Open POs read only, and refuses one with neither', () => {
    const none = defaultModulesForRole('Employee');
    const onlyOpen = setAccess(setAccess(none, 'po', 'list', 'read', false), 'po', 'open', 'read', true);
    expect(canReadPo(member('Employee', onlyOpen))).toBe(true);
    expect(canReadPoList(member('Employee', onlyOpen))).toBe(false);
    const nothing = setAccess(setAccess(none, 'po', 'list', 'read', false), 'po', 'open', 'read', false);
    expect(canReadPo(member('Employee', nothing))).toBe(false);
    expect(canReadOpenPos(member('Employee', nothing))).toBe(false);
  });

  it('offers Receive and Record Receipt to Employees and Admins (Open POs write), not to Purchasers or Accountants', () => {
    expect(canReceive(member('Employee'))).toBe(true);
    expect(canReceive(member('Admin'))).toBe(true);
    expect(canReceive(member('Purchaser'))).toBe(false);
    expect(canReceive(member('Accountant'))).toBe(false);
  });

  it('offers Short-close to an Admin only', () => {
    expect(canShortClose(member('Admin'))).toBe(true);
    expect(canShortClose(member('Purchaser', { ...defaultModulesForRole('Admin') }))).toBe(false);
    expect(canShortClose(member('Employee'))).toBe(false);
  });

  it('fills the Vendor filter from the vendor master only for those who may read it', () => {
    expect(canListVendors(member('Purchaser'))).toBe(true);
    expect(canListVendors(member('Employee'))).toBe(false);
  });
});
