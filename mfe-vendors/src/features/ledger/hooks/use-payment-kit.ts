import { LEDGER_MESSAGES, type LedgerEntryResponse } from '@erp/contracts';
import { newRequestKey } from '@erp/sdk';
import { toast } from '@erp/ui';
import { useFormKit, type FormRecord } from '@erp/ui/remote-form';
import { useState } from 'react';
import { useAddPayment } from '../api/add-payment';
import { indiaToday } from './ledger-dates';
import { balanceText, exactRupees, ledgerRupees } from './ledger-format';
import {
  newPaymentValues,
  parseAmount,
  paymentBody,
  paymentConflict,
  paymentContract,
  type PaymentVendor,
} from './payment-form-values';

export interface PaymentKitOptions {
  /** The form's id (its fields' ids and its draft). */
  id: string;
  record: FormRecord | null;
  /** The vendor the form starts with (the ledger's, or ?id=), or none to pick. */
  vendor: PaymentVendor | null;
  /** The vendor's name as the success toast says it; without, the name the service answers with. */
  vendorName?: string;
  /** After the 'Payment Added' toast. */
  onAdded: (response: LedgerEntryResponse) => void;
}

/**
 * The 'Add Payment' dialog's and the Record Payment screen's form: today in India, method NEFT, a
 * request key made once when the form opens (a double-click or a resend records one payment), the
 * service's 409 and 400 kept on the fields, and 'Payment Added' with the new balance on success.
 */
export function usePaymentKit({ id, record, vendor, vendorName, onAdded }: PaymentKitOptions) {
  const add = useAddPayment();
  const [today] = useState(() => indiaToday());
  const [initial] = useState(() => newPaymentValues(vendor, newRequestKey(), today));
  const kit = useFormKit({
    id,
    record,
    initial,
    contract: paymentContract,
    // The contract's rules refuse a form without a vendor before this runs.
    save: (values) => add.mutateAsync({ vendorId: values.vendor?._id ?? '', body: paymentBody(values) }),
    onSaved: (response) => {
      const amount = exactRupees(response.entry.amount) ?? ledgerRupees(response.entry.amount);
      toast({
        title: LEDGER_MESSAGES.paymentAdded,
        description: `${amount} to ${vendorName ?? response.entry.vendor.name}. Now ${balanceText(response.summary.outstanding)}.`,
        variant: 'success',
      });
      onAdded(response);
    },
    conflictField: paymentConflict,
  });
  return { kit, today, amount: parseAmount(kit.values.amount) };
}
