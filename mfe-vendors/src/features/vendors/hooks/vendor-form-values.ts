/** The vendor form's values and how they map to and from the API (SPEC §3 "Vendor", §5 "Vendor create", "Vendor edit"). */
import {
  ALT_PHONE_MESSAGE,
  CONTACT_PERSON_RULE,
  isBusinessName,
  isPersonName,
  isValidPhone,
  normalizeAltPhone,
  sanitizeBusinessName,
  sanitizePersonName,
  sanitizePhoneInput,
  typedMobile,
  VENDOR_NAME_RULE,
  type CreateVendorBody,
  type Vendor,
  type VendorStatus,
} from '@erp/contracts';

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
  gstin: (raw: string) => raw.replace(/[^0-9A-Za-z]+/g, '').toUpperCase().slice(0, 15),
};

/** Save stays disabled until these are filled (SPEC §5 "Vendor create"). */
export function hasRequiredFields(v: VendorFormValues): boolean {
  return [v.name, v.contactPerson, v.phoneNumber, v.email, v.address, v.paymentTerms].every((x) => x.trim() !== '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string) => EMAIL.test(value.trim());

export type VendorField = keyof VendorFormValues;
export interface VendorProblem {
  field: VendorField;
  message: string;
}

const validDays = (raw: string) => /^\d+$/.test(raw.trim()) && Number(raw) <= 3650;

/** Create: the first problem, in the spec's words (checked when Save is pressed). */
export function validateCreate(v: VendorFormValues): VendorProblem | null {
  if (!v.name.trim()) return { field: 'name', message: 'Vendor name is required' };
  if (!isBusinessName(v.name.trim())) return { field: 'name', message: VENDOR_NAME_RULE };
  if (!v.contactPerson.trim()) return { field: 'contactPerson', message: 'Contact person is required' };
  if (!isPersonName(v.contactPerson.trim())) return { field: 'contactPerson', message: CONTACT_PERSON_RULE };
  if (!isValidPhone(v.phoneNumber)) return { field: 'phoneNumber', message: 'Enter a valid 10-digit phone number.' };
  if (!normalizeAltPhone(v.altPhoneNumber)) return { field: 'altPhoneNumber', message: ALT_PHONE_MESSAGE };
  if (!isValidEmail(v.email)) return { field: 'email', message: 'Please enter a valid email address' };
  if (v.altEmail.trim() && !isValidEmail(v.altEmail)) return { field: 'altEmail', message: 'Please enter a valid email address' };
  if (!v.address.trim()) return { field: 'address', message: 'Vendor address cannot be empty.' };
  if (v.gstin && v.gstin.length !== 15) return { field: 'gstin', message: 'GSTIN must be 15 characters' };
  if (!validDays(v.paymentTerms)) return { field: 'paymentTerms', message: 'Payment terms must be a valid number of days' };
  return null;
}

/** Edit: the first problem with the spec's toast title (SPEC §5 "Vendor edit"). */
export function validateEdit(v: VendorFormValues): (VendorProblem & { title: string }) | null {
  if (!v.name.trim()) return { field: 'name', title: 'Missing Field', message: 'Vendor name is required.' };
  if (!isBusinessName(v.name.trim())) return { field: 'name', title: 'Invalid Name', message: VENDOR_NAME_RULE };
  if (!isValidPhone(v.phoneNumber)) return { field: 'phoneNumber', title: 'Invalid Phone', message: 'Enter a valid 10-digit phone number.' };
  if (!normalizeAltPhone(v.altPhoneNumber)) return { field: 'altPhoneNumber', title: 'Invalid Phone', message: ALT_PHONE_MESSAGE };
  if (!isValidEmail(v.email)) return { field: 'email', title: 'Invalid Email', message: 'Please enter a valid email address.' };
  if (v.altEmail.trim() && !isValidEmail(v.altEmail)) return { field: 'altEmail', title: 'Invalid Email', message: 'Please enter a valid email address.' };
  if (!v.address.trim()) return { field: 'address', title: 'Missing Address', message: 'Vendor address cannot be empty.' };
  if (!v.contactPerson.trim()) return { field: 'contactPerson', title: 'Missing Field', message: 'Contact person is required.' };
  if (!isPersonName(v.contactPerson.trim())) return { field: 'contactPerson', title: 'Invalid Name', message: CONTACT_PERSON_RULE };
  if (v.gstin && v.gstin.length !== 15) return { field: 'gstin', title: 'Invalid GSTIN', message: 'GSTIN must be 15 characters' };
  if (!validDays(v.paymentTerms)) return { field: 'paymentTerms', title: 'Invalid Payment Terms', message: 'Payment terms must be a valid number of days' };
  return null;
}

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
    paymentTerms: Number(v.paymentTerms),
    notes: v.notes.trim(),
    status: v.status,
  };
}
