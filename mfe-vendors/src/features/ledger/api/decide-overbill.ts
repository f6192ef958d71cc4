import type { OverbillResponse } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from './refresh';

export interface ApproveOverbillInput {
  caseId: string;
  /** The case's version as read: a case decided or changed since answers 409. */
  version: number;
}

export interface RejectOverbillInput extends ApproveOverbillInput {
  /** Why (required); trimmed here. */
  reason: string;
}

/** POST /vendorTransaction/overbilling/{caseId}/approve (an Admin): the amount billed beyond the goods' worth is added to the ledger. */
export const approveOverbill = ({ caseId, version }: ApproveOverbillInput): Promise<OverbillResponse> =>
  call(api, 'ledger.approveOverbill', { params: { id: caseId }, body: { version } });

/** POST /vendorTransaction/overbilling/{caseId}/reject (an Admin), with the reason. */
export const rejectOverbill = ({ caseId, version, reason }: RejectOverbillInput): Promise<OverbillResponse> =>
  call(api, 'ledger.rejectOverbill', { params: { id: caseId }, body: { version, reason: reason.trim() } });

export function useApproveOverbill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveOverbill, onSettled: () => refreshAfterChange(queryClient) });
}

export function useRejectOverbill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectOverbill, onSettled: () => refreshAfterChange(queryClient) });
}
