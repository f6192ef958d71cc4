import type { Member } from '@erp/contracts';
import { api } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from './team-keys';

export const getMember = (id: string, signal?: AbortSignal) =>
  api.get<Member>(`/auth/details/${encodeURIComponent(id)}`, { signal });

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys('member', id),
    queryFn: ({ signal }) => getMember(id, signal),
    // The form copies the member once; a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export const useMember = (id: string | null) => useQuery({ ...memberQueryOptions(id ?? ''), enabled: Boolean(id) });
