import type { LedgerEntry, VendorLedgerResponse } from '@erp/contracts';
import type { PaymentVendor } from '../hooks/payment-form-values';
import { CreditNoteDialog } from './credit-note-dialog';
import { PaymentDialog } from './payment-dialog';
import { ReverseDialog } from './reverse-dialog';
import { StatementDialog } from './statement-dialog';

/** The dialog open over a vendor ledger, if any. */
export type OpenLedgerDialog =
  | { kind: 'payment' }
  | { kind: 'creditNote' }
  | { kind: 'statement' }
  | { kind: 'reverse'; entry: LedgerEntry }
  | null;

export interface LedgerDialogsProps {
  open: OpenLedgerDialog;
  vendor: VendorLedgerResponse['vendor'];
  /** The vendor as the payment and credit note dialogs show it (with what is outstanding). */
  payee: PaymentVendor;
  onClose: () => void;
}

/** The vendor ledger's dialog that is open: Add Payment, Add Credit Note, Statement or Reverse. */
export function LedgerDialogs({ open, vendor, payee, onClose }: LedgerDialogsProps) {
  return (
    <>
      {open?.kind === 'payment' && <PaymentDialog vendor={payee} onClose={onClose} />}
      {open?.kind === 'creditNote' && <CreditNoteDialog vendor={payee} onClose={onClose} />}
      {open?.kind === 'statement' && (
        <StatementDialog
          vendorId={vendor._id}
          vendorCode={vendor.vendorId}
          vendorName={vendor.name}
          onClose={onClose}
        />
      )}
      {open?.kind === 'reverse' && (
        <ReverseDialog vendorId={vendor._id} entry={open.entry} onClose={onClose} />
      )}
    </>
  );
}
