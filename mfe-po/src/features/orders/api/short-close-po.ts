import type { PoResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { poKeys } from '../../shared/api/po-keys';

export interface ShortCloseInput {
  id: string;
  /** Why the rest will not be delivered (required). */
  reason: string;
  /** The version the PO was read at: a PO changed since answers 409. */
  version: number;
}

/** POST /po/{id}/short-close (an Admin): the PO closes, what is still pending is cancelled. */
export const shortClosePo = ({ id, reason, version }: ShortCloseInput): Promise<PoResponse> =>
  call(api, 'po.shortClose', { params: { id }, body: { reason: reason.trim(), version } });

/** Short-closes, then shows the closed PO at once and refreshes every PO query (the lists' statuses). */
export function useShortClosePo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shortClosePo,
    onSuccess: async ({ po }) => {
      queryClient.setQueryData(poKeys('po', po._id), po);
      await queryClient.invalidateQueries({
        queryKey: poKeys(),
        predicate: (q) => !(q.queryKey[1] === 'po' && q.queryKey[2] === po._id),
      });
    },
  });
}
