import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const getPriceHistory = (id: string, signal?: AbortSignal) =>
  call(api, 'items.priceHistory', { params: { id }, signal });

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys('price-history', id),
    queryFn: ({ signal }) => getPriceHistory(id, signal),
  });

export const usePriceHistory = (id: string) => useQuery(priceHistoryQueryOptions(id));
