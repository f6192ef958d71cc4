import { CREDIT_NOTE_REASONS, PAYMENT_METHODS } from '@erp/contracts';
import { Input, Select, Textarea, theme } from '@erp/ui';
import { DateInput } from '@erp/ui/remote';
import { FormField, type FormKit } from '@erp/ui/remote-form';
import type { FieldPath } from 'react-hook-form';
import styled from 'styled-components';
import type { CreditNoteFormValues } from '../hooks/credit-note-form-values';
import { sanitizeAmount, type PaymentFormValues } from '../hooks/payment-form-values';

/** Two fields side by side (amount and date), one above the other on phones. */
export const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  ${theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const TEXT_MAX = { reference: 60, number: 60, notes: 1000 } as const;

/** The fields every ledger entry form has (amount, date, notes), whichever form it is. */
type EntryValues = { amount: string; date: string; notes: string };
const entryPath = <V extends EntryValues>(name: keyof EntryValues) => name as FieldPath<V>;

/** Amount and Date side by side: the amount cleaned to rupees and paise, the date not after today. */
function AmountAndDate<V extends EntryValues>({ kit, today }: { kit: FormKit<V>; today: string }) {
  return (
    <Pair>
      <FormField
        kit={kit}
        name={entryPath<V>('amount')}
        label="Amount (₹)"
        required
        clean={sanitizeAmount}
        control={<Input inputMode="decimal" placeholder="0.00" autoComplete="off" aria-required="true" />}
      />
      <FormField
        kit={kit}
        name={entryPath<V>('date')}
        label="Date"
        required
        render={(p) => <DateInput {...p} value={String(p.value)} max={today} aria-required="true" />}
      />
    </Pair>
  );
}

function NotesField<V extends EntryValues>({ kit }: { kit: FormKit<V> }) {
  return (
    <FormField
      kit={kit}
      name={entryPath<V>('notes')}
      label="Notes"
      control={<Textarea rows={2} maxLength={TEXT_MAX.notes} placeholder="Optional" />}
    />
  );
}

/** Amount, Date, Method, Reference, Notes of a payment (SPEC §2 "Add Payment"; method NEFT by default, SPEC §9). */
export function PaymentFields({ kit, today }: { kit: FormKit<PaymentFormValues>; today: string }) {
  return (
    <>
      <AmountAndDate kit={kit} today={today} />
      <Pair>
        <FormField
          kit={kit}
          name="method"
          label="Method"
          required
          control={
            <Select>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          }
        />
        <FormField
          kit={kit}
          name="reference"
          label="Reference"
          hint="UTR or cheque number"
          control={
            <Input placeholder="e.g. UTR123456789" autoComplete="off" maxLength={TEXT_MAX.reference} />
          }
        />
      </Pair>
      <NotesField kit={kit} />
    </>
  );
}

/** Credit Note Number, Amount, Date, Reason, Notes (SPEC §2 "Add Credit Note"; reasons of SPEC §9, the first by default). */
export function CreditNoteFields({ kit, today }: { kit: FormKit<CreditNoteFormValues>; today: string }) {
  return (
    <>
      <FormField
        kit={kit}
        name="number"
        label="Credit Note Number"
        required
        control={
          <Input
            placeholder="e.g. CN/26-27/014"
            autoComplete="off"
            maxLength={TEXT_MAX.number}
            aria-required="true"
          />
        }
      />
      <AmountAndDate kit={kit} today={today} />
      <FormField
        kit={kit}
        name="reason"
        label="Reason"
        required
        control={
          <Select>
            {CREDIT_NOTE_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        }
      />
      <NotesField kit={kit} />
    </>
  );
}
