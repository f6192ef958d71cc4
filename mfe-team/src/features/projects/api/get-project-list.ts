import type { ProjectListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '../../shared/api/project-keys';

/** SPEC §9: the project list loads 100 at a time. */
export const PROJECT_PAGE_SIZE = 100;

/** The list's status chips (SPEC §2 "Projects"); 'active' is the service's word for in progress. */
export type ProjectStatusFilter = 'planning' | 'active' | 'onHold' | 'completed';

export interface ProjectListParams {
  page: number;
  keyword: string;
  /** No chip chosen: every status. */
  status: ProjectStatusFilter | null;
}

export function getProjectList(
  { page, keyword, status }: ProjectListParams,
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  return call(api, 'projects.list', {
    query: {
      limit: PROJECT_PAGE_SIZE,
      offset: (page - 1) * PROJECT_PAGE_SIZE,
      keyword: keyword.trim(),
      status: status ?? undefined,
    },
    signal,
  });
}

export const projectListQueryOptions = (params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys('list', params),
    queryFn: ({ signal }) => getProjectList(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useProjectList = (params: ProjectListParams, enabled = true) =>
  useQuery({ ...projectListQueryOptions(params), enabled });
