import type { BoqResponse, CreateBoqBody, UpdateBoqBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { boqKeys } from '../../shared/api/boq-keys';
import { projectKeys } from '../../shared/api/project-keys';

export const createBoq = (body: CreateBoqBody) => call(api, 'boq.create', { body });

export interface UpdateBoqInput {
  id: string;
  /** Carries the version the form was loaded with; a stale one is refused with 409. */
  body: UpdateBoqBody;
}

export const updateBoq = ({ id, body }: UpdateBoqInput) => call(api, 'boq.update', { params: { id }, body });

/** After a save the answer's BOQ goes into the cache (its detail opens at once) and every BOQ query is refreshed. */
function saved(queryClient: QueryClient) {
  return async ({ boq }: BoqResponse) => {
    queryClient.setQueryData(boqKeys('boq', boq._id), boq);
    // The project's BoQ count changes too.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: boqKeys() }),
      queryClient.invalidateQueries({ queryKey: projectKeys() }),
    ]);
  };
}

export function useCreateBoq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBoq, onSuccess: saved(queryClient) });
}

export function useUpdateBoq() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBoq, onSuccess: saved(queryClient) });
}
