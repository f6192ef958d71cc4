import { Type, type Static } from 'typebox';
import { CONTACT_PERSON_RULE } from '../names.js';
import { ALT_PHONE_MESSAGE, PHONE_INPUT_MAX, PHONE_PATTERN } from '../phone.js';
import { Actor, Paging, TotalCapped, OneOf } from './common.js';

/** Vendor status is stored lower case; the spec's variants (Active, Inactive, inActive, Blocked) are accepted on input. */
export const VENDOR_STATUSES = ['active', 'inactive', 'blocked'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VendorStatusSchema = OneOf(VENDOR_STATUSES);
export const VendorStatusInput = Type.String({
  pattern: '^(active|Active|inactive|Inactive|inActive|blocked|Blocked)$',
  errorMessage: 'Status must be Active, Inactive or Blocked',
});
export function normalizeVendorStatus(s: string): VendorStatus {
  const v = s.toLowerCase();
  return v === 'active' ? 'active' : v === 'blocked' ? 'blocked' : 'inactive';
}

/** GSTIN: 2-digit state code, 10-character PAN, entity digit, 'Z', check character (e.g. 27AAPFU0939F1ZV). */
export const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

export const Vendor = Type.Object({
  _id: Type.String(),
  vendorId: Type.String({ description: 'Display id, VEN-0001' }),
  name: Type.String(),
  contactPerson: Type.String(),
  phoneNumber: Type.String(),
  email: Type.String(),
  altPhoneNumber: Type.String(),
  altEmail: Type.String(),
  address: Type.String(),
  gstin: Type.String(),
  paymentTerms: Type.Integer({ description: 'Days' }),
  notes: Type.String(),
  status: VendorStatusSchema,
  /** Outstanding balance in rupees (vendor ledger; 0 until purchase orders exist). */
  wallet: Type.Number(),
  totalItems: Type.Integer({ description: 'Active item prices in the item master' }),
  totalPO: Type.Integer(),
  openPO: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  createdBy: Actor,
  version: Type.Integer(),
});
export type Vendor = Static<typeof Vendor>;

/**
 * Names in any script with the punctuation real names carry (decision 0010); the service trims
 * first, then checks. The alternate phone may be a landline with its STD code; typed forms
 * ("020-2567 8901", "+91 98765 43210") are normalised by the service (normalizeAltPhone).
 */
const person = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: "^[\\p{L}\\p{M} .'’-]+$",
  errorMessage: CONTACT_PERSON_RULE,
});
const phone = (msg: string) => Type.String({ pattern: PHONE_PATTERN, errorMessage: msg });
const optionalPhone = Type.String({
  maxLength: PHONE_INPUT_MAX,
  pattern: '^[0-9+\\s\\-.()]*$',
  errorMessage: ALT_PHONE_MESSAGE,
});
const email = Type.String({ maxLength: 200, errorMessage: 'Please enter a valid email address' });

const vendorFields = {
  name: Type.String({ maxLength: 120, errorMessage: 'Vendor name is required' }),
  contactPerson: person,
  phoneNumber: phone('Enter a valid 10-digit phone number.'),
  email,
  altPhoneNumber: Type.Optional(optionalPhone),
  altEmail: Type.Optional(
    Type.String({ maxLength: 200, errorMessage: 'Please enter a valid email address' }),
  ),
  address: Type.String({ maxLength: 500, errorMessage: 'Vendor address cannot be empty.' }),
  /** Checked against GSTIN_PATTERN after trimming and upper-casing; empty means none. */
  gstin: Type.Optional(Type.String({ maxLength: 20, errorMessage: 'Enter a valid 15-character GSTIN' })),
  paymentTerms: Type.Integer({
    minimum: 0,
    maximum: 3650,
    errorMessage: 'Payment terms must be a valid number of days',
  }),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
  status: Type.Optional(VendorStatusInput),
};

export const CreateVendorBody = Type.Object(vendorFields, { additionalProperties: false });
export type CreateVendorBody = Static<typeof CreateVendorBody>;

/** SPEC §5 "Vendor edit" words two messages with a full stop, unlike "Vendor create". */
const editFields = {
  ...vendorFields,
  name: Type.String({ maxLength: 120, errorMessage: 'Vendor name is required.' }),
  email: Type.String({ maxLength: 200, errorMessage: 'Please enter a valid email address.' }),
  altEmail: Type.Optional(
    Type.String({ maxLength: 200, errorMessage: 'Please enter a valid email address.' }),
  ),
};

export const UpdateVendorBody = Type.Object(
  {
    ...Type.Partial(Type.Object(editFields)).properties,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateVendorBody = Static<typeof UpdateVendorBody>;

export const VendorListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  Keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|active|Active|inactive|Inactive|inActive|blocked|Blocked|)$',
      errorMessage: 'Status must be all, active, inactive or blocked',
    }),
  ),
});
export type VendorListQuery = Static<typeof VendorListQuery>;

/** SPEC §7: vendors and totalVendor, also read as result and total; totalCapped when the count stopped at its cap. */
export const VendorListResponse = Type.Object({
  vendors: Type.Array(Vendor),
  totalVendor: Type.Integer(),
  result: Type.Array(Vendor),
  total: Type.Integer(),
  totalCapped: TotalCapped,
});
export type VendorListResponse = Static<typeof VendorListResponse>;

export const VendorResponse = Type.Object({ message: Type.String(), vendor: Vendor });
export type VendorResponse = Static<typeof VendorResponse>;
