import type { CreateProjectBody, ProjectResponse, UpdateProjectBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/team-keys';
import { projectKeys } from '../../shared/api/project-keys';

export const createProject = (body: CreateProjectBody) => call(api, 'projects.create', { body });

export interface UpdateProjectInput {
  id: string;
  /** Carries the version the form was loaded with; a stale one is refused with 409. */
  body: UpdateProjectBody;
}

export const updateProject = ({ id, body }: UpdateProjectInput) =>
  call(api, 'projects.update', { params: { id }, body });

/**
 * After a save: the answer's project (its employees as requested, decision 0015) goes into the cache
 * at once, every project query is refreshed, and so are the members, whose projects the save changed.
 */
function saved(queryClient: QueryClient) {
  return async ({ project }: ProjectResponse) => {
    queryClient.setQueryData(projectKeys('project', project._id), project);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys() }),
      queryClient.invalidateQueries({ queryKey: teamKeys() }),
    ]);
  };
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: saved(queryClient) });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProject, onSuccess: saved(queryClient) });
}
