import type { UpdateItemBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export interface UpdateItemInput {
  id: string;
  /** The full list of vendor prices and the version the form was loaded with (stale: 409). */
  body: UpdateItemBody;
}

export const updateItem = ({ id, body }: UpdateItemInput) =>
  call(api, 'items.update', { params: { id }, body });

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys() }),
  });
}
