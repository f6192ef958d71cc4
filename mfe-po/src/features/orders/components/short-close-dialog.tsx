import { PO_MESSAGES, RECEIPT_TEXT, type PurchaseOrder } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, Field, Textarea, toast } from '@erp/ui';
import { useEffect, useRef, useState } from 'react';
import { useShortClosePo } from '../api/short-close-po';
import { formatQty } from '../hooks/po-format';

export interface ShortCloseDialogProps {
  po: PurchaseOrder;
  open: boolean;
  onClose: () => void;
  /** After a 409 (changed or closed meanwhile): read the PO again. */
  onStale: () => void;
}

/**
 * An Admin closes a PO before everything arrived: the reason is required, the PO's version goes with
 * it (a PO changed since answers 409: the server's message shows and the PO is read again; the reason
 * stays for another try). On success the toast says so and the page shows the short-close.
 */
export function ShortCloseDialog({ po, open, onClose, onStale }: ShortCloseDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const shortClose = useShortClosePo();
  const pendingLines = po.items.filter((l) => l.pending > 0);

  // Closed meanwhile (another Admin, the last delivery): nothing is left to close.
  useEffect(() => {
    if (open && po.status === 'Closed') onClose();
  }, [open, po.status, onClose]);

  const submit = () => {
    if (!reason.trim()) {
      setError(PO_MESSAGES.shortCloseReason);
      field.current?.focus();
      return;
    }
    shortClose.mutate(
      { id: po._id, reason, version: po.version },
      {
        onSuccess: () => {
          toast({
            title: PO_MESSAGES.shortClosed,
            description: `${po.poNumber}: ${reason.trim()}`,
            variant: 'success',
          });
          setReason('');
          setError(null);
          onClose();
        },
        onError: (err) => {
          toast({
            title: 'Could not short-close the purchase order',
            description: errorMessage(err),
            variant: 'destructive',
          });
          if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onStale();
          else if (err instanceof ApiError && err.status === 400) setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !shortClose.isPending && onClose()}
      title={`Short-close ${po.poNumber}?`}
      description={
        pendingLines.length > 0
          ? `The PO closes now; what is still pending is cancelled: ${pendingLines
              .slice(0, 3)
              .map((l) => `${formatQty(l.pending)} ${l.item.unit} ${l.item.name}`)
              .join(', ')}${pendingLines.length > 3 ? ` and ${pendingLines.length - 3} more` : ''}.`
          : 'The PO closes now; no more goods can be received against it.'
      }
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
          htmlFor="short-close-reason"
          required
          error={error}
          hint="Why the rest will not be delivered"
        >
          <Textarea
            id="short-close-reason"
            ref={field}
            value={reason}
            maxLength={RECEIPT_TEXT.reason}
            aria-invalid={error ? true : undefined}
            aria-describedby="short-close-reason-msg"
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            autoFocus
          />
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={shortClose.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={shortClose.isPending}
            aria-busy={shortClose.isPending || undefined}
          >
            {shortClose.isPending ? 'Closing...' : 'Short-close'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
