import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { poKeys } from '../../shared/api/po-keys';

/** A project as the filter offers it: code and name. */
export interface ProjectOption {
  _id: string;
  name: string;
  projectCode: string;
}

/** A vendor as the filter offers it. */
export interface VendorOption {
  _id: string;
  name: string;
}

/** SPEC §7: the projects picker asks limit 100, offset 0 (an Employee gets their own projects). */
export async function getProjectOptions(signal?: AbortSignal): Promise<ProjectOption[]> {
  const response = await call(api, 'projects.list', { query: { limit: 100, offset: 0 }, signal });
  return response.result.map(({ _id, name, projectCode }) => ({ _id, name, projectCode }));
}

/** The vendor master's first 100 (SPEC §9: pickers load limit 100, offset 0), every status: a blocked vendor's POs are still listed. */
export async function getVendorOptions(signal?: AbortSignal): Promise<VendorOption[]> {
  const response = await call(api, 'vendors.list', {
    query: { limit: 100, offset: 0, status: 'all' },
    signal,
  });
  return response.result.map(({ _id, name }) => ({ _id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: poKeys('project-options'),
    queryFn: ({ signal }) => getProjectOptions(signal),
    staleTime: 60_000,
  });

export const vendorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: poKeys('vendor-options'),
    queryFn: ({ signal }) => getVendorOptions(signal),
    staleTime: 60_000,
  });

export const useProjectOptions = (enabled = true) => useQuery({ ...projectOptionsQueryOptions(), enabled });
export const useVendorOptions = (enabled = true) => useQuery({ ...vendorOptionsQueryOptions(), enabled });
