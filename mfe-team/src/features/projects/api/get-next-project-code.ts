import { api, call } from '@erp/sdk';
import { useQuery } from '@tanstack/react-query';
import { projectKeys } from '../../shared/api/project-keys';

/** The next free code (PRJ-0003), suggested on the create form; the user may change it. */
export const getNextProjectCode = (signal?: AbortSignal) => call(api, 'projects.nextCode', { signal });

export const useNextProjectCode = (enabled: boolean) =>
  useQuery({
    queryKey: projectKeys('next-code'),
    queryFn: ({ signal }) => getNextProjectCode(signal),
    enabled,
    // Asked once per visit to the create form: another user may have taken the last one meanwhile.
    staleTime: 0,
    gcTime: 0,
  });
