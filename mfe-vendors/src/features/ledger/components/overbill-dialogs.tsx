import { LEDGER_MESSAGES, type OverbillCase } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, ConfirmDialog, Dialog, DialogFooter, Field, formatINR, Textarea, toast } from '@erp/ui';
import { useRef, useState } from 'react';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    if (reject.isPending) return;
    if (!reason.trim()) {
      setError(LEDGER_MESSAGES.rejectReason);
      field.current?.focus();
      return;
    }
    reject.mutate(
      { caseId: overbill._id, version: overbill.version, reason },
      {
        onSuccess: () => {
          toast({ title: LEDGER_MESSAGES.overbillRejected, description: what(overbill), variant: 'success' });
          onClose();
        },
        onError: (err) => {
          toast({ title: errorMessage(err), variant: 'destructive' });
          if (isStale(err)) {
            onStale();
            onClose();
          } else if (err instanceof ApiError && err.status === 400) setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !reject.isPending && onClose()}
      title="Reject overbilling?"
      description={`${what(overbill)}: ${formatINR(overbill.delta)} above the expected amount. Nothing is added to the ledger.`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        style={{ display: 'grid', gap: '1rem' }}
      >
        <Field
          label="Reason"
          htmlFor="reject-reason"
          required
          error={error}
          hint="Why the extra amount is not owed"
        >
          <Textarea
            id="reject-reason"
            ref={field}
            value={reason}
            rows={3}
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby="reject-reason-msg"
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            autoFocus
          />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={reject.isPending}
            aria-busy={reject.isPending || undefined}
          >
            {reject.isPending ? 'Rejecting...' : 'Reject'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
