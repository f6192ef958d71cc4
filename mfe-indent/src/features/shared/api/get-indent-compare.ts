import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from './indent-keys';

/**
 * GET /indent/compare/{id}: the indent with each line's vendor options and the prices' fingerprint
 * (`pricesVersion`). The compare screen and the approval review both read it.
 */
export const getIndentCompare = (id: string, signal?: AbortSignal) =>
  call(api, 'indent.compare', { params: { id }, signal });

export const indentCompareQueryOptions = (id: string) =>
  queryOptions({
    queryKey: indentKeys('compare', id),
    queryFn: ({ signal }) => getIndentCompare(id, signal),
    // Prices move: each visit asks again (the cached answer shows meanwhile).
    staleTime: 0,
  });

export const useIndentCompare = (id: string, enabled = true) =>
  useQuery({ ...indentCompareQueryOptions(id), enabled: enabled && Boolean(id) });
