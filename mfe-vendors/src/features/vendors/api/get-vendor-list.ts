import type { VendorListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

/** SPEC §9: vendor lists load 100 at a time; further pages come from the server (ARCHITECTURE §8). */
export const VENDOR_PAGE_SIZE = 100;

export interface VendorListParams {
  page: number;
  keyword: string;
}

export function getVendorList(
  { page, keyword }: VendorListParams,
  signal?: AbortSignal,
): Promise<VendorListResponse> {
  return call(api, 'vendors.list', {
    query: { limit: VENDOR_PAGE_SIZE, offset: (page - 1) * VENDOR_PAGE_SIZE, keyword: keyword.trim() },
    signal,
  });
}

export const vendorListQueryOptions = (params: VendorListParams) =>
  queryOptions({
    queryKey: vendorKeys('list', params),
    queryFn: ({ signal }) => getVendorList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useVendorList = (params: VendorListParams, enabled = true) =>
  useQuery({ ...vendorListQueryOptions(params), enabled });
