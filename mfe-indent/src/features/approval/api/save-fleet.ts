import type { FleetBody, IndentCompare } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** PUT /indent/fleet/{id}: one vendor's fleet (transport) cost on this indent; answers every vendor's fleet. */
export const saveFleet = (id: string, body: FleetBody) => call(api, 'indent.fleet', { params: { id }, body });

/** Saves a vendor's fleet cost; the cached compare view takes the answer's fleet, so the preview's totals follow. */
export function useSaveFleet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FleetBody) => saveFleet(id, body),
    onSuccess: ({ fleet }) => {
      queryClient.setQueryData<IndentCompare>(indentKeys('compare', id), (indent) =>
        indent ? { ...indent, fleet } : indent,
      );
    },
  });
}
