/**
 * Step 2's receipt summary and invoice fields (SPEC §2: receipt summary, Global Notes, Invoice
 * Number, Invoice Date; decision 0022: the real invoice amount). Each field subscribes to its own
 * value; the summary is worked out once (the lines cannot change on this step).
 */
import { RECEIPT_TEXT, type ExpectedAmount } from '@erp/contracts';
import { Field, Input, Textarea, theme } from '@erp/ui';
import { DateInput, FormSection } from '@erp/ui/remote';
import { memo, useMemo, useState, type ReactElement } from 'react';
import styled from 'styled-components';
import { useFieldValue, type ReceiptField, type ReceiptStore } from '../hooks/receipt-store';
import {
  expectedAmountText,
  hundredthsWithUnit,
  invoiceProblems,
  invoiceWarning,
  receiptFieldId,
  receiptSummary,
  sanitizeAmount,
  todayInIndia,
  type ReceiptLineInfo,
} from '../hooks/receipt-values';

const SummaryList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  & > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0.25rem 1rem;
    padding: 0.625rem 0.875rem;
    font-size: 0.875rem;
  }
  & > li + li {
    border-top: 1px solid ${theme.color.border};
  }
  & .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & .qty {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  & .detail {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  & .rejected {
    color: ${theme.color.destructive};
  }
`;

const Totals = styled.p`
  margin-bottom: 0.75rem;
  font-size: 0.875rem;
  color: ${theme.color.mutedForeground};
`;

/** The lines of this receipt: received, accepted and rejected, with units. */
export const ReceiptSummary = memo(function ReceiptSummary({
  store,
  lines,
}: {
  store: ReceiptStore;
  lines: readonly ReceiptLineInfo[];
}) {
  const summary = useMemo(() => receiptSummary(store.get(), lines), [store, lines]);
  const rejectedLines = summary.filter((l) => l.rejected > 0).length;
  return (
    <FormSection
      title="Receipt Summary"
      description="What arrived, what was accepted and what was turned away"
    >
      <Totals>
        {summary.length} {summary.length === 1 ? 'item' : 'items'} received
        {rejectedLines > 0 ? ` · ${rejectedLines} with rejected goods` : ''}
      </Totals>
      <SummaryList aria-label="Items in this receipt">
        {summary.map((line) => (
          <li key={line.itemId}>
            <span className="name">{line.name}</span>
            <span className="qty">Received {hundredthsWithUnit(line.received, line.unit)}</span>
            <span className="detail">
              <span>Accepted {hundredthsWithUnit(line.accepted, line.unit)}</span>
              <span className={line.rejected > 0 ? 'rejected' : undefined}>
                Rejected {hundredthsWithUnit(line.rejected, line.unit)}
              </span>
              {line.remark && <span>Remark: {line.remark}</span>}
            </span>
          </li>
        ))}
      </SummaryList>
    </FormSection>
  );
});

const AmountWrap = styled.div`
  position: relative;
  & > span {
    position: absolute;
    left: 0.75rem;
    top: 50%;
    transform: translateY(-50%);
    color: ${theme.color.mutedForeground};
    pointer-events: none;
  }
  & > input {
    padding-left: 1.75rem;
  }
`;

const Tall = styled.div`
  & input {
    ${theme.media.mobile} {
      height: 2.75rem;
    }
  }
`;

interface InvoiceFieldProps {
  store: ReceiptStore;
  field: ReceiptField;
  label: string;
  required?: boolean;
  hint?: string;
  /** Messages show from the first Confirm on, or once the field was left with something in it. */
  showErrors: boolean;
  disabled: boolean;
  className?: string;
  render: (props: InvoiceControlProps) => ReactElement;
}

interface InvoiceControlProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string;
  disabled: boolean;
}

/** What an invoice field's control takes from it as is (how it reports a change is its own). */
const controlOf = (p: InvoiceControlProps) => ({
  id: p.id,
  value: p.value,
  onBlur: p.onBlur,
  disabled: p.disabled,
  'aria-invalid': p.invalid || undefined,
  'aria-describedby': p.describedBy,
});

function InvoiceField({
  store,
  field,
  label,
  required,
  hint,
  showErrors,
  disabled,
  className,
  render,
}: InvoiceFieldProps) {
  const value = useFieldValue(store, field);
  const [left, setLeft] = useState(false);
  const id = receiptFieldId(field);
  const problem = invoiceProblems(store.get()).find((p) => p.field === field)?.message;
  const error = problem && (showErrors || (left && value.trim() !== '')) ? problem : undefined;
  return (
    <Field label={label} htmlFor={id} required={required} hint={hint} error={error} className={className}>
      {render({
        id,
        value,
        onChange: (next) => store.setField(field, next),
        onBlur: () => setLeft(true),
        invalid: Boolean(error),
        describedBy: `${id}-msg`,
        disabled,
      })}
    </Field>
  );
}

const Warning = styled.div`
  padding: 0.625rem 0.875rem;
  border: 1px solid #fde68a;
  border-radius: ${theme.radius.md};
  background: #fffbeb;
  font-size: 0.875rem;
  & > strong {
    display: block;
    margin-bottom: 0.125rem;
  }
`;

/**
 * The invoice amount against what the accepted goods should cost (decision 0037): a warning while
 * it differs beyond the tolerance. Sending stays allowed (Confirm Receipt asks once more).
 */
function InvoiceAmountCheck({ store, expected }: { store: ReceiptStore; expected: ExpectedAmount | null }) {
  const amount = useFieldValue(store, 'invoiceAmount');
  const warning = invoiceWarning(amount, expected);
  return (
    <div className="span-2" role="status" aria-live="polite">
      {warning && (
        <Warning>
          <strong>{warning.title}</strong>
          {warning.text}
        </Warning>
      )}
    </div>
  );
}

export interface InvoiceFieldsProps {
  store: ReceiptStore;
  showErrors: boolean;
  disabled: boolean;
  /** What the invoice should come to, for the accepted quantities (null while nothing is accepted). */
  expected: ExpectedAmount | null;
}

type CommonFieldProps = Pick<InvoiceFieldProps, 'store' | 'showErrors' | 'disabled'>;

function NotesField(common: CommonFieldProps) {
  return (
    <InvoiceField
      {...common}
      field="notes"
      label="Global Notes"
      hint="Optional: the vehicle, who unloaded, anything about this delivery"
      className="span-2"
      render={(p) => (
        <Textarea
          {...controlOf(p)}
          rows={3}
          maxLength={RECEIPT_TEXT.remarks}
          placeholder="Truck number, unloading notes…"
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    />
  );
}

function InvoiceNumberField(common: CommonFieldProps) {
  return (
    <Tall>
      <InvoiceField
        {...common}
        field="invoiceNumber"
        label="Invoice Number"
        required
        render={(p) => (
          <Input
            {...controlOf(p)}
            maxLength={RECEIPT_TEXT.invoiceNumber}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="e.g. INV/26-27/0042"
            onChange={(e) => p.onChange(e.target.value)}
            aria-required="true"
          />
        )}
      />
    </Tall>
  );
}

function InvoiceDateField({ today, ...common }: CommonFieldProps & { today: string }) {
  return (
    <Tall>
      <InvoiceField
        {...common}
        field="invoiceDate"
        label="Invoice Date"
        required
        render={(p) => <DateInput {...controlOf(p)} max={today} onChange={p.onChange} aria-required="true" />}
      />
    </Tall>
  );
}

function InvoiceAmountField({ expected, ...common }: CommonFieldProps & { expected: ExpectedAmount | null }) {
  return (
    <Tall>
      <InvoiceField
        {...common}
        field="invoiceAmount"
        label="Invoice Amount (₹)"
        required
        hint={
          expected
            ? `The invoice's total, with GST. ${expectedAmountText(expected)}.`
            : "The invoice's total, with GST"
        }
        render={(p) => (
          <AmountWrap>
            <span aria-hidden="true">₹</span>
            <Input
              {...controlOf(p)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              onChange={(e) => p.onChange(sanitizeAmount(e.target.value))}
              aria-required="true"
            />
          </AmountWrap>
        )}
      />
    </Tall>
  );
}

/** Global Notes, Invoice Number, Invoice Date, Invoice Amount (with the amount expected). */
export function InvoiceFields({ store, showErrors, disabled, expected }: InvoiceFieldsProps) {
  const today = todayInIndia();
  const common = { store, showErrors, disabled };
  return (
    <FormSection title="Invoice Details" description="As printed on the vendor's invoice" grid>
      <NotesField {...common} />
      <InvoiceNumberField {...common} />
      <InvoiceDateField {...common} today={today} />
      <InvoiceAmountField {...common} expected={expected} />
      <InvoiceAmountCheck store={store} expected={expected} />
    </FormSection>
  );
}
