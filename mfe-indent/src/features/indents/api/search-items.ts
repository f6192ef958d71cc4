import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** An item of the item master as a line holds it. */
export interface ItemOption {
  _id: string;
  name: string;
  unit: string;
}

/** SPEC §7: the items picker asks limit 100, offset 0; the active items matching what is typed. */
export const ITEM_PICKER_LIMIT = 100;

export async function searchItems(keyword: string, signal?: AbortSignal): Promise<ItemOption[]> {
  const response = await call(api, 'items.list', {
    query: { limit: ITEM_PICKER_LIMIT, offset: 0, keyword: keyword.trim() || undefined, status: 'active' },
    signal,
  });
  return response.result.map(({ _id, name, unit }) => ({ _id, name, unit }));
}

export const itemSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: indentKeys('item-search', keyword.trim()),
    queryFn: ({ signal }) => searchItems(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useItemSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...itemSearchQueryOptions(keyword), enabled });
