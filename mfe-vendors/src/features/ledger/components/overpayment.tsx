import { ConfirmDialog } from '@erp/ui';
import type { FormKit } from '@erp/ui/remote-form';
import { useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { ledgerRupees, paymentAdvance } from '../hooks/ledger-format';
import {
  parseAmount,
  paymentContract,
  type PaymentFormValues,
  type PaymentVendor,
} from '../hooks/payment-form-values';

/**
 * A payment above what is owed asks first (decision 0033): Save checks the form as usual, and when
 * it is valid and the amount leaves an advance with the vendor, 'Pay more than is owed?' names the
 * advance; Add Payment saves, Change Amount goes back to the form. The same amount is not asked
 * about twice; another amount is.
 */
export function useOverpaymentCheck(
  kit: FormKit<PaymentFormValues>,
  vendor: PaymentVendor | null,
): { submit: (event?: BaseSyntheticEvent) => Promise<void>; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const agreed = useRef<string | null>(null);
  const amount = parseAmount(kit.values.amount);
  const advance = vendor && Number.isFinite(amount) ? paymentAdvance(vendor.outstanding, amount) : 0;
  const submit = (event?: BaseSyntheticEvent): Promise<void> => {
    const ready = paymentContract.problems(kit.values).length === 0;
    if (ready && advance > 0 && agreed.current !== kit.values.amount) {
      event?.preventDefault();
      setAsking(true);
      return Promise.resolve();
    }
    return kit.onSubmit(event);
  };
  const dialog = vendor ? (
    <ConfirmDialog
      open={asking}
      title="Pay more than is owed?"
      description={`${ledgerRupees(amount)} is more than the ${ledgerRupees(Math.max(0, vendor.outstanding))} owed to ${vendor.name}. ${ledgerRupees(advance)} will be an advance to the vendor.`}
      confirmLabel="Add Payment"
      cancelLabel="Change Amount"
      onConfirm={() => {
        agreed.current = kit.values.amount;
        setAsking(false);
        void kit.onSubmit();
      }}
      onCancel={() => setAsking(false)}
    />
  ) : null;
  return { submit, dialog };
}
