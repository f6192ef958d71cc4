import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** A project as the filter and the form offer it: code and name. */
export interface ProjectOption {
  _id: string;
  name: string;
  projectCode: string;
}

/** SPEC §7: the projects picker asks limit 100, offset 0 (an Employee gets their own projects). */
export async function getProjectOptions(signal?: AbortSignal): Promise<ProjectOption[]> {
  const response = await call(api, 'projects.list', { query: { limit: 100, offset: 0 }, signal });
  return response.result.map(({ _id, name, projectCode }) => ({ _id, name, projectCode }));
}

export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: indentKeys('project-options'),
    queryFn: ({ signal }) => getProjectOptions(signal),
    staleTime: 60_000,
  });

export const useProjectOptions = (enabled = true) => useQuery({ ...projectOptionsQueryOptions(), enabled });
