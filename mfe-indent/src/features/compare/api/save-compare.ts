import type { CompareBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** POST /indent/compare/{id}: the purchaser's choices; status 'compare' keeps them, 'approval' sends them on. */
export const saveCompare = (id: string, body: CompareBody) =>
  call(api, 'indent.saveCompare', { params: { id }, body });

/**
 * Saves the choices. The answer's indent (new version and prices) replaces the cached compare view
 * at once; every other indent query (lists, the detail) is refreshed.
 */
export function useSaveCompare(id: string) {
  const queryClient = useQueryClient();
  const compareKey = indentKeys('compare', id);
  return useMutation({
    mutationFn: (body: CompareBody) => saveCompare(id, body),
    onSuccess: async ({ indent }) => {
      queryClient.setQueryData(compareKey, indent);
      await queryClient.invalidateQueries({
        queryKey: indentKeys(),
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(compareKey),
      });
    },
  });
}
