import { api, ApiError, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoqProjectOption } from '../hooks/boq-form-values';
import { boqKeys } from '../../shared/api/boq-keys';

const PICKER_LIMIT = 20;

/** Step 1's picker: the projects the member may see (an Employee's own), matching the keyword. */
export async function searchProjects(keyword: string, signal?: AbortSignal): Promise<BoqProjectOption[]> {
  const response = await call(api, 'projects.list', {
    query: { limit: PICKER_LIMIT, offset: 0, keyword: keyword.trim() },
    signal,
  });
  return response.result.map(({ _id, name, projectCode }) => ({ _id, name, projectCode }));
}

export const projectSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: boqKeys('project-search', keyword.trim()),
    queryFn: ({ signal }) => searchProjects(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useProjectSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...projectSearchQueryOptions(keyword), enabled });

/** The project of `?project={id}`, to start the form with it; null when it is not there or not the member's. */
export async function getProjectOption(id: string, signal?: AbortSignal): Promise<BoqProjectOption | null> {
  try {
    const { _id, name, projectCode } = await call(api, 'projects.get', { params: { id }, signal });
    return { _id, name, projectCode };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

export const useProjectOption = (id: string | null) =>
  useQuery({
    queryKey: boqKeys('project-option', id ?? ''),
    queryFn: ({ signal }) => getProjectOption(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
