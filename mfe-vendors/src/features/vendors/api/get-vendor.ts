import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorKeys } from '../../shared/api/vendor-keys';

export const getVendor = (id: string, signal?: AbortSignal) =>
  call(api, 'vendors.get', { params: { id }, signal });

export const vendorQueryOptions = (id: string) =>
  queryOptions({ queryKey: vendorKeys('vendor', id), queryFn: ({ signal }) => getVendor(id, signal) });

export const useVendor = (id: string | null) =>
  useQuery({ ...vendorQueryOptions(id ?? ''), enabled: Boolean(id) });
