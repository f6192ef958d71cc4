import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoqItemOption } from '../hooks/boq-form-values';
import { boqKeys } from '../../shared/api/boq-keys';

/** How many matches the picker lists; the user narrows the search rather than scrolling. */
const PICKER_LIMIT = 20;

/** The item picker of a BOQ line searches the active items of the item master as the user types (ARCHITECTURE §8). */
export async function searchItems(keyword: string, signal?: AbortSignal): Promise<BoqItemOption[]> {
  const response = await call(api, 'items.list', {
    query: { limit: PICKER_LIMIT, offset: 0, keyword: keyword.trim(), status: 'active' },
    signal,
  });
  return response.result.map(({ _id, name, unit }) => ({ _id, name, unit }));
}

export const itemSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: boqKeys('item-search', keyword.trim()),
    queryFn: ({ signal }) => searchItems(keyword, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useItemSearch = (keyword: string, enabled: boolean) =>
  useQuery({ ...itemSearchQueryOptions(keyword), enabled });
