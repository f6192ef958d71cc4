import type { LedgerEntryResponse, PaymentBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from './refresh';

export interface AddPaymentInput {
  vendorId: string;
  /** Amount, date, method, reference, notes and the request key made when the form opened. */
  body: PaymentBody;
}

/**
 * POST /vendorTransaction/{vendorId}/payments (an Admin or an Accountant). The same request key sent
 * again answers 200 with the entry recorded the first time; a reference already on the vendor's
 * ledger is refused with 409.
 */
export const addPayment = ({ vendorId, body }: AddPaymentInput): Promise<LedgerEntryResponse> =>
  call(api, 'ledger.addPayment', { params: { id: vendorId }, body });

export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPayment, onSuccess: () => refreshAfterChange(queryClient) });
}
