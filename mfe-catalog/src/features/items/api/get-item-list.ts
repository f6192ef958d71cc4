import type { ItemListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

/** SPEC §9: item lists load 100 at a time; more pages are fetched from the server (ARCHITECTURE §8). */
export const ITEM_PAGE_SIZE = 100;

export interface ItemListParams {
  page: number;
  keyword: string;
}

export function getItemList(
  { page, keyword }: ItemListParams,
  signal?: AbortSignal,
): Promise<ItemListResponse> {
  return call(api, 'items.list', {
    query: { limit: ITEM_PAGE_SIZE, offset: (page - 1) * ITEM_PAGE_SIZE, keyword: keyword.trim() },
    signal,
  });
}

export const itemListQueryOptions = (params: ItemListParams) =>
  queryOptions({
    queryKey: itemKeys('list', params),
    queryFn: ({ signal }) => getItemList(params, signal),
    // Keep the current rows on screen while the next search loads.
    placeholderData: keepPreviousData,
  });

export const useItemList = (params: ItemListParams, enabled = true) =>
  useQuery({ ...itemListQueryOptions(params), enabled });
