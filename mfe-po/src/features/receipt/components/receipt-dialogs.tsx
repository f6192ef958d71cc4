/**
 * The wizard's questions: leave with a receipt not sent (it stays on this device), send an invoice
 * amount far from the expected one, and Start Over (removes what was entered).
 */
import { ConfirmDialog, type ConfirmDialogProps } from '@erp/ui';
import type { WizardDispatch, WizardState } from '../hooks/receipt-wizard-state';

export interface ReceiptDialogsProps {
  /** The leave question of useUnsavedChanges. */
  leave: Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>;
  state: Pick<WizardState, 'askAmount' | 'askDiscard'>;
  dispatch: WizardDispatch;
  /** Sends without asking about the amount again. */
  sendAnyway: () => void;
  startOver: () => void;
}

export function ReceiptDialogs({ leave, state, dispatch, sendAnyway, startOver }: ReceiptDialogsProps) {
  const { askAmount, askDiscard } = state;
  return (
    <>
      <ConfirmDialog
        {...leave}
        title="Leave this receipt?"
        description="It has not been sent yet. What you entered stays on this device and comes back when you open this receipt again."
        cancelLabel="Stay"
        confirmLabel="Leave"
      />
      <ConfirmDialog
        open={askAmount !== null}
        title={askAmount?.title ?? ''}
        description={`${askAmount?.text ?? ''} Send the receipt with this amount?`}
        cancelLabel="Check Amount"
        confirmLabel="Send Anyway"
        onCancel={() => {
          dispatch({ type: 'askAmount', warning: null });
          dispatch({ type: 'focus', field: 'invoiceAmount' });
        }}
        onConfirm={() => {
          dispatch({ type: 'askAmount', warning: null });
          sendAnyway();
        }}
      />
      <ConfirmDialog
        open={askDiscard}
        title="Start over?"
        description="The quantities, invoice details and photo entered for this receipt are removed from this device."
        cancelLabel="Keep Them"
        confirmLabel="Start Over"
        destructive
        onCancel={() => dispatch({ type: 'askDiscard', open: false })}
        onConfirm={() => {
          dispatch({ type: 'askDiscard', open: false });
          startOver();
        }}
      />
    </>
  );
}
