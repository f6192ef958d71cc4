import { Badge, Button, Field, formatINR, Icon, Input, Switch, theme } from '@erp/ui';
import styled from 'styled-components';
import { rowProblems, rowTotal, sanitizeAmount, type RowProblems, type VendorRowValues } from '../hooks/item-form-values';
import { VendorPicker } from './vendor-picker';

const Row = styled.li<{ $removed: boolean }>`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) repeat(4, minmax(6rem, 1fr)) auto auto;
  gap: 0.75rem;
  align-items: end;
  padding: 1rem 0;
  border-bottom: 1px solid ${theme.color.border};
  & > .notes { grid-column: 1 / -1; }
  ${(p) => (p.$removed ? 'opacity: 0.55; & input, & textarea { text-decoration: line-through; }' : '')}
  ${theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > .vendor { grid-column: 1 / -1; }
  }
`;

const Total = styled.output`
  display: flex;
  align-items: center;
  height: 2.25rem;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const SwitchCell = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  height: 2.25rem;
  font-size: 0.875rem;
`;

const RemovedLine = styled.div`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  font-size: 0.875rem;
`;

export interface VendorPriceRowProps {
  row: VendorRowValues;
  index: number;
  taken: ReadonlySet<string>;
  disabled: boolean;
  onChange: (patch: Partial<VendorRowValues>) => void;
  onRemove: () => void;
  onRestore: () => void;
}

/** One vendor's price for the item: vendor, price, GST, total (price + GST), MOQ, active, notes. */
export function VendorPriceRow({ row, index, taken, disabled, onChange, onRemove, onRestore }: VendorPriceRowProps) {
  const id = `vendor-row-${row.key}`;
  const total = rowTotal(row);
  const problems: RowProblems = row.removed ? {} : rowProblems(row);
  const locked = disabled || row.removed;
  return (
    <Row $removed={row.removed} aria-label={`Vendor price ${index + 1}`}>
      <Field label="Vendor" htmlFor={`${id}-vendor`} required className="vendor">
        <VendorPicker id={`${id}-vendor`} value={row.vendor} taken={taken} onChange={(vendor) => onChange({ vendor })} disabled={locked} />
      </Field>
      <Field label="Price (₹)" htmlFor={`${id}-price`} required error={problems.price}>
        <Input
          id={`${id}-price`}
          inputMode="decimal"
          value={row.price}
          onChange={(e) => onChange({ price: sanitizeAmount(e.target.value) })}
          aria-invalid={problems.price ? true : undefined}
          aria-describedby={`${id}-price-msg`}
          placeholder="0.00"
          disabled={locked}
        />
      </Field>
      <Field label="GST (₹)" htmlFor={`${id}-gst`} error={problems.gst}>
        <Input
          id={`${id}-gst`}
          inputMode="decimal"
          value={row.gst}
          onChange={(e) => onChange({ gst: sanitizeAmount(e.target.value) })}
          aria-invalid={problems.gst ? true : undefined}
          aria-describedby={`${id}-gst-msg`}
          placeholder="0"
          disabled={locked}
        />
      </Field>
      <Field label="Total Price" htmlFor={`${id}-total`}>
        <Total id={`${id}-total`} aria-live="polite">
          {total === null ? '—' : formatINR(total)}
        </Total>
      </Field>
      <Field label="MOQ" htmlFor={`${id}-moq`} error={problems.moq}>
        <Input
          id={`${id}-moq`}
          inputMode="decimal"
          value={row.moq}
          onChange={(e) => onChange({ moq: sanitizeAmount(e.target.value) })}
          aria-invalid={problems.moq ? true : undefined}
          aria-describedby={`${id}-moq-msg`}
          placeholder="0"
          disabled={locked}
        />
      </Field>
      <Field label="Active" htmlFor={`${id}-active`}>
        <SwitchCell>
          <Switch
            id={`${id}-active`}
            checked={row.active}
            onCheckedChange={(active) => onChange({ active })}
            disabled={locked}
            aria-label={`Price from ${row.vendor?.name ?? 'this vendor'} is active`}
          />
          {row.active ? 'Active' : 'Inactive'}
        </SwitchCell>
      </Field>
      {!row.removed ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${row.vendor?.name ?? 'this vendor price'}`}
          title="Remove"
        >
          <Icon name="x" />
        </Button>
      ) : (
        <span />
      )}
      {row.removed ? (
        <RemovedLine>
          <Badge variant="destructive">Removed</Badge>
          <span>This price is removed when you save.</span>
          <Button variant="outline" size="sm" onClick={onRestore} disabled={disabled}>
            Undo
          </Button>
        </RemovedLine>
      ) : (
        <Field label="Notes" htmlFor={`${id}-notes`} className="notes">
          <Input
            id={`${id}-notes`}
            value={row.notes}
            onChange={(e) => onChange({ notes: e.target.value })}
            placeholder="Delivery terms, brand, validity..."
            maxLength={1000}
            disabled={locked}
          />
        </Field>
      )}
    </Row>
  );
}
