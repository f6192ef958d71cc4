import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export type VendorItemSort = 'itemName' | 'price' | 'moq' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';
export type VendorItemStatus = 'all' | 'active' | 'inactive';

/**
 * Linked items load 500 at a time, the most the catalog answers at once: every item of almost any
 * vendor is on one page (the table is virtualised), and a longer list gets a pager.
 */
export const VENDOR_ITEMS_PAGE_SIZE = 500;

export interface VendorItemsParams {
  keyword: string;
  status: VendorItemStatus;
  sort: VendorItemSort;
  order: SortOrder;
  /** 1 when left out. */
  page?: number;
}

/** The items this vendor prices (served by the catalog service). */
export function getVendorItems(
  vendorId: string,
  { keyword, status, sort, order, page = 1 }: VendorItemsParams,
  signal?: AbortSignal,
) {
  return call(api, 'items.ofVendor', {
    params: { vendorId },
    query: {
      keyword: keyword.trim(),
      status: status === 'all' ? undefined : status,
      sort,
      order,
      limit: VENDOR_ITEMS_PAGE_SIZE,
      offset: (page - 1) * VENDOR_ITEMS_PAGE_SIZE,
    },
    signal,
  });
}

export const vendorItemsQueryOptions = (vendorId: string, params: VendorItemsParams) =>
  queryOptions({
    queryKey: vendorKeys('items', vendorId, params),
    queryFn: ({ signal }) => getVendorItems(vendorId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useVendorItems = (vendorId: string, params: VendorItemsParams) =>
  useQuery(vendorItemsQueryOptions(vendorId, params));
