/**
 * The ledger's 'Add Credit Note' form: its values, the body sent (POST
 * /vendorTransaction/{vendorId}/credit-notes, CreditNoteBody) and its check (the service's schema
 * with LEDGER_MESSAGES, and the amount and date rules the payment form has).
 */
import { CreditNoteBody, DEFAULT_CREDIT_NOTE_REASON, type CreditNoteReason } from '@erp/contracts';
import { formContract, type ConflictField } from '@erp/ui/remote-form';
import { indiaToday } from './ledger-dates';
import { amountAndDateRules, parseAmount } from './payment-form-values';

export interface CreditNoteFormValues {
  /** The vendor's credit note number (unique on their ledger). */
  number: string;
  amount: string;
  date: string;
  reason: CreditNoteReason;
  notes: string;
  requestKey: string;
}

/** A new credit note: today in India, the first reason of SPEC §9 ('Quality issue - Return/Replacement'). */
export function newCreditNoteValues(requestKey: string, today: string = indiaToday()): CreditNoteFormValues {
  return { number: '', amount: '', date: today, reason: DEFAULT_CREDIT_NOTE_REASON, notes: '', requestKey };
}

/** The body: the number trimmed, empty notes left out. */
export function creditNoteBody(values: CreditNoteFormValues): CreditNoteBody {
  const body: CreditNoteBody = {
    number: values.number.trim(),
    amount: parseAmount(values.amount),
    date: values.date,
    reason: values.reason,
    requestKey: values.requestKey,
  };
  const notes = values.notes.trim();
  if (notes) body.notes = notes;
  return body;
}

export const creditNoteContract = formContract<CreditNoteFormValues, CreditNoteBody>({
  schema: CreditNoteBody,
  toBody: creditNoteBody,
  rules: (values) => amountAndDateRules(values, indiaToday()),
});

/** A 409 about the number ("Credit note CN-12 is already on this vendor's ledger") marks the number field. */
export function creditNoteConflict(message: string): ConflictField<CreditNoteFormValues> | undefined {
  return /^credit note\b/i.test(message)
    ? { field: 'number', advice: 'check the credit note number' }
    : undefined;
}
