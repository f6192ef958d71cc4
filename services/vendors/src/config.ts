/**
 * The buying company as a statement of account names it: COMPANY_NAME, COMPANY_ADDRESS and
 * COMPANY_GSTIN, as the printed PO reads them (services/po/src/config.ts); unset, an example
 * contractor's (a mid-size contractor in Maharashtra).
 */
export interface Company {
  name: string;
  address: string;
  gstin: string;
}

export function companyProfile(env: NodeJS.ProcessEnv = process.env): Company {
  const text = (key: string, fallback: string) => (env[key] ?? '').trim() || fallback;
  return {
    name: text('COMPANY_NAME', 'Shree Ganesh Constructions Pvt Ltd'),
    address: text('COMPANY_ADDRESS', 'Plot 14, MIDC Industrial Area, Bhosari, Pune, Maharashtra 411026'),
    gstin: text('COMPANY_GSTIN', '27AAPFU0939F1ZV'),
  };
}
