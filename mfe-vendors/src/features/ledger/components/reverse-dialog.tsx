import { LEDGER_MESSAGES, type LedgerEntry } from '@erp/contracts';
import { ApiError, errorMessage, newRequestKey } from '@erp/sdk';
import { toast } from '@erp/ui';
import { ReasonDialog } from '@erp/ui/remote';
import { useState } from 'react';
import { useReverseEntry } from '../api/reverse-entry';
import { formatLedgerDate, ledgerRupees } from '../hooks/ledger-format';

export interface ReverseDialogProps {
  vendorId: string;
  entry: LedgerEntry;
  onClose: () => void;
}

/**
 * 'Reverse' of a Payment or a Credit Note entered by mistake: the reason is required; the service
 * adds a Reversal entry (nothing is edited or deleted). Mounted once per opening with its request
 * key. A 409 (reversed meanwhile) or 400 shows the service's message and keeps the reason.
 */
export function ReverseDialog({ vendorId, entry, onClose }: ReverseDialogProps) {
  const [requestKey] = useState(newRequestKey);
  const reverse = useReverseEntry();
  const what = `${entry.type} #${entry.seq}${entry.reference ? ` (${entry.reference})` : ''}`;
  return (
    <ReasonDialog
      title={`Reverse ${what}?`}
      description={`${ledgerRupees(entry.amount)} on ${formatLedgerDate(entry.date)}. A Reversal entry is added that undoes it; the entry itself stays on the ledger.`}
      fieldId="reverse-reason"
      hint="Why this entry was wrong"
      rows={3}
      maxLength={1000}
      requiredMessage={LEDGER_MESSAGES.reverseReason}
      confirmLabel="Reverse Entry"
      busyLabel="Reversing..."
      busy={reverse.isPending}
      onClose={onClose}
      onSubmit={(reason, answer) =>
        reverse.mutate(
          { vendorId, entryId: entry._id, reason, requestKey },
          {
            onSuccess: (response) => {
              toast({
                title: LEDGER_MESSAGES.reversed,
                description: `${what} reversed. Outstanding now ${ledgerRupees(response.summary.outstanding)}.`,
                variant: 'success',
              });
              onClose();
            },
            onError: (err) => {
              toast({ title: errorMessage(err), variant: 'destructive' });
              if (err instanceof ApiError && (err.status === 400 || err.status === 409))
                answer.showError(errorMessage(err));
            },
          },
        )
      }
    />
  );
}
