import { LEDGER_MESSAGES, type LedgerEntry } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, Field, Textarea, toast } from '@erp/ui';
import { useRef, useState } from 'react';
import { useReverseEntry } from '../api/reverse-entry';
import { formatLedgerDate, ledgerRupees } from '../hooks/ledger-format';
import { newRequestKey } from '../hooks/request-key';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const reverse = useReverseEntry();
  const what = `${entry.type} #${entry.seq}${entry.reference ? ` (${entry.reference})` : ''}`;

  const submit = () => {
    if (reverse.isPending) return;
    if (!reason.trim()) {
      setError(LEDGER_MESSAGES.reverseReason);
      field.current?.focus();
      return;
    }
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
            setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !reverse.isPending && onClose()}
      title={`Reverse ${what}?`}
      description={`${ledgerRupees(entry.amount)} on ${formatLedgerDate(entry.date)}. A Reversal entry is added that undoes it; the entry itself stays on the ledger.`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        style={{ display: 'grid', gap: '1rem' }}
      >
        <Field label="Reason" htmlFor="reverse-reason" required error={error} hint="Why this entry was wrong">
          <Textarea
            id="reverse-reason"
            ref={field}
            value={reason}
            maxLength={1000}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby="reverse-reason-msg"
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            autoFocus
          />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={reverse.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={reverse.isPending}
            aria-busy={reverse.isPending || undefined}
          >
            {reverse.isPending ? 'Reversing...' : 'Reverse Entry'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
