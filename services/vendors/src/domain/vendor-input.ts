import { isDeepStrictEqual } from 'node:util';
import {
  ALT_PHONE_MESSAGE,
  ALT_PHONE_PATTERN,
  CONTACT_PERSON_RULE,
  GSTIN_PATTERN,
  isBusinessName,
  isPersonName,
  normalizeAltPhone,
  normalizeVendorStatus,
  VENDOR_NAME_RULE,
  type CreateVendorBody,
  type UpdateVendorBody,
  type Vendor,
  type VendorStatus,
} from '@erp/contracts';
import { badRequest } from '@erp/service-kit';

/** What a vendor form carries once trimmed and checked. */
export interface VendorInput {
  name: string;
  contactPerson: string;
  phoneNumber: string;
  email: string;
  altPhoneNumber: string;
  altEmail: string;
  address: string;
  gstin: string;
  paymentTerms: number;
  notes: string;
  status: VendorStatus;
}

/** Vendor form rules of SPEC §5 ("Vendor create", "Vendor edit"), in the spec's words. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9]{10}$/;
const ALT_PHONE = new RegExp(ALT_PHONE_PATTERN);
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

/** The stored vendor's form fields (those of VendorInput). */
function fromVendor(v: Vendor): VendorInput {
  const fields = Object.keys(EMPTY) as Array<keyof VendorInput>;
  return Object.fromEntries(fields.map((k) => [k, v[k]])) as unknown as VendorInput;
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
    altPhoneNumber: altPhone(b.altPhoneNumber, base.altPhoneNumber),
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

/**
 * The alternate phone as stored: a mobile's 10 digits or a landline's digits with the STD code's 0
 * ("020-2567 8901" -> "02025678901"); refused when it is neither, never cut. A stored one is kept as it is.
 */
function altPhone(sent: string | undefined, stored: string): string {
  if (sent === undefined) return stored;
  const phone = normalizeAltPhone(sent);
  if (!phone) throw badRequest(ALT_PHONE_MESSAGE);
  return phone.value;
}

/** The spec's words differ between create and edit (§5) for a missing name and a bad email. */
const WORDS = {
  create: { name: 'Vendor name is required', email: 'Please enter a valid email address' },
  edit: { name: 'Vendor name is required.', email: 'Please enter a valid email address.' },
};

export function checkVendor(v: VendorInput, wording: keyof typeof WORDS = 'create'): void {
  const words = WORDS[wording];
  if (!v.name) throw badRequest(words.name);
  // Names in any script with the punctuation real names carry (decision 0010).
  if (!isBusinessName(v.name)) throw badRequest(VENDOR_NAME_RULE);
  if (!v.contactPerson) throw badRequest('Contact person is required');
  if (!isPersonName(v.contactPerson)) throw badRequest(CONTACT_PERSON_RULE);
  if (!PHONE.test(v.phoneNumber)) throw badRequest('Enter a valid 10-digit phone number.');
  if (v.altPhoneNumber && !ALT_PHONE.test(v.altPhoneNumber)) throw badRequest(ALT_PHONE_MESSAGE);
  if (!EMAIL.test(v.email)) throw badRequest(words.email);
  if (v.altEmail && !EMAIL.test(v.altEmail)) throw badRequest(words.email);
  if (!v.address) throw badRequest('Vendor address cannot be empty.');
  if (!Number.isInteger(v.paymentTerms) || v.paymentTerms < 0)
    throw badRequest('Payment terms must be a valid number of days');
  if (v.gstin && !GSTIN.test(v.gstin)) throw badRequest('Enter a valid 15-character GSTIN');
}
