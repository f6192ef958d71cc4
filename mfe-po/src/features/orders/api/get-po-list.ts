import type { PoListResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { listQueryHook } from '@erp/ui/remote';
import { toPoListQuery, type PoListParams } from '../hooks/po-list-filters';
import { poKeys } from '../../shared/api/po-keys';

/**
 * GET /po (SPEC §7: limit, offset, vendorId, status, projectId; and the keyword and sort the lists
 * search and order by on the server). The receiving list asks status 'active' (Open and Partial).
 */
export function getPoList(params: PoListParams, signal?: AbortSignal): Promise<PoListResponse> {
  return call(api, 'po.list', { query: toPoListQuery(params), signal });
}

export const usePoList = listQueryHook((params: PoListParams) => poKeys('list', params), getPoList);
