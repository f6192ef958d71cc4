import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/team-keys';

export const getMember = (id: string, signal?: AbortSignal) =>
  call(api, 'team.get', { params: { id }, signal });

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys('member', id),
    queryFn: ({ signal }) => getMember(id, signal),
    // The form copies the member once; a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

export const useMember = (id: string | null) =>
  useQuery({ ...memberQueryOptions(id ?? ''), enabled: Boolean(id) });
