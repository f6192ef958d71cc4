import type { BoqItemBalance } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** A BOQ an indent may draw on: its number and name. */
export interface BoqOption {
  _id: string;
  boqId: string;
  name: string;
}

/** The project's confirmed BOQs (an indent draws on the revision in force), limit 100 as the spec's pickers ask. */
export async function getBoqOptions(projectId: string, signal?: AbortSignal): Promise<BoqOption[]> {
  const response = await call(api, 'boq.list', {
    query: { limit: 100, offset: 0, projectId, status: 'confirmed' },
    signal,
  });
  return response.result.map(({ _id, boqId, name }) => ({ _id, boqId, name }));
}

export const boqOptionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: indentKeys('boq-options', projectId),
    queryFn: ({ signal }) => getBoqOptions(projectId, signal),
    staleTime: 60_000,
  });

export const useBoqOptions = (projectId: string | null) =>
  useQuery({ ...boqOptionsQueryOptions(projectId ?? ''), enabled: Boolean(projectId) });

/** GET /boq/items/{id}: the BOQ's lines with planned, consumed and balance quantities. */
export async function getBoqBalances(boqId: string, signal?: AbortSignal): Promise<BoqItemBalance[]> {
  return (await call(api, 'boq.items', { params: { id: boqId }, signal })).result;
}

export const boqBalancesQueryOptions = (boqId: string) =>
  queryOptions({
    queryKey: indentKeys('boq-balances', boqId),
    queryFn: ({ signal }) => getBoqBalances(boqId, signal),
    staleTime: 30_000,
  });

export const useBoqBalances = (boqId: string | null) =>
  useQuery({ ...boqBalancesQueryOptions(boqId ?? ''), enabled: Boolean(boqId) });
