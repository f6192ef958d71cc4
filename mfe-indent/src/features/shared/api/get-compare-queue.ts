import type { IndentListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from './indent-keys';

/** SPEC §7 "Calls used by screens": the queues ask for 100 indents from offset 0, other filters empty. */
export const QUEUE_LIMIT = 100;

/** GET /indent?status=…&limit=100&offset=0: the indents waiting in one queue (compare or approval). */
export function getIndentQueue(
  status: 'compare' | 'approval',
  signal?: AbortSignal,
): Promise<IndentListResponse> {
  return call(api, 'indent.list', { query: { status, limit: QUEUE_LIMIT, offset: 0 }, signal });
}

/** The compare queue (/indent/compare): indents "Sent to Compare". */
export const getCompareQueue = (signal?: AbortSignal) => getIndentQueue('compare', signal);

export const compareQueueQueryOptions = () =>
  queryOptions({
    queryKey: indentKeys('list', { status: 'compare', limit: QUEUE_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getCompareQueue(signal),
  });

export const useCompareQueue = (enabled = true) => useQuery({ ...compareQueueQueryOptions(), enabled });
