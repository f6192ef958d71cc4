import { api, ApiError } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from './team-keys';

/** The fields of a project the member form's picker needs (SPEC §3 "Project"). */
export interface ProjectOption {
  _id: string;
  name: string;
  projectCode?: string;
}

export interface ProjectOptions {
  projects: ProjectOption[];
  /** False while the projects service is not deployed (GET /project answers 404). */
  available: boolean;
}

/** SPEC §7: the projects picker asks for limit 100, offset 0. */
export async function getProjectOptions(signal?: AbortSignal): Promise<ProjectOptions> {
  try {
    const response = await api.get<{ result?: ProjectOption[] }>('/project', { query: { limit: 100, offset: 0 }, signal });
    return { projects: response.result ?? [], available: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { projects: [], available: false };
    throw error;
  }
}

export const projectOptionsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys('project-options'), queryFn: ({ signal }) => getProjectOptions(signal), staleTime: 60_000 });

export const useProjectOptions = (enabled: boolean) => useQuery({ ...projectOptionsQueryOptions(), enabled });
