import type { Indent } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { indentKeys } from '../../shared/api/indent-keys';

/** GET /indent/{id}: the indent with its lines, POs, history and fleet costs. */
export const getIndent = (id: string, signal?: AbortSignal) =>
  call(api, 'indent.get', { params: { id }, signal });

export const indentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: indentKeys('indent', id),
    queryFn: ({ signal }) => getIndent(id, signal),
  });

export interface UseIndentOptions {
  enabled?: boolean;
  /** Asks again every `pollMs` while it returns true for the latest answer (the POs being generated). */
  poll?: (indent: Indent) => boolean;
  pollMs?: number;
}

export function useIndent(id: string, { enabled = true, poll, pollMs = 1500 }: UseIndentOptions = {}) {
  return useQuery({
    ...indentQueryOptions(id),
    enabled: enabled && Boolean(id),
    refetchInterval: poll ? (query) => (query.state.data && poll(query.state.data) ? pollMs : false) : false,
  });
}
