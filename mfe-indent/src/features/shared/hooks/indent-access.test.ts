import { describe, expect, it } from 'vitest';
import { defaultModulesForRole, type Role } from '@erp/contracts';
import {
  canCompareIndent,
  canCreateIndents,
  canEditIndent,
  canReceivePos,
  canReviewIndent,
} from './indent-access';

const member = (role: Role, _id = `${role}-1`) => ({
  _id,
  role,
  permissions: { allProjects: role !== 'Employee', projects: [], modules: defaultModulesForRole(role) },
});
const employee = member('Employee');
const purchaser = member('Purchaser');
const admin = member('Admin');
const draftBy = (id: string) => ({ status: 'draft' as const, createdBy: { _id: id } });

describe('who acts next on an indent (SPEC §2 "Indent detail")', () => {
  it('lets the Employee who raised a draft edit it, not another Employee, and an Admin any draft', () => {
    expect(canEditIndent(employee, draftBy(employee._id))).toBe(true);
    expect(canEditIndent(member('Employee', 'someone-else'), draftBy(employee._id))).toBe(false);
    expect(canEditIndent(admin, draftBy(employee._id))).toBe(true);
    expect(canEditIndent(employee, { status: 'compare', createdBy: { _id: employee._id } })).toBe(false);
  });

  it('gives Compare to a Purchaser on an indent waiting for comparison, and Review to an Admin on one waiting for approval', () => {
    expect(canCompareIndent(purchaser, { status: 'compare' })).toBe(true);
    expect(canCompareIndent(employee, { status: 'compare' })).toBe(false);
    expect(canCompareIndent(purchaser, { status: 'approval' })).toBe(false);
    expect(canReviewIndent(admin, { status: 'approval' })).toBe(true);
    expect(canReviewIndent(purchaser, { status: 'approval' })).toBe(false);
  });

  it('lets Employees raise indents and record receipts, not Purchasers', () => {
    expect(canCreateIndents(employee)).toBe(true);
    expect(canCreateIndents(purchaser)).toBe(false);
    expect(canReceivePos(employee)).toBe(true);
    expect(canReceivePos(purchaser)).toBe(false);
  });
});
