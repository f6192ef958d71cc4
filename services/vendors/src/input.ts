import { isDeepStrictEqual } from 'node:util';
import { GSTIN_PATTERN, normalizeVendorStatus, type CreateVendorBody, type UpdateVendorBody, type Vendor } from '@erp/contracts';
import { badRequest } from '@erp/service-kit';
import type { VendorInput } from './repositories/vendors.js';

/** Vendor form rules of SPEC §5 ("Vendor create", "Vendor edit"), in the spec's words. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LETTERS = /^[A-Za-z ]+$/;
const PHONE = /^[0-9]{10}$/;
const GSTIN = new RegExp(GSTIN_PATTERN);

const clean = (s: string) => s.trim().replace(/\s+/g, ' ');

const EMPTY: VendorInput = {
  name: '',
  contactPerson: '',
  phoneNumber: '',
  email: '',
  altPhoneNumber: '',
  altEmail: '',
  address: '',
  gstin: '',
  paymentTerms: 0,
  notes: '',
  status: 'active',
};

function fromVendor(v: Vendor): VendorInput {
  const { name, contactPerson, phoneNumber, email, altPhoneNumber, altEmail, address, gstin, paymentTerms, notes, status } = v;
  return { name, contactPerson, phoneNumber, email, altPhoneNumber, altEmail, address, gstin, paymentTerms, notes, status };
}

/** Whether storing `input` would leave the vendor as it is. */
export function unchanged(current: Vendor, input: VendorInput): boolean {
  return isDeepStrictEqual(fromVendor(current), input);
}

/**
 * The input as stored: the body's fields over the current vendor's (edit is partial), trimmed,
 * inner spaces collapsed in names, GSTIN upper case, status lower case. Throws 400 with the spec's words.
 */
export function vendorInput(body: CreateVendorBody | UpdateVendorBody, current?: Vendor): VendorInput {
  const b = body as UpdateVendorBody;
  const base = current ? fromVendor(current) : EMPTY;
  const input: VendorInput = {
    name: clean(b.name ?? base.name),
    contactPerson: clean(b.contactPerson ?? base.contactPerson),
    phoneNumber: (b.phoneNumber ?? base.phoneNumber).trim(),
    email: (b.email ?? base.email).trim(),
    altPhoneNumber: (b.altPhoneNumber ?? base.altPhoneNumber).trim(),
    altEmail: (b.altEmail ?? base.altEmail).trim(),
    address: (b.address ?? base.address).trim(),
    gstin: (b.gstin ?? base.gstin).trim().toUpperCase(),
    paymentTerms: b.paymentTerms ?? base.paymentTerms,
    notes: (b.notes ?? base.notes).trim(),
    status: b.status !== undefined ? normalizeVendorStatus(b.status) : base.status,
  };
  checkVendor(input, current ? 'edit' : 'create');
  return input;
}

/** The spec's words differ between create and edit (§5) for a missing name and a bad email. */
const WORDS = {
  create: { name: 'Vendor name is required', email: 'Please enter a valid email address' },
  edit: { name: 'Vendor name is required.', email: 'Please enter a valid email address.' },
};

export function checkVendor(v: VendorInput, wording: keyof typeof WORDS = 'create'): void {
  const words = WORDS[wording];
  if (!v.name) throw badRequest(words.name);
  if (!LETTERS.test(v.name)) throw badRequest('Vendor name can contain letters and spaces only');
  if (!v.contactPerson) throw badRequest('Contact person is required');
  if (!LETTERS.test(v.contactPerson)) throw badRequest('Contact person can contain letters and spaces only');
  if (!PHONE.test(v.phoneNumber)) throw badRequest('Enter a valid 10-digit phone number.');
  if (v.altPhoneNumber && !PHONE.test(v.altPhoneNumber)) throw badRequest('Enter a valid 10-digit phone number.');
  if (!EMAIL.test(v.email)) throw badRequest(words.email);
  if (v.altEmail && !EMAIL.test(v.altEmail)) throw badRequest(words.email);
  if (!v.address) throw badRequest('Vendor address cannot be empty.');
  if (!Number.isInteger(v.paymentTerms) || v.paymentTerms < 0) throw badRequest('Payment terms must be a valid number of days');
  if (v.gstin && !GSTIN.test(v.gstin)) throw badRequest('Enter a valid 15-character GSTIN');
}
