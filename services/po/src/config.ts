import { envInt } from '@erp/service-kit';

/**
 * The buying company as a printed PO names it (name, address, GSTIN, contacts) and the terms printed
 * under the lines: set per deployment with COMPANY_NAME, COMPANY_ADDRESS, COMPANY_GSTIN,
 * COMPANY_PHONE, COMPANY_EMAIL and PO_TERMS (terms separated by "|"). Unset, they are an example
 * contractor's (a mid-size contractor in Maharashtra), so a PO printed before they are set still
 * reads as a believable one.
 */
export interface CompanyProfile {
  name: string;
  address: string;
  gstin: string;
  phone: string;
  email: string;
  terms: string[];
}

/** The example contractor's profile: what each setting left unset falls back to. */
const DEFAULT: CompanyProfile = {
  name: 'Shree Ganesh Constructions Pvt Ltd',
  address: 'Plot 14, MIDC Industrial Area, Bhosari, Pune, Maharashtra 411026',
  gstin: '27AAPFU0939F1ZV',
  phone: '+91 98220 12345',
  email: 'purchase@sgcpl.in',
  terms: [
    'Deliver to the site named above between 9 am and 6 pm, quoting this PO number on the delivery challan and the invoice.',
    'Payment within 30 days of receipt of the goods and a correct tax invoice.',
    'Material must conform to the relevant IS codes; test certificates to accompany each consignment.',
    'Goods found damaged or short on receipt will be returned at the vendor’s cost.',
  ],
};

export function companyProfile(env: NodeJS.ProcessEnv = process.env): CompanyProfile {
  const text = (key: string, fallback: string) => (env[key] ?? '').trim() || fallback;
  const terms = (env.PO_TERMS ?? '')
    .split('|')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    name: text('COMPANY_NAME', DEFAULT.name),
    address: text('COMPANY_ADDRESS', DEFAULT.address),
    gstin: text('COMPANY_GSTIN', DEFAULT.gstin),
    phone: text('COMPANY_PHONE', DEFAULT.phone),
    email: text('COMPANY_EMAIL', DEFAULT.email),
    terms: terms.length > 0 ? terms : DEFAULT.terms,
  };
}

/** PO_PHOTOS_PER_HOUR: invoice photos a member may upload in an hour that no receipt names yet (default 30). */
export function unattachedPhotosPerHour(env: NodeJS.ProcessEnv = process.env): number {
  return envInt(env, 'PO_PHOTOS_PER_HOUR', 30, 1);
}
