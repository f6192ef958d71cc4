import type { TeamListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
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
    query: { ...pageWindow(page, TEAM_PAGE_SIZE), keyword: keyword.trim(), status },
    signal,
  });
}

export const useTeamList = listQueryHook((params: TeamListParams) => teamKeys('list', params), getTeamList);
