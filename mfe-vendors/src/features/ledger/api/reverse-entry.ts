import type { LedgerEntryResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from './refresh';

export interface ReverseEntryInput {
  vendorId: string;
  entryId: string;
  /** Why (required); trimmed here. */
  reason: string;
  /** Made when the dialog opened. */
  requestKey: string;
}

/**
 * POST /vendorTransaction/{vendorId}/entries/{entryId}/reverse: a Payment or a Credit Note entered by
 * mistake is undone by a Reversal entry (entries are never edited or deleted).
 */
export const reverseEntry = ({
  vendorId,
  entryId,
  reason,
  requestKey,
}: ReverseEntryInput): Promise<LedgerEntryResponse> =>
  call(api, 'ledger.reverse', {
    params: { id: vendorId, entryId },
    body: { reason: reason.trim(), requestKey },
  });

export function useReverseEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reverseEntry, onSuccess: () => refreshAfterChange(queryClient) });
}
