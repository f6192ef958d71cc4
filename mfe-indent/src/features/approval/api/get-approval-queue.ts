import { queryOptions, useQuery } from '@tanstack/react-query';
import { getIndentQueue, QUEUE_LIMIT } from '../../shared/api/get-compare-queue';
import { indentKeys } from '../../shared/api/indent-keys';

/** The approval queue (/indent/approval): GET /indent?status=approval&limit=100&offset=0. */
export const getApprovalQueue = (signal?: AbortSignal) => getIndentQueue('approval', signal);

export const approvalQueueQueryOptions = () =>
  queryOptions({
    queryKey: indentKeys('list', { status: 'approval', limit: QUEUE_LIMIT, offset: 0 }),
    queryFn: ({ signal }) => getApprovalQueue(signal),
  });

export const useApprovalQueue = (enabled = true) => useQuery({ ...approvalQueueQueryOptions(), enabled });
