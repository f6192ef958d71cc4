/**
 * The wizard's two steps: 'Select Items & Quantities' (the pending lines and their bar), and
 * 'Invoices & Receipt Details' (the summary, the invoice's fields and photo, Confirm Receipt).
 */
import type { ExpectedAmount } from '@erp/contracts';
import { FormSection } from '@erp/ui/remote';
import type { ReceiptStore } from '../hooks/receipt-store';
import type { ReceiptLineInfo } from '../hooks/receipt-values';
import type { ChosenPhoto, WizardState } from '../hooks/receipt-wizard-state';
import { LINES_ID } from '../hooks/use-step-focus';
import { InvoicePhoto } from './invoice-photo';
import { StepOneBar, StepTwoBar } from './receipt-bars';
import { InvoiceFields, ReceiptSummary } from './receipt-details';
import { ReceiptLines } from './receipt-lines';

export interface ReceiptStepOneProps {
  store: ReceiptStore;
  lines: ReceiptLineInfo[];
  /** Bumped on Start Over: the rows show the emptied values. */
  generation: number;
  sending: boolean;
  onNext: () => void;
  onCancel: () => void;
  onShow: (field: string) => void;
}

export function ReceiptStepOne({
  store,
  lines,
  generation,
  sending,
  onNext,
  onCancel,
  onShow,
}: ReceiptStepOneProps) {
  return (
    <>
      <FormSection
        title="Pending Items"
        description="Enter what arrived on this delivery; leave an item empty if none of it came. Accepted = received − rejected."
      >
        <div id={LINES_ID}>
          <ReceiptLines key={generation} store={store} lines={lines} disabled={sending} />
        </div>
      </FormSection>
      <StepOneBar store={store} lines={lines} onNext={onNext} onCancel={onCancel} onShow={onShow} />
    </>
  );
}

export interface ReceiptStepTwoProps {
  store: ReceiptStore;
  lines: readonly ReceiptLineInfo[];
  state: Pick<WizardState, 'generation' | 'showErrors' | 'sending' | 'photo' | 'photoKept' | 'photoError'>;
  /** What the invoice should come to, for the accepted quantities. */
  expected: ExpectedAmount | null;
  online: boolean;
  onPhoto: (photo: ChosenPhoto | null) => void;
  onConfirm: () => void;
  onBack: () => void;
}

export function ReceiptStepTwo({
  store,
  lines,
  state,
  expected,
  online,
  onPhoto,
  onConfirm,
  onBack,
}: ReceiptStepTwoProps) {
  const { generation, showErrors, sending, photo, photoKept, photoError } = state;
  return (
    <>
      <ReceiptSummary store={store} lines={lines} />
      <InvoiceFields
        key={generation}
        store={store}
        showErrors={showErrors}
        disabled={sending}
        expected={expected}
      />
      <InvoicePhoto
        store={store}
        photo={photo}
        onPhoto={onPhoto}
        kept={photoKept}
        disabled={sending}
        serverError={photoError}
      />
      <StepTwoBar sending={sending} online={online} onConfirm={onConfirm} onBack={onBack} />
    </>
  );
}
