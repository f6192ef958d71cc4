import type { CreateItemBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const createItem = (body: CreateItemBody) => call(api, 'items.create', { body });

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys() }),
  });
}
