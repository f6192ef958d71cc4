/**
 * The goods receipt wizard (SPEC §2 "Goods receipt", §5 "Receipt"): step 1 'Select Items &
 * Quantities', step 2 'Invoices & Receipt Details', then 'Confirm Receipt' uploads the photo and
 * records the receipt (decision 0022).
 *
 * Why not the form kit (useFormKit): its form re-renders as a whole on every keystroke (watch()),
 * which a 300-line PO on a phone cannot afford, and its drafts live in sessionStorage without the
 * photo. Here the values live in a small store (hooks/receipt-store.ts) that rows subscribe to one by
 * one, the check is the kit's formContract over the contract's ReceiptBody, the leave question is
 * the kit's useUnsavedChanges, and the draft (text, photo, receiptId) stays on the device per PO until
 * the receipt is sent. The screen's own state (step, photo, banners, questions) is one shape
 * (hooks/receipt-wizard-state.ts), run by hooks/use-receipt-wizard.ts; this file only draws it.
 */
import type { PurchaseOrder } from '@erp/contracts';
import { useReceiptWizard } from '../hooks/use-receipt-wizard';
import { ReceiptBanners } from './receipt-banners';
import { ReceiptDialogs } from './receipt-dialogs';
import { Stepper } from './receipt-stepper';
import { ReceiptStepOne, ReceiptStepTwo } from './receipt-steps';
import { Layout } from './receipt-wizard-styles';

export { OFFLINE_WORDS } from '../hooks/submit-receipt';

export interface ReceiptWizardProps {
  po: PurchaseOrder;
  /** Reads the PO again (after a 409: the pending quantities changed). */
  refetch: () => Promise<{ data?: PurchaseOrder | undefined }>;
}

export function ReceiptWizard({ po, refetch }: ReceiptWizardProps) {
  const wizard = useReceiptWizard(po, refetch);
  const { state, dispatch, store, lines, online, confirm } = wizard;
  return (
    <Layout>
      <Stepper step={state.step} stepRef={wizard.stepRef} />
      <ReceiptBanners state={state} online={online} dropped={wizard.dropped} dispatch={dispatch} />
      {state.step === 1 ? (
        <ReceiptStepOne
          store={store}
          lines={lines}
          generation={state.generation}
          sending={state.sending}
          onNext={wizard.goToDetails}
          onCancel={wizard.cancel}
          onShow={(field) => dispatch({ type: 'focus', field })}
        />
      ) : (
        <ReceiptStepTwo
          store={store}
          lines={lines}
          state={state}
          expected={wizard.expected}
          online={online}
          onPhoto={wizard.choosePhoto}
          onConfirm={() => void confirm()}
          onBack={() => dispatch({ type: 'step', step: 1 })}
        />
      )}
      <ReceiptDialogs
        leave={wizard.dialog}
        state={state}
        dispatch={dispatch}
        sendAnyway={() => void confirm(true)}
        startOver={wizard.startOver}
      />
    </Layout>
  );
}
