import type { CreditNoteBody, LedgerEntryResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from './refresh';

export interface AddCreditNoteInput {
  vendorId: string;
  body: CreditNoteBody;
}

/** POST /vendorTransaction/{vendorId}/credit-notes (a Purchaser or an Admin); a number already on the vendor's ledger is refused with 409. */
export const addCreditNote = ({ vendorId, body }: AddCreditNoteInput): Promise<LedgerEntryResponse> =>
  call(api, 'ledger.addCreditNote', { params: { id: vendorId }, body });

export function useAddCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCreditNote, onSuccess: () => refreshAfterChange(queryClient) });
}
