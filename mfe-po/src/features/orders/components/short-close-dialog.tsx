import { PO_MESSAGES, RECEIPT_TEXT, type PurchaseOrder } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { toast } from '@erp/ui';
import { ReasonDialog } from '@erp/ui/remote';
import { useEffect } from 'react';
import { useShortClosePo } from '../api/short-close-po';
import { formatQty } from '../../shared/hooks/po-format';

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
  const shortClose = useShortClosePo();

  // Closed meanwhile (another Admin, the last delivery): nothing is left to close.
  useEffect(() => {
    if (open && po.status === 'Closed') onClose();
  }, [open, po.status, onClose]);

  return (
    <ReasonDialog
      open={open}
      title={`Short-close ${po.poNumber}?`}
      description={pendingSummary(po)}
      fieldId="short-close-reason"
      hint="Why the rest will not be delivered"
      maxLength={RECEIPT_TEXT.reason}
      requiredMessage={PO_MESSAGES.shortCloseReason}
      confirmLabel="Short-close"
      busyLabel="Closing..."
      busy={shortClose.isPending}
      onClose={onClose}
      onSubmit={(reason, answer) =>
        shortClose.mutate(
          { id: po._id, reason, version: po.version },
          {
            onSuccess: () => {
              toast({
                title: PO_MESSAGES.shortClosed,
                description: `${po.poNumber}: ${reason.trim()}`,
                variant: 'success',
              });
              answer.reset();
              onClose();
            },
            onError: (err) => {
              toast({
                title: 'Could not short-close the purchase order',
                description: errorMessage(err),
                variant: 'destructive',
              });
              if (err instanceof ApiError && (err.status === 409 || err.status === 404)) onStale();
              else if (err instanceof ApiError && err.status === 400) answer.showError(errorMessage(err));
            },
          },
        )
      }
    />
  );
}

/** What closing cancels: the first three pending lines, or that nothing more can be received. */
function pendingSummary(po: PurchaseOrder): string {
  const pendingLines = po.items.filter((l) => l.pending > 0);
  if (pendingLines.length === 0) return 'The PO closes now; no more goods can be received against it.';
  const shown = pendingLines
    .slice(0, 3)
    .map((l) => `${formatQty(l.pending)} ${l.item.unit} ${l.item.name}`)
    .join(', ');
  const more = pendingLines.length > 3 ? ` and ${pendingLines.length - 3} more` : '';
  return `The PO closes now; what is still pending is cancelled: ${shown}${more}.`;
}
