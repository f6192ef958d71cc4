import type { OverbillListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook } from '@erp/ui/remote';
import { toOverbillQuery, type OverbillParams } from '../hooks/ledger-filters';
import { ledgerKeys } from './ledger-keys';

/** GET /vendorTransaction/overbilling: the overbilling cases of a status (Open by default), across vendors or of one. */
export function getOverbilling(params: OverbillParams, signal?: AbortSignal): Promise<OverbillListResponse> {
  return call(api, 'ledger.overbilling', { query: toOverbillQuery(params), signal });
}

export const useOverbilling = listQueryHook(
  (params: OverbillParams) => ledgerKeys('overbilling', params),
  getOverbilling,
);
