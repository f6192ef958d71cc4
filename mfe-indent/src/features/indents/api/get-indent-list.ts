import type { IndentListResponse, IndentStatus } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
import { indentKeys } from '../../shared/api/indent-keys';

/** SPEC §9: the indent list asks 10 at a time. */
export const INDENT_PAGE_SIZE = 10;

/** SPEC §2 "Indent list": the sort filter's choices (All, Last Updated, Created Date). */
export type IndentSort = '' | 'updatedAt' | 'createdAt';

export interface IndentListParams {
  page: number;
  keyword: string;
  /** null: every status (the 'all' tab). */
  status: IndentStatus | null;
  /** null: every project the member may see. */
  projectId: string | null;
  sort: IndentSort;
}

/** GET /indent (SPEC §7): limit, offset, keyword, status ('all' by default), projectId, sort. */
export function getIndentList(
  { page, keyword, status, projectId, sort }: IndentListParams,
  signal?: AbortSignal,
): Promise<IndentListResponse> {
  return call(api, 'indent.list', {
    query: {
      ...pageWindow(page, INDENT_PAGE_SIZE),
      keyword: keyword.trim() || undefined,
      status: status ?? 'all',
      projectId: projectId || undefined,
      sort: sort || undefined,
    },
    signal,
  });
}

export const useIndentList = listQueryHook(
  (params: IndentListParams) => indentKeys('list', params),
  getIndentList,
);
