import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boqKeys } from './boq-keys';

/** GET /boq/{id}: the BOQ with its lines (planned, consumed, balance) and its revisions. */
export const getBoq = (id: string, signal?: AbortSignal) => call(api, 'boq.get', { params: { id }, signal });

export const boqQueryOptions = (id: string) =>
  queryOptions({
    queryKey: boqKeys('boq', id),
    queryFn: ({ signal }) => getBoq(id, signal),
  });

export const useBoq = (id: string) => useQuery({ ...boqQueryOptions(id), enabled: Boolean(id) });
