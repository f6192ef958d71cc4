import type { PoListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toPoListQuery, type PoListParams } from '../hooks/po-list-filters';
import { poKeys } from '../../shared/api/po-keys';

/**
 * GET /po (SPEC §7: limit, offset, vendorId, status, projectId; and the keyword and sort the lists
 * search and order by on the server). The receiving list asks status 'active' (Open and Partial).
 */
export function getPoList(params: PoListParams, signal?: AbortSignal): Promise<PoListResponse> {
  return call(api, 'po.list', { query: toPoListQuery(params), signal });
}

export const poListQueryOptions = (params: PoListParams) =>
  queryOptions({
    queryKey: poKeys('list', params),
    queryFn: ({ signal }) => getPoList(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePoList = (params: PoListParams, enabled = true) =>
  useQuery({ ...poListQueryOptions(params), enabled });
