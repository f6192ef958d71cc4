import type { PriceHistoryResponse } from '@erp/contracts';
import { api } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const getPriceHistory = (id: string, signal?: AbortSignal) =>
  api.get<PriceHistoryResponse>(`/items/${encodeURIComponent(id)}/priceHistory`, { signal });

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: itemKeys('price-history', id), queryFn: ({ signal }) => getPriceHistory(id, signal) });

export const usePriceHistory = (id: string) => useQuery(priceHistoryQueryOptions(id));
