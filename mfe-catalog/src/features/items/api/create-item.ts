import type { CreateItemBody, ItemResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const createItem = (body: CreateItemBody) => api.post<ItemResponse>('/items', body);

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys() }),
  });
}
