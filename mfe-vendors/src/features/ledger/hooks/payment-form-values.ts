/**
 * The payment form (the ledger's 'Add Payment' dialog and /vendors/payment): its values, the body
 * sent (POST /vendorTransaction/{vendorId}/payments, PaymentBody) and its check, which is the
 * service's schema with its words (LEDGER_MESSAGES) plus what the schema cannot say: a vendor
 * chosen, an amount within the maximum, a date not in the future (in India).
 */
import {
  amountTooLarge,
  DEFAULT_PAYMENT_METHOD,
  LEDGER_MESSAGES,
  MAX_RUPEES,
  PaymentBody,
  type PaymentMethod,
} from '@erp/contracts';
import { formContract, type ConflictField, type FormProblem } from '@erp/ui/remote-form';
import { indiaToday, isDay } from './ledger-dates';

/** The vendor paid: from the ledger open, or picked on /vendors/payment. */
export interface PaymentVendor {
  _id: string;
  name: string;
  /** Display id, VEN-0001. */
  vendorId: string;
  /** What the business owes them now (rupees). */
  outstanding: number;
}

export interface PaymentFormValues {
  vendor: PaymentVendor | null;
  /** Rupees as typed: digits and at most two decimals. */
  amount: string;
  /** YYYY-MM-DD. */
  date: string;
  method: PaymentMethod;
  /** UTR, cheque number… */
  reference: string;
  notes: string;
  /** Made when the form opens; the same for every try from it (a double-click records once). */
  requestKey: string;
}

/** A new payment: today's date in India, NEFT (SPEC §9), a fresh request key. */
export function newPaymentValues(
  vendor: PaymentVendor | null,
  requestKey: string,
  today: string = indiaToday(),
): PaymentFormValues {
  return {
    vendor,
    amount: '',
    date: today,
    method: DEFAULT_PAYMENT_METHOD,
    reference: '',
    notes: '',
    requestKey,
  };
}

/** Keeps what an amount can hold: digits and one decimal point with at most two decimals ('1,20,000.505' -> '120000.50'). */
export function sanitizeAmount(raw: string): string {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** The typed amount in rupees; NaN when it is not a number (the schema then refuses it with LEDGER_MESSAGES.amount). */
export function parseAmount(text: string): number {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return 0;
  return /^\d*\.?\d*$/.test(trimmed) && trimmed !== '.' ? Number(trimmed) : Number.NaN;
}

/** The body of POST /vendorTransaction/{id}/payments: an empty reference or notes is left out, both trimmed. */
export function paymentBody(values: PaymentFormValues): PaymentBody {
  const body: PaymentBody = {
    amount: parseAmount(values.amount),
    date: values.date,
    method: values.method,
    requestKey: values.requestKey,
  };
  const reference = values.reference.trim();
  const notes = values.notes.trim();
  if (reference) body.reference = reference;
  if (notes) body.notes = notes;
  return body;
}

/** What the schema cannot say about an amount and a date, shared by the payment and the credit note forms. */
export function amountAndDateRules(values: { amount: string; date: string }, today: string): FormProblem[] {
  const problems: FormProblem[] = [];
  if (parseAmount(values.amount) > MAX_RUPEES)
    problems.push({ field: 'amount', message: amountTooLarge('Amount') });
  if (isDay(values.date) && values.date > today)
    problems.push({ field: 'date', message: LEDGER_MESSAGES.dateFuture });
  else if (values.date && !isDay(values.date))
    problems.push({ field: 'date', message: LEDGER_MESSAGES.date });
  return problems;
}

export const CHOOSE_VENDOR = 'Please choose a vendor';

export function paymentRules(values: PaymentFormValues, today: string = indiaToday()): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!values.vendor) problems.push({ field: 'vendor', message: CHOOSE_VENDOR });
  return [...problems, ...amountAndDateRules(values, today)];
}

export const paymentContract = formContract<PaymentFormValues, PaymentBody>({
  schema: PaymentBody,
  toBody: paymentBody,
  rules: (values) => paymentRules(values),
});

/** A 409 about the reference ("Reference UTR123 is already on this vendor's ledger") marks the Reference field. */
export function paymentConflict(message: string): ConflictField<PaymentFormValues> | undefined {
  return /^reference\b/i.test(message)
    ? { field: 'reference', advice: 'check the reference and try again' }
    : undefined;
}
