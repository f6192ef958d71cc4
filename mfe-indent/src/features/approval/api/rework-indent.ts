import type { ReworkBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** POST /indent/rework/{id}: the Admin sends the indent back to its creator as a draft, with an overall comment. */
export const reworkIndent = (id: string, body: ReworkBody) =>
  call(api, 'indent.rework', { params: { id }, body });

export function useReworkIndent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReworkBody) => reworkIndent(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: indentKeys(),
        predicate: (q) => q.queryKey[1] !== 'compare',
      });
      queryClient.removeQueries({ queryKey: indentKeys('compare', id) });
    },
  });
}
