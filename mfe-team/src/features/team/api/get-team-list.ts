import type { TeamListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/team-keys';

/** SPEC §9: team list page size 10. */
export const TEAM_PAGE_SIZE = 10;

/** The list filter values the API takes (SPEC §2: all, active, inActive). */
export type TeamStatusFilter = 'all' | 'active' | 'inActive';

export interface TeamListParams {
  page: number;
  keyword: string;
  status: TeamStatusFilter;
}

export function getTeamList(
  { page, keyword, status }: TeamListParams,
  signal?: AbortSignal,
): Promise<TeamListResponse> {
  return call(api, 'team.list', {
    query: { limit: TEAM_PAGE_SIZE, offset: (page - 1) * TEAM_PAGE_SIZE, keyword: keyword.trim(), status },
    signal,
  });
}

export const teamListQueryOptions = (params: TeamListParams) =>
  queryOptions({
    queryKey: teamKeys('list', params),
    queryFn: ({ signal }) => getTeamList(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTeamList = (params: TeamListParams, enabled = true) =>
  useQuery({ ...teamListQueryOptions(params), enabled });
