/** The vendor form's values and how they map to and from the API (SPEC §3 "Vendor", §5 "Vendor create", "Vendor edit"). */
import {
  ALT_PHONE_MESSAGE,
  CONTACT_PERSON_RULE,
  CreateVendorBody,
  GSTIN_PATTERN,
  isBusinessName,
  isPersonName,
  normalizeAltPhone,
  sanitizeBusinessName,
  sanitizePersonName,
  sanitizePhoneInput,
  typedMobile,
  UpdateVendorBody,
  VENDOR_NAME_RULE,
  type Vendor,
  type VendorStatus,
} from '@erp/contracts';
import { formContract, type ConflictField, type FormProblem } from '@erp/ui/remote-form';

export interface VendorFormValues {
  name: string;
  contactPerson: string;
  phoneNumber: string;
  email: string;
  altPhoneNumber: string;
  altEmail: string;
  address: string;
  gstin: string;
  paymentTerms: string;
  notes: string;
  status: VendorStatus;
}

export function emptyVendorValues(): VendorFormValues {
  return {
    name: '',
    contactPerson: '',
    phoneNumber: '',
    email: '',
    altPhoneNumber: '',
    altEmail: '',
    address: '',
    gstin: '',
    paymentTerms: '',
    notes: '',
    status: 'active',
  };
}

export function vendorToValues(vendor: Vendor): VendorFormValues {
  return {
    name: vendor.name,
    contactPerson: vendor.contactPerson,
    phoneNumber: vendor.phoneNumber,
    email: vendor.email,
    altPhoneNumber: vendor.altPhoneNumber,
    altEmail: vendor.altEmail,
    address: vendor.address,
    gstin: vendor.gstin,
    paymentTerms: String(vendor.paymentTerms),
    notes: vendor.notes,
    status: vendor.status,
  };
}

/**
 * How each field is cleaned while typing (SPEC §5 "Vendor create", widened by decision 0010: names
 * in any script with the punctuation real names carry; phones pasted with +91 or spaces not cut).
 */
export const sanitize = {
  /** Vendor name: letters of any script, digits, spaces and . , & ' - / ( ). */
  businessName: sanitizeBusinessName,
  /** Contact person: letters of any script, spaces, '.', apostrophes, '-'. */
  personName: sanitizePersonName,
  /** Phone: a mobile; a pasted "+91-98765 43210" becomes its 10 digits, anything else stays as typed. */
  phone: typedMobile,
  /** Alternate phone: a mobile or a landline with its STD code, shown as entered ("020-2567 8901"). */
  altPhone: sanitizePhoneInput,
  /** Payment terms: digits only (days, 0 or more). */
  digits: (raw: string) => raw.replace(/\D+/g, '').slice(0, 4),
  /** GSTIN: 15 characters, upper case. */
  gstin: (raw: string) =>
    raw
      .replace(/[^0-9A-Za-z]+/g, '')
      .toUpperCase()
      .slice(0, 15),
};

/** Save stays disabled until these are filled (SPEC §5 "Vendor create"). */
export function hasRequiredFields(v: VendorFormValues): boolean {
  return [v.name, v.contactPerson, v.phoneNumber, v.email, v.address, v.paymentTerms].every(
    (x) => x.trim() !== '',
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string) => EMAIL.test(value.trim());
const GSTIN = new RegExp(GSTIN_PATTERN);

export type VendorField = keyof VendorFormValues;

/** SPEC §5 words a missing name and a bad email differently on create and on edit (as the vendors service does). */
const WORDS = {
  create: {
    name: 'Vendor name is required',
    contactPerson: 'Contact person is required',
    email: 'Please enter a valid email address',
  },
  edit: {
    name: 'Vendor name is required.',
    contactPerson: 'Contact person is required.',
    email: 'Please enter a valid email address.',
  },
};

/**
 * What the vendors service checks in code (checkVendor in services/vendors/src/domain/vendor-input.ts), in its
 * words; the schema (CreateVendorBody, UpdateVendorBody) says the rest: the 10-digit phone, the
 * contact person's letters, the payment terms in days.
 */
export function vendorRules(wording: keyof typeof WORDS) {
  const words = WORDS[wording];
  return (v: VendorFormValues): FormProblem[] => {
    const problems: FormProblem[] = [];
    const problem = (field: VendorField, message: string) => problems.push({ field, message });
    const name = v.name.trim();
    if (!name) problem('name', words.name);
    else if (!isBusinessName(name)) problem('name', VENDOR_NAME_RULE);
    const contact = v.contactPerson.trim();
    if (!contact) problem('contactPerson', words.contactPerson);
    else if (!isPersonName(contact)) problem('contactPerson', CONTACT_PERSON_RULE);
    if (!normalizeAltPhone(v.altPhoneNumber)) problem('altPhoneNumber', ALT_PHONE_MESSAGE);
    if (!isValidEmail(v.email)) problem('email', words.email);
    if (v.altEmail.trim() && !isValidEmail(v.altEmail)) problem('altEmail', words.email);
    if (!v.address.trim()) problem('address', 'Vendor address cannot be empty.');
    if (v.gstin && !GSTIN.test(v.gstin)) problem('gstin', 'Enter a valid 15-character GSTIN');
    return problems;
  };
}

/** The edit's toast titles (SPEC §5 "Vendor edit": Missing Field, Invalid Phone, Invalid Email, Missing Address). */
export function vendorEditToast(
  problem: FormProblem,
  v: VendorFormValues,
): { title: string; description: string } {
  const field = problem.field as VendorField;
  const titles: Partial<Record<VendorField, string>> = {
    name: v.name.trim() ? 'Invalid Name' : 'Missing Field',
    contactPerson: v.contactPerson.trim() ? 'Invalid Name' : 'Missing Field',
    phoneNumber: 'Invalid Phone',
    altPhoneNumber: 'Invalid Phone',
    email: 'Invalid Email',
    altEmail: 'Invalid Email',
    address: 'Missing Address',
    gstin: 'Invalid GSTIN',
    paymentTerms: 'Invalid Payment Terms',
  };
  return { title: titles[field] ?? 'Validation Error', description: problem.message };
}

/** A 409 other than a stale save is the name taken ('A vendor with this name already exists'). */
export const NAME_TAKEN: ConflictField<VendorFormValues> = {
  field: 'name',
  advice: 'choose a different name, then save again',
};

export function valuesToBody(v: VendorFormValues): CreateVendorBody {
  return {
    name: v.name.trim().replace(/\s+/g, ' '),
    contactPerson: v.contactPerson.trim().replace(/\s+/g, ' '),
    phoneNumber: v.phoneNumber,
    email: v.email.trim(),
    // Stored in one form: a mobile's 10 digits, a landline's digits with the STD code's 0.
    altPhoneNumber: normalizeAltPhone(v.altPhoneNumber)?.value ?? v.altPhoneNumber.trim(),
    altEmail: v.altEmail.trim(),
    address: v.address.trim(),
    gstin: v.gstin,
    // Empty is not 0 days: sent as not a number, for the schema's 'Payment terms must be a valid number of days'.
    paymentTerms: v.paymentTerms.trim() === '' ? Number.NaN : Number(v.paymentTerms),
    notes: v.notes.trim(),
    status: v.status,
  };
}

/** The vendor form's check: the vendors service's body schema and its rules, with create's or edit's words. */
export const vendorContract = {
  create: formContract({ schema: CreateVendorBody, toBody: valuesToBody, rules: vendorRules('create') }),
  update: formContract({ schema: UpdateVendorBody, toBody: valuesToBody, rules: vendorRules('edit') }),
};
