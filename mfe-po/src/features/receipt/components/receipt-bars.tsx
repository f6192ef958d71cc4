/** The action bars of the wizard's two steps (they stay on screen while a long PO scrolls). */
import { Button, Icon, Spinner } from '@erp/ui';
import { useMemo } from 'react';
import { useReceiptValues, type ReceiptStore } from '../hooks/receipt-store';
import { checkStepOne, type ReceiptLineInfo } from '../hooks/receipt-values';
import { Bar, ShowLink } from './receipt-wizard-styles';

/** Step 1's bar: the only part that looks at every line on each keystroke (to enable the button), and it only counts. */
export function StepOneBar({
  store,
  lines,
  onNext,
  onCancel,
  onShow,
}: {
  store: ReceiptStore;
  lines: readonly ReceiptLineInfo[];
  onNext: () => void;
  onCancel: () => void;
  /** Brings a field with a problem on screen (a long PO's red line may be far away). */
  onShow: (field: string) => void;
}) {
  const values = useReceiptValues(store);
  const check = useMemo(() => checkStepOne(values, lines), [values, lines]);
  return (
    <Bar role="region" aria-label="Receipt actions">
      <Button
        className="primary"
        size="lg"
        onClick={onNext}
        disabled={!check.ok}
        aria-describedby="receipt-step-one-status"
      >
        Add Invoices & Photos
        <Icon name="arrowRight" />
      </Button>
      <Button variant="outline" size="lg" onClick={onCancel}>
        Cancel
      </Button>
      <span
        id="receipt-step-one-status"
        className={check.problems > 0 ? 'summary problem' : 'summary'}
        aria-live="polite"
      >
        {check.counted} of {lines.length} {lines.length === 1 ? 'item' : 'items'} received
        {check.reason ? ` · ${check.reason}` : ''}
        {check.firstProblem && (
          <>
            {' '}
            <ShowLink type="button" onClick={() => onShow(check.firstProblem!)}>
              Show
            </ShowLink>
          </>
        )}
      </span>
    </Bar>
  );
}

/** Step 2's bar: Confirm Receipt (busy while sending), Back to Items, and a word when offline. */
export function StepTwoBar({
  sending,
  online,
  onConfirm,
  onBack,
}: {
  sending: boolean;
  online: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Bar role="region" aria-label="Receipt actions">
      <Button
        className="primary"
        size="lg"
        onClick={onConfirm}
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending ? <Spinner /> : <Icon name="check" />}
        {sending ? 'Sending...' : 'Confirm Receipt'}
      </Button>
      <Button variant="outline" size="lg" onClick={onBack} disabled={sending}>
        <Icon name="arrowLeft" />
        Back to Items
      </Button>
      <span className="summary">{online ? '' : 'Offline: kept on this device'}</span>
    </Bar>
  );
}
