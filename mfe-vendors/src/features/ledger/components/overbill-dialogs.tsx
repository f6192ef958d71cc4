import { LEDGER_MESSAGES, type OverbillCase } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { ConfirmDialog, formatINR, toast } from '@erp/ui';
import { ReasonDialog } from '@erp/ui/remote';
import { useApproveOverbill, useRejectOverbill } from '../api/decide-overbill';

export interface DecisionProps {
  overbill: OverbillCase;
  onClose: () => void;
  /** After a 409 (decided or changed meanwhile): read the queue again. */
  onStale: () => void;
}

const what = (c: OverbillCase) => `${c.vendor.name}, invoice ${c.invoiceNumber} on ${c.po.poNumber}`;

/** 409 or 404: the case changed or went since it was read; the queue is read again. */
const isStale = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

/** An Admin approves an overbilling case: the amount billed beyond the goods' worth is added to the vendor's ledger. */
export function ApproveDialog({ overbill, onClose, onStale }: DecisionProps) {
  const approve = useApproveOverbill();
  return (
    <ConfirmDialog
      open
      title="Approve overbilling?"
      description={`${what(overbill)}: ${formatINR(overbill.delta)} above the expected ${formatINR(overbill.expectedAmount)} is added to what the business owes the vendor (an Overbill Approved entry).`}
      confirmLabel={approve.isPending ? 'Approving...' : 'Approve'}
      busy={approve.isPending}
      onCancel={() => !approve.isPending && onClose()}
      onConfirm={() =>
        approve.mutate(
          { caseId: overbill._id, version: overbill.version },
          {
            onSuccess: () => {
              toast({
                title: LEDGER_MESSAGES.overbillApproved,
                description: what(overbill),
                variant: 'success',
              });
              onClose();
            },
            onError: (error) => {
              toast({ title: errorMessage(error), variant: 'destructive' });
              if (isStale(error)) {
                onStale();
                onClose();
              }
            },
          },
        )
      }
    />
  );
}

/** An Admin rejects an overbilling case, with the reason (required); nothing is added to the ledger. */
export function RejectDialog({ overbill, onClose, onStale }: DecisionProps) {
  const reject = useRejectOverbill();
  return (
    <ReasonDialog
      title="Reject overbilling?"
      description={`${what(overbill)}: ${formatINR(overbill.delta)} above the expected amount. Nothing is added to the ledger.`}
      fieldId="reject-reason"
      hint="Why the extra amount is not owed"
      rows={3}
      maxLength={1000}
      requiredMessage={LEDGER_MESSAGES.rejectReason}
      confirmLabel="Reject"
      busyLabel="Rejecting..."
      busy={reject.isPending}
      onClose={onClose}
      onSubmit={(reason, answer) =>
        reject.mutate(
          { caseId: overbill._id, version: overbill.version, reason },
          {
            onSuccess: () => {
              toast({
                title: LEDGER_MESSAGES.overbillRejected,
                description: what(overbill),
                variant: 'success',
              });
              onClose();
            },
            onError: (err) => {
              toast({ title: errorMessage(err), variant: 'destructive' });
              if (isStale(err)) {
                onStale();
                onClose();
              } else if (err instanceof ApiError && err.status === 400) answer.showError(errorMessage(err));
            },
          },
        )
      }
    />
  );
}
