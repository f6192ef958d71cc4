import { defaultModulesForRole, type Role } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAddCreditNote,
  canAddPayment,
  canDecideOverbilling,
  canReadLedgers,
  canReverse,
  isReversible,
} from './ledger-access';

const member = (role: Role) => ({
  role,
  permissions: { allProjects: true, projects: [], modules: defaultModulesForRole(role) },
});

describe('who may do what on the vendor ledgers (SPEC §6)', () => {
  it.each([
    ['Admin', true, true, true, true],
    ['Accountant', true, true, false, false],
    ['Purchaser', true, false, true, false],
    ['Employee', false, false, false, false],
  ] as const)(
    '%s: read %s, payments %s, credit notes %s, overbilling decisions %s',
    (role, read, pay, credit, decide) => {
      const who = member(role);
      expect(canReadLedgers(who)).toBe(read);
      expect(canAddPayment(who)).toBe(pay);
      expect(canAddCreditNote(who)).toBe(credit);
      expect(canDecideOverbilling(who)).toBe(decide);
    },
  );

  it('follows the permissions an Admin gives, as the service does: Accounts write adds payments', () => {
    const who = member('Accountant');
    who.permissions.modules.vendors.subModules.accounts = { read: true, write: false };
    expect(canReadLedgers(who)).toBe(true);
    expect(canAddPayment(who)).toBe(false);
    who.permissions.modules.vendors.subModules.accounts = { read: false, write: false };
    expect(canReadLedgers(who)).toBe(false);
  });

  it('a credit note needs Vendor List write and Accounts read', () => {
    const who = member('Purchaser');
    who.permissions.modules.vendors.subModules.accounts = { read: false, write: false };
    expect(canAddCreditNote(who)).toBe(false);
    const employee = member('Employee');
    employee.permissions.modules.vendors.subModules.list = { read: true, write: true };
    employee.permissions.modules.vendors.subModules.accounts = { read: true, write: false };
    expect(canAddCreditNote(employee)).toBe(true);
  });
});

describe('reversing an entry', () => {
  const payment = { type: 'Payment' as const, reversedBy: null };
  const creditNote = { type: 'Credit Note' as const, reversedBy: null };

  it('only a Payment or a Credit Note not reversed yet', () => {
    expect(isReversible(payment)).toBe(true);
    expect(isReversible(creditNote)).toBe(true);
    expect(isReversible({ type: 'PO Add', reversedBy: null })).toBe(false);
    expect(isReversible({ type: 'Reversal', reversedBy: null })).toBe(false);
    expect(isReversible({ type: 'Overbill Approved', reversedBy: null })).toBe(false);
    expect(isReversible({ type: 'Payment', reversedBy: { _id: 'x', seq: 4 } })).toBe(false);
  });

  it('by whoever may add that kind of entry', () => {
    expect(canReverse(member('Accountant'), payment)).toBe(true);
    expect(canReverse(member('Accountant'), creditNote)).toBe(false);
    expect(canReverse(member('Purchaser'), creditNote)).toBe(true);
    expect(canReverse(member('Purchaser'), payment)).toBe(false);
    expect(canReverse(member('Admin'), payment)).toBe(true);
    expect(canReverse(member('Employee'), payment)).toBe(false);
  });
});
