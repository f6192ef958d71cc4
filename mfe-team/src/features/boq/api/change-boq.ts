import { api, call, saveFile } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '../../shared/api/project-keys';
import { boqKeys } from '../../shared/api/boq-keys';

/** DELETE /boq/{id}: a draft only (the service refuses a confirmed one with 409). */
export const removeBoq = (id: string) => call(api, 'boq.remove', { params: { id } });

/** POST /boq/{id}/revise: a confirmed BOQ becomes a new draft revision (the confirmed one stays in force). */
export const reviseBoq = (id: string) => call(api, 'boq.revise', { params: { id } });

/** GET /boq/{id}/export: the server builds the spreadsheet; the browser saves it under the server's name. */
export async function exportBoq({ id, boqId }: { id: string; boqId: string }): Promise<void> {
  const file = await call(api, 'boq.export', { params: { id }, fallbackName: `${boqId || 'boq'}.xlsx` });
  saveFile(file);
}

/** After a change every BOQ query is refreshed (but `except`), and the projects' (their BoQ counts). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (except?: readonly unknown[]) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: boqKeys(),
        predicate: (query) => !except || JSON.stringify(query.queryKey) !== JSON.stringify(except),
      }),
      queryClient.invalidateQueries({ queryKey: projectKeys() }),
    ]);
}

/**
 * Deletes a draft. Its own page's query is not refreshed (it would say 'not found' while the page
 * leaves); `useForgetBoq` drops it from the cache once the page is gone.
 */
export function useRemoveBoq() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removeBoq, onSuccess: (_answer, id) => refresh(boqKeys('boq', id)) });
}

export function useForgetBoq() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.removeQueries({ queryKey: boqKeys('boq', id), exact: true });
}

export function useReviseBoq() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseBoq,
    onSuccess: async ({ boq }) => {
      queryClient.setQueryData(boqKeys('boq', boq._id), boq);
      await refresh();
    },
  });
}

export const useExportBoq = () => useMutation({ mutationFn: exportBoq });
