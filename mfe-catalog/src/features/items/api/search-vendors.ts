import type { Vendor } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

/** What the vendor picker shows of a vendor. */
export type VendorOption = Pick<Vendor, '_id' | 'name' | 'vendorId' | 'status'>;

/** How many matches the picker lists; the user narrows the search rather than scrolling. */
const PICKER_LIMIT = 20;

/** The vendor picker searches the vendor master as the user types (ARCHITECTURE §8). */
export async function searchVendors(keyword: string, signal?: AbortSignal): Promise<VendorOption[]> {
  const response = await call(api, 'vendors.list', {
    query: { limit: PICKER_LIMIT, offset: 0, keyword: keyword.trim(), status: 'active' },
    signal,
  });
  return (response.vendors ?? response.result).map(({ _id, name, vendorId, status }) => ({
    _id,
    name,
    vendorId,
    status,
  }));
}

export const vendorSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: itemKeys('vendor-search', keyword.trim()),
    queryFn: ({ signal }) => searchVendors(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useVendorSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...vendorSearchQueryOptions(keyword), enabled });
