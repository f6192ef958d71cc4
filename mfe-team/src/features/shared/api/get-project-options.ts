import { api, ApiError, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from './project-keys';

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
    const response = await call(api, 'projects.list', { query: { limit: 100, offset: 0 }, signal });
    return {
      projects: response.result.map(({ _id, name, projectCode }) => ({ _id, name, projectCode })),
      available: true,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { projects: [], available: false };
    throw error;
  }
}

// Under the projects' keys: a project saved on the project form shows in the member form's picker.
export const projectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys('options'),
    queryFn: ({ signal }) => getProjectOptions(signal),
    staleTime: 60_000,
  });

export const useProjectOptions = (enabled: boolean) => useQuery({ ...projectOptionsQueryOptions(), enabled });
