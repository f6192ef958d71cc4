import type { OverbillListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toOverbillQuery, type OverbillParams } from '../hooks/ledger-filters';
import { ledgerKeys } from './ledger-keys';

/** GET /vendorTransaction/overbilling: the overbilling cases of a status (Open by default), across vendors or of one. */
export function getOverbilling(params: OverbillParams, signal?: AbortSignal): Promise<OverbillListResponse> {
  return call(api, 'ledger.overbilling', { query: toOverbillQuery(params), signal });
}

export const overbillingQueryOptions = (params: OverbillParams) =>
  queryOptions({
    queryKey: ledgerKeys('overbilling', params),
    queryFn: ({ signal }) => getOverbilling(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOverbilling = (params: OverbillParams, enabled = true) =>
  useQuery({ ...overbillingQueryOptions(params), enabled });
