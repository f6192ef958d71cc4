import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const getItem = (id: string, signal?: AbortSignal) =>
  call(api, 'items.get', { params: { id }, signal });

export const itemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys('item', id),
    queryFn: ({ signal }) => getItem(id, signal),
    // The form copies the item once; a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export const useItem = (id: string | null) =>
  useQuery({ ...itemQueryOptions(id ?? ''), enabled: Boolean(id) });
