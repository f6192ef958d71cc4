import { Dialog } from '@erp/ui';
import { FormActions, FormShell } from '@erp/ui/remote-form';
import { afterPayment, balanceText, sentenceCase } from '../hooks/ledger-format';
import type { PaymentVendor } from '../hooks/payment-form-values';
import { usePaymentKit } from '../hooks/use-payment-kit';
import { PaymentFields } from './entry-fields';
import { useOverpaymentCheck } from './overpayment';

export interface PaymentDialogProps {
  vendor: PaymentVendor;
  /** Closes the dialog (after a save, or Cancel once any changes are discarded). */
  onClose: () => void;
}

/**
 * 'Add Payment' (SPEC §2 "Vendor ledger detail"; an Admin or an Accountant): Amount, Date (today in
 * India), Method (NEFT), Reference, Notes. Mounted once per opening, so its request key is made once
 * per opening: a double-click or a resend records one payment. On success: 'Payment Added', closed,
 * the ledger refreshed; a 409 (a reference already on the ledger) or a 400 shows the service's
 * message and keeps what was typed. A payment above what is owed asks first: the rest becomes an
 * advance to the vendor (decision 0033), which the service records as asked.
 */
export function PaymentDialog({ vendor, onClose }: PaymentDialogProps) {
  const { kit, today, amount } = usePaymentKit({
    id: 'ledger-payment',
    record: { _id: vendor._id, version: 0 },
    vendor,
    vendorName: vendor.name,
    onAdded: () => onClose(),
  });
  const close = () => kit.discard(onClose);
  const overpayment = useOverpaymentCheck(kit, vendor);

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !kit.saving && close()}
      title="Add Payment"
      description={`To ${vendor.name} (${vendor.vendorId}). ${sentenceCase(balanceText(vendor.outstanding))}${
        amount > 0 && Number.isFinite(amount)
          ? `, ${afterPayment(vendor.outstanding - amount)} after this payment`
          : ''
      }.`}
    >
      <FormShell kit={{ ...kit, onSubmit: overpayment.submit }}>
        <PaymentFields kit={kit} today={today} />
        <FormActions kit={kit} onCancel={close} saveLabel="Add Payment" />
      </FormShell>
      {overpayment.dialog}
    </Dialog>
  );
}
