/**
 * What the wizard says above the step: offline or not sent (kept on this device), a receipt recorded
 * already, a draft restored (with Start Over), lines no longer pending, a kept photo lost, and a
 * device that could not keep the draft.
 */
import { Button } from '@erp/ui';
import { Banner } from '@erp/ui/remote';
import type { ReactNode } from 'react';
import type { WizardDispatch, WizardState } from '../hooks/receipt-wizard-state';
import { OFFLINE_WORDS } from '../hooks/submit-receipt';

export interface ReceiptBannersProps {
  state: WizardState;
  online: boolean;
  /** Names of the lines left out of this receipt (no longer pending). */
  dropped: readonly string[];
  dispatch: WizardDispatch;
}

export function ReceiptBanners({ state, online, dropped, dispatch }: ReceiptBannersProps) {
  const { sendFailed, recordedAlready, restored, sending, photoLost, keepFailed } = state;
  const banners: ReactNode[] = [];
  if (!online || sendFailed)
    banners.push(
      <Banner key="offline" $tone="warning" role="status">
        <p>
          <strong>{online ? 'Not sent. ' : 'Offline. '}</strong>
          {online ? OFFLINE_WORDS.sendFailed : OFFLINE_WORDS.offline}
        </p>
      </Banner>,
    );
  if (recordedAlready !== null)
    banners.push(
      <Banner key="recorded" $tone="info" role="status">
        <p>
          The receipt you were sending (invoice {recordedAlready || 'without a number'}) was recorded on this
          purchase order; the pending quantities below already count it. Enter a new receipt only for another
          delivery.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => dispatch({ type: 'recordedAlready', invoiceNumber: null })}
        >
          OK
        </Button>
      </Banner>,
    );
  if (restored)
    banners.push(
      <Banner key="restored" $tone="info" role="status">
        <p>The receipt you started on this device was restored. It has not been sent yet.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => dispatch({ type: 'askDiscard', open: true })}
          disabled={sending}
        >
          Start Over
        </Button>
      </Banner>,
    );
  if (dropped.length > 0)
    banners.push(
      <Banner key="dropped" $tone="warning" role="status">
        <p>No longer pending on this purchase order, so left out of this receipt: {dropped.join(', ')}.</p>
      </Banner>,
    );
  if (photoLost)
    banners.push(
      <Banner key="photo" $tone="warning" role="status">
        <p>The invoice photo could not be restored on this device: take or choose it again.</p>
      </Banner>,
    );
  if (keepFailed)
    banners.push(
      <Banner key="keep" $tone="error" role="alert">
        <p>
          This device could not keep a copy of the receipt (its storage is full or turned off): send it before
          you reload or leave the page.
        </p>
      </Banner>,
    );
  return <>{banners}</>;
}
