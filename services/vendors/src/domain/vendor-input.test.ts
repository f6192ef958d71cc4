import { describe, expect, it } from 'vitest';
import type { Vendor } from '@erp/contracts';
import { httpRefusal } from '@erp/service-kit/testing';
import { checkVendor, unchanged, vendorInput } from './vendor-input.js';

/** The message a rule refuses with (as a 400), or null when it lets the value through. */
function refusal(fn: () => unknown): string | null {
  const refused = httpRefusal(fn);
  if (refused) expect(refused.status).toBe(400);
  return refused?.message ?? null;
}

const body = {
  name: '  Shree   Balaji  Steels ',
  contactPerson: ' Ramesh  Patil ',
  phoneNumber: ' 9876543210 ',
  email: ' sales@balaji.in ',
  address: ' Plot 4, Bhosari, Pune ',
  gstin: ' 27aapfu0939f1zv ',
  paymentTerms: 30,
};

const stored: Vendor = {
  _id: '6f9619ff-8b86-d011-b42d-00c04fc964ff',
  vendorId: 'VEN-0001',
  name: 'Shree Balaji Steels',
  contactPerson: 'Ramesh Patil',
  phoneNumber: '9876543210',
  email: 'sales@balaji.in',
  altPhoneNumber: '',
  altEmail: '',
  address: 'Plot 4, Bhosari, Pune',
  gstin: '27AAPFU0939F1ZV',
  paymentTerms: 30,
  notes: '',
  status: 'active',
  wallet: 0,
  totalItems: 0,
  totalPO: 0,
  openPO: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  version: 1,
};

describe('the vendor form', () => {
  it('stores names with inner spaces collapsed, fields trimmed, GSTIN in capitals, active by default', () => {
    expect(vendorInput(body)).toEqual({
      name: 'Shree Balaji Steels',
      contactPerson: 'Ramesh Patil',
      phoneNumber: '9876543210',
      email: 'sales@balaji.in',
      altPhoneNumber: '',
      altEmail: '',
      address: 'Plot 4, Bhosari, Pune',
      gstin: '27AAPFU0939F1ZV',
      paymentTerms: 30,
      notes: '',
      status: 'active',
    });
  });

  it('keeps a landline alternate phone as its digits with the STD code', () => {
    expect(vendorInput({ ...body, altPhoneNumber: '020-2567 8901' }).altPhoneNumber).toBe('02025678901');
  });

  it('edits only what is sent, and knows a save that changes nothing', () => {
    const edited = vendorInput({ paymentTerms: 45 }, stored);
    expect(edited.paymentTerms).toBe(45);
    expect(edited.name).toBe('Shree Balaji Steels');
    expect(unchanged(stored, edited)).toBe(false);
    expect(unchanged(stored, vendorInput({ name: ' Shree Balaji  Steels' }, stored))).toBe(true);
  });

  it('words a missing name and a bad email as create and edit each do', () => {
    expect(refusal(() => vendorInput({ ...body, name: '  ' }))).toBe('Vendor name is required');
    expect(refusal(() => vendorInput({ name: '' }, stored))).toBe('Vendor name is required.');
    expect(refusal(() => vendorInput({ ...body, email: 'sales@' }))).toBe(
      'Please enter a valid email address',
    );
    expect(refusal(() => vendorInput({ email: 'sales@' }, stored))).toBe(
      'Please enter a valid email address.',
    );
  });

  it('refuses a phone that is not 10 digits, a bad GSTIN, negative payment terms and an empty address', () => {
    const ok = vendorInput(body);
    expect(refusal(() => checkVendor({ ...ok, phoneNumber: '98765' }))).toBe(
      'Enter a valid 10-digit phone number.',
    );
    expect(refusal(() => checkVendor({ ...ok, gstin: '27AAPFU0939F1Z' }))).toBe(
      'Enter a valid 15-character GSTIN',
    );
    expect(refusal(() => checkVendor({ ...ok, paymentTerms: -1 }))).toBe(
      'Payment terms must be a valid number of days',
    );
    expect(refusal(() => checkVendor({ ...ok, address: '' }))).toBe('Vendor address cannot be empty.');
    expect(refusal(() => checkVendor({ ...ok, gstin: '' }))).toBeNull();
  });
});
