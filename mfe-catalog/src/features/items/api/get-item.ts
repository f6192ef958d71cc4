import type { Item } from '@erp/contracts';
import { api } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const getItem = (id: string, signal?: AbortSignal) => api.get<Item>(`/items/${encodeURIComponent(id)}`, { signal });

export const itemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys('item', id),
    queryFn: ({ signal }) => getItem(id, signal),
    // The form copies the item once; a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export const useItem = (id: string | null) => useQuery({ ...itemQueryOptions(id ?? ''), enabled: Boolean(id) });
