import type { VendorAccountsResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook } from '@erp/ui/remote';
import { toAccountsQuery, type AccountsParams } from '../hooks/ledger-filters';
import { ledgerKeys } from './ledger-keys';

/**
 * GET /vendorTransaction (SPEC §7: limit, offset, keyword; with the §9 sort): each vendor's status,
 * outstanding, paid, credit notes, last activity and open overbilling cases, and the open cases
 * across every vendor (the queue button's count).
 */
export function getVendorAccounts(
  params: AccountsParams,
  signal?: AbortSignal,
): Promise<VendorAccountsResponse> {
  return call(api, 'ledger.accounts', { query: toAccountsQuery(params), signal });
}

export const useVendorAccounts = listQueryHook(
  (params: AccountsParams) => ledgerKeys('accounts', params),
  getVendorAccounts,
);
