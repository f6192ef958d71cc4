import { LEDGER_MESSAGES } from '@erp/contracts';
import { newRequestKey } from '@erp/sdk';
import { Dialog, toast } from '@erp/ui';
import { FormActions, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useState } from 'react';
import { useAddCreditNote } from '../api/add-credit-note';
import {
  creditNoteBody,
  creditNoteConflict,
  creditNoteContract,
  newCreditNoteValues,
} from '../hooks/credit-note-form-values';
import { indiaToday } from '../hooks/ledger-dates';
import { exactRupees, ledgerRupees } from '../hooks/ledger-format';
import { parseAmount, type PaymentVendor } from '../hooks/payment-form-values';
import { CreditNoteFields } from './entry-fields';

export interface CreditNoteDialogProps {
  vendor: PaymentVendor;
  onClose: () => void;
}

/**
 * 'Add Credit Note' (SPEC §2 "Vendor ledger detail"; a Purchaser or an Admin): Credit Note Number,
 * Amount, Date, Reason ('Quality issue - Return/Replacement' first), Notes. One request key per
 * opening; 'Credit Note Added' on success; a number already on the ledger (409) or a 400 shows the
 * service's message and keeps what was typed.
 */
export function CreditNoteDialog({ vendor, onClose }: CreditNoteDialogProps) {
  const [today] = useState(() => indiaToday());
  const [initial] = useState(() => newCreditNoteValues(newRequestKey(), today));
  const add = useAddCreditNote();
  const kit = useFormKit({
    id: 'ledger-credit-note',
    record: { _id: vendor._id, version: 0 },
    initial,
    contract: creditNoteContract,
    save: (values) => add.mutateAsync({ vendorId: vendor._id, body: creditNoteBody(values) }),
    onSaved: (response) => {
      toast({
        title: LEDGER_MESSAGES.creditNoteAdded,
        description: `${response.entry.reference}: ${exactRupees(response.entry.amount) ?? ledgerRupees(response.entry.amount)} from ${vendor.name}. Outstanding now ${ledgerRupees(response.summary.outstanding)}.`,
        variant: 'success',
      });
      onClose();
    },
    conflictField: creditNoteConflict,
  });
  const close = () => kit.discard(onClose);
  const amount = parseAmount(kit.values.amount);

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !kit.saving && close()}
      title="Add Credit Note"
      description={`From ${vendor.name} (${vendor.vendorId}). Outstanding ${ledgerRupees(vendor.outstanding)}${
        amount > 0 && Number.isFinite(amount)
          ? `, ${ledgerRupees(vendor.outstanding - amount)} after this credit note`
          : ''
      }.`}
    >
      <FormShell kit={kit}>
        <CreditNoteFields kit={kit} today={today} />
        <FormActions kit={kit} onCancel={close} saveLabel="Add Credit Note" />
      </FormShell>
    </Dialog>
  );
}
