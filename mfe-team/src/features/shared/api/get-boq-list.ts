import type { BoqListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook, pageWindow } from '@erp/ui/remote';
import { boqKeys } from './boq-keys';

/** SPEC §9: the BOQ list loads 100 at a time. */
export const BOQ_PAGE_SIZE = 100;

/** The list's status filter (SPEC §5 "BOQ list": All Status, Draft, Confirmed). */
export type BoqStatusFilter = 'draft' | 'confirmed';

export const parseBoqStatusFilter = (value: string | null): BoqStatusFilter | null =>
  value === 'draft' || value === 'confirmed' ? value : null;

export interface BoqListParams {
  page: number;
  keyword: string;
  /** No status chosen: every status. */
  status: BoqStatusFilter | null;
  /** No project chosen: every project the member may see. */
  projectId: string | null;
}

export function getBoqList(
  { page, keyword, status, projectId }: BoqListParams,
  signal?: AbortSignal,
): Promise<BoqListResponse> {
  return call(api, 'boq.list', {
    query: {
      ...pageWindow(page, BOQ_PAGE_SIZE),
      keyword: keyword.trim() || undefined,
      status: status ?? undefined,
      projectId: projectId ?? undefined,
    },
    signal,
  });
}

export const useBoqList = listQueryHook((params: BoqListParams) => boqKeys('list', params), getBoqList);

/** A project's BOQs (the project detail's BoQs card): the first page, every status. */
export const useProjectBoqs = (projectId: string, enabled = true) =>
  useBoqList({ page: 1, keyword: '', status: null, projectId }, enabled && Boolean(projectId));
