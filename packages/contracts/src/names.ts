/**
 * Names as people and businesses write them (decision 0010): letters of any script with their
 * combining marks (Devanagari, Kannada, Tamil… need the marks: "श्री", "ಶ್ರೀ"), and the punctuation
 * real names carry. SPEC §5 says "letters and spaces only"; that loses "Om Sai Traders & Co." and
 * every name not written in A-Z, so it is widened here, for the forms and the services alike.
 *
 * The patterns are JSON-schema `pattern`s as well: they use \p{…}, which needs the `u` flag; ajv
 * compiles patterns with it (its `unicodeRegExp` option, on by default).
 */

/** A person: letters, marks, spaces, '.', apostrophe, '-'; at least one letter. "Sai Kiran D'Souza", "श्री गणेश". */
export const PERSON_NAME_PATTERN = "^(?=.*\\p{L})[\\p{L}\\p{M} .'’-]+$";
/** A business: a person's characters plus digits, ',', '&', '/', '(', ')'; at least one letter or digit. "M/s. Patil-Deshmukh (Pune)". */
export const BUSINESS_NAME_PATTERN = "^(?=.*[\\p{L}\\p{Nd}])[\\p{L}\\p{M}\\p{Nd} .,&'’/()-]+$";

export const PERSON_NAME_RULE = 'letters, spaces, full stops, apostrophes and hyphens only';
export const BUSINESS_NAME_RULE = "letters, digits, spaces and . , & ' - / ( ) only";

/** The vendor form's and the vendors service's messages for a name that breaks the rule. */
export const VENDOR_NAME_RULE = `Vendor name can contain ${BUSINESS_NAME_RULE}`;
export const CONTACT_PERSON_RULE = `Contact person can contain ${PERSON_NAME_RULE}`;
/** The team form's and the auth service's. */
export const MEMBER_NAME_RULE = `Name can contain ${PERSON_NAME_RULE}`;

const PERSON_NAME = new RegExp(PERSON_NAME_PATTERN, 'u');
const BUSINESS_NAME = new RegExp(BUSINESS_NAME_PATTERN, 'u');

export const isPersonName = (value: string): boolean => PERSON_NAME.test(value);
export const isBusinessName = (value: string): boolean => BUSINESS_NAME.test(value);

/** The name field's filter while typing: drops what a person's name cannot hold, keeps every script. */
export const sanitizePersonName = (raw: string): string => raw.replace(/[^\p{L}\p{M} .'’-]+/gu, '');
/** The business name field's filter while typing. */
export const sanitizeBusinessName = (raw: string): string =>
  raw.replace(/[^\p{L}\p{M}\p{Nd} .,&'’/()-]+/gu, '');
