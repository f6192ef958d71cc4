import { describe, expect, it } from 'vitest';
import {
  emptyVendorValues,
  sanitize,
  valuesToBody,
  vendorContract,
  vendorEditToast,
  type VendorFormValues,
} from './vendor-form-values';

/** The first problem Save finds (field and words), or null. */
const validateCreate = (values: VendorFormValues) => vendorContract.create.problems(values)[0] ?? null;
const validateEdit = (values: VendorFormValues) => vendorContract.update.problems(values)[0] ?? null;

const filled: VendorFormValues = {
  ...emptyVendorValues(),
  name: 'Konkan Cement Depot',
  contactPerson: 'Suresh Kadam',
  phoneNumber: '9822098220',
  email: 'sales@konkan.example',
  address: 'MIDC Chiplun',
  paymentTerms: '45',
};

describe('a phone number pasted with a country code or spaces on the vendor form', () => {
  it.each(['+91-98765 43210', '+91 98765 43210', '098765 43210', '91 9876543210'])(
    '%s becomes the 10-digit mobile, not the first ten digits',
    (pasted) => {
      expect(sanitize.phone(pasted)).toBe('9876543210');
    },
  );

  it('keeps ten digits at most, as the field allows no more (SPEC §5; decision 0039)', () => {
    expect(sanitize.phone('98765 432101')).toBe('9876543210');
    expect(validateCreate({ ...filled, phoneNumber: sanitize.phone('98765 4321') })).toEqual({
      field: 'phoneNumber',
      message: 'Enter a valid 10-digit phone number.',
    });
  });
});

describe("the vendor's alternate phone", () => {
  it.each([
    ['020-2567 8901', '02025678901'],
    ['022 2345 6789', '02223456789'],
    ['+91 98765 43210', '9876543210'],
    ['', ''],
  ])('accepts %s as typed, whole, and sends it as %s', (typed, sent) => {
    const values = { ...filled, altPhoneNumber: sanitize.altPhone(typed) };
    expect(values.altPhoneNumber).toBe(typed);
    expect(validateCreate(values)).toBeNull();
    expect(validateEdit(values)).toBeNull();
    expect(valuesToBody(values).altPhoneNumber).toBe(sent);
  });

  it('refuses what is neither a mobile nor a landline', () => {
    expect(validateCreate({ ...filled, altPhoneNumber: '020-2567' })).toEqual({
      field: 'altPhoneNumber',
      message: 'Enter a valid 10-digit mobile number or a landline number with its STD code.',
    });
  });
});

describe('vendor and contact names as real names are written', () => {
  it.each([
    'Om Sai Traders & Co.',
    'Shree Ganesh Pvt. Ltd.',
    'M/s. Patil-Deshmukh (Pune)',
    'श्री गणेश ट्रेडर्स',
    'ಶ್ರೀ ಸಾಯಿ',
  ])('keeps the vendor name %s whole', (name) => {
    expect(sanitize.businessName(name)).toBe(name);
    expect(validateCreate({ ...filled, name })).toBeNull();
  });

  it.each(['श्री गणेश', 'ಶ್ರೀ ಸಾಯಿ', "Anita D'Souza", 'R. K. Patil-Deshmukh'])(
    'keeps the contact person %s whole',
    (contactPerson) => {
      expect(sanitize.personName(contactPerson)).toBe(contactPerson);
      expect(validateCreate({ ...filled, contactPerson })).toBeNull();
    },
  );

  it('still drops characters names do not carry', () => {
    expect(sanitize.businessName('Om <Sai> Traders!')).toBe('Om Sai Traders');
    expect(sanitize.personName('Suresh & Co 2')).toBe('Suresh  Co ');
  });
});

describe('the vendor form’s check, the same as the vendors service’s', () => {
  it('words create and edit as SPEC §5 does, with the edit’s toast titles', () => {
    expect(validateCreate({ ...filled, name: ' ' })).toEqual({
      field: 'name',
      message: 'Vendor name is required',
    });
    expect(validateEdit({ ...filled, name: ' ' })).toEqual({
      field: 'name',
      message: 'Vendor name is required.',
    });
    expect(validateCreate({ ...filled, email: 'anil@example' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    const edits: Array<[Partial<VendorFormValues>, string, string]> = [
      [{ name: '' }, 'Missing Field', 'Vendor name is required.'],
      [{ phoneNumber: '98220' }, 'Invalid Phone', 'Enter a valid 10-digit phone number.'],
      [{ email: 'not-an-email' }, 'Invalid Email', 'Please enter a valid email address.'],
      [{ address: ' ' }, 'Missing Address', 'Vendor address cannot be empty.'],
    ];
    for (const [patch, title, description] of edits) {
      const values = { ...filled, ...patch };
      expect(vendorEditToast(validateEdit(values)!, values)).toEqual({ title, description });
    }
  });

  it('says what the service says of a GSTIN and of payment terms', () => {
    expect(validateCreate({ ...filled, gstin: '27AAPFU0939F1Z' })).toEqual({
      field: 'gstin',
      message: 'Enter a valid 15-character GSTIN',
    });
    expect(validateCreate({ ...filled, gstin: '27AAPFU0939F1ZV' })).toBeNull();
    expect(validateEdit({ ...filled, paymentTerms: '' })).toEqual({
      field: 'paymentTerms',
      message: 'Payment terms must be a valid number of days',
    });
    expect(validateEdit({ ...filled, paymentTerms: '4000' })).toEqual({
      field: 'paymentTerms',
      message: 'Payment terms must be a valid number of days',
    });
  });
});
