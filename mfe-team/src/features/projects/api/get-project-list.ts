import type { ProjectListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
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
      ...pageWindow(page, PROJECT_PAGE_SIZE),
      keyword: keyword.trim(),
      status: status ?? undefined,
    },
    signal,
  });
}

export const useProjectList = listQueryHook(
  (params: ProjectListParams) => projectKeys('list', params),
  getProjectList,
);
