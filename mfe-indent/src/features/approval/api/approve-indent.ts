import type { ApprovalBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** POST /indent/approval/{id}: the approver's vendor and locked unit price per item; status 'approved' generates the POs. */
export const approveIndent = (id: string, body: ApprovalBody) =>
  call(api, 'indent.approve', { params: { id }, body });

/** Approves; every indent query is refreshed (the queues lose it, the detail shows its POs). */
export function useApproveIndent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalBody) => approveIndent(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: indentKeys(),
        predicate: (q) => q.queryKey[1] !== 'compare',
      });
      queryClient.removeQueries({ queryKey: indentKeys('compare', id) });
    },
  });
}
