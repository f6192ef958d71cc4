import type { VendorListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
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
    query: { ...pageWindow(page, VENDOR_PAGE_SIZE), keyword: keyword.trim() },
    signal,
  });
}

export const useVendorList = listQueryHook(
  (params: VendorListParams) => vendorKeys('list', params),
  getVendorList,
);
