import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { poKeys } from './po-keys';

/** GET /po/{id}: the PO with its lines (ordered, received, cancelled, pending) and receipts. */
export const getPo = (id: string, signal?: AbortSignal) => call(api, 'po.get', { params: { id }, signal });

export const poQueryOptions = (id: string) =>
  queryOptions({
    queryKey: poKeys('po', id),
    queryFn: ({ signal }) => getPo(id, signal),
  });

export const usePo = (id: string, enabled = true) =>
  useQuery({ ...poQueryOptions(id), enabled: enabled && Boolean(id) });
