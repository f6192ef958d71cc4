import { api, call } from '@erp/sdk';
import { useQuery } from '@tanstack/react-query';
import { itemKeys } from './item-keys';

export const getImportJob = (jobId: string, signal?: AbortSignal) =>
  call(api, 'items.importJob', { params: { jobId }, signal });

/** Polls the job every second while it runs; stops once it is done or failed. */
export const useImportJob = (jobId: string | null) =>
  useQuery({
    queryKey: itemKeys('import-job', jobId),
    queryFn: ({ signal }) => getImportJob(jobId ?? '', signal),
    enabled: Boolean(jobId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 1000 : false),
  });
