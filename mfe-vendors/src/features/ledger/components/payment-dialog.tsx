import { LEDGER_MESSAGES } from '@erp/contracts';
import { Dialog, toast } from '@erp/ui';
import { FormActions, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useState } from 'react';
import { useAddPayment } from '../api/add-payment';
import { indiaToday } from '../hooks/ledger-dates';
import { afterPayment, balanceText, exactRupees, ledgerRupees, sentenceCase } from '../hooks/ledger-format';
import {
  newPaymentValues,
  parseAmount,
  paymentBody,
  paymentConflict,
  paymentContract,
  type PaymentVendor,
} from '../hooks/payment-form-values';
import { newRequestKey } from '../hooks/request-key';
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
  const [today] = useState(() => indiaToday());
  const [initial] = useState(() => newPaymentValues(vendor, newRequestKey(), today));
  const add = useAddPayment();
  const kit = useFormKit({
    id: 'ledger-payment',
    record: { _id: vendor._id, version: 0 },
    initial,
    contract: paymentContract,
    save: (values) => add.mutateAsync({ vendorId: vendor._id, body: paymentBody(values) }),
    onSaved: (response) => {
      toast({
        title: LEDGER_MESSAGES.paymentAdded,
        description: `${exactRupees(response.entry.amount) ?? ledgerRupees(response.entry.amount)} to ${vendor.name}. Now ${balanceText(response.summary.outstanding)}.`,
        variant: 'success',
      });
      onClose();
    },
    conflictField: paymentConflict,
  });
  const close = () => kit.discard(onClose);
  const amount = parseAmount(kit.values.amount);
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
