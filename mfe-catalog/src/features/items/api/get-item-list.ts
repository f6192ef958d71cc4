import type { ItemListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
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
    query: { ...pageWindow(page, ITEM_PAGE_SIZE), keyword: keyword.trim() },
    signal,
  });
}

export const useItemList = listQueryHook((params: ItemListParams) => itemKeys('list', params), getItemList);
