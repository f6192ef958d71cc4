import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vendorKeys } from './vendor-keys';

export type VendorItemSort = 'itemName' | 'price' | 'moq' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';
export type VendorItemStatus = 'all' | 'active' | 'inactive';

export interface VendorItemsParams {
  keyword: string;
  status: VendorItemStatus;
  sort: VendorItemSort;
  order: SortOrder;
}

/** The items this vendor prices (served by the catalog service). */
export function getVendorItems(vendorId: string, { keyword, status, sort, order }: VendorItemsParams, signal?: AbortSignal) {
  return call(api, 'items.ofVendor', {
    params: { vendorId },
    query: { keyword: keyword.trim(), status: status === 'all' ? undefined : status, sort, order },
    signal,
  });
}

export const vendorItemsQueryOptions = (vendorId: string, params: VendorItemsParams) =>
  queryOptions({
    queryKey: vendorKeys('items', vendorId, params),
    queryFn: ({ signal }) => getVendorItems(vendorId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useVendorItems = (vendorId: string, params: VendorItemsParams) => useQuery(vendorItemsQueryOptions(vendorId, params));
