import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '../../shared/api/project-keys';

export const getProject = (id: string, signal?: AbortSignal) =>
  call(api, 'projects.get', { params: { id }, signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys('project', id),
    queryFn: ({ signal }) => getProject(id, signal),
  });

export const useProject = (id: string | null) =>
  useQuery({ ...projectQueryOptions(id ?? ''), enabled: Boolean(id) });
