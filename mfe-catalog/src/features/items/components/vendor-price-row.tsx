import { Badge, Button, Field, formatINR, Icon, Input, theme } from '@erp/ui';
import { Switch } from '@erp/ui/remote';
import { FormField, type FormKit } from '@erp/ui/remote-form';
import styled from 'styled-components';
import {
  rowProblems,
  rowTotal,
  sanitizeAmount,
  type ItemFormValues,
  type RowProblems,
  type VendorRowValues,
} from '../hooks/item-form-values';
import { VendorPicker } from './vendor-picker';

const Row = styled.li<{ $removed: boolean }>`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) repeat(4, minmax(6rem, 1fr)) auto auto;
  gap: 0.75rem;
  align-items: end;
  padding: 1rem 0;
  border-bottom: 1px solid ${theme.color.border};
  & > .notes {
    grid-column: 1 / -1;
  }
  ${(p) => (p.$removed ? 'opacity: 0.55; & input, & textarea { text-decoration: line-through; }' : '')}
  ${theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > .vendor {
      grid-column: 1 / -1;
    }
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
  kit: FormKit<ItemFormValues>;
  row: VendorRowValues;
  index: number;
  taken: ReadonlySet<string>;
  onRemove: () => void;
  onRestore: () => void;
}

/** One vendor's price for the item: vendor, price, GST, total (price + GST), MOQ, active, notes. */
export function VendorPriceRow({ kit, row, index, taken, onRemove, onRestore }: VendorPriceRowProps) {
  const path = `vendors.${index}` as const;
  const total = rowTotal(row);
  // An amount above the maximum is said next to its field while it is typed, before any Save.
  const problems: RowProblems = row.removed ? {} : rowProblems(row);
  const locked = kit.saving || row.removed;
  const amount = (field: 'price' | 'gst' | 'moq', label: string, placeholder: string, required?: boolean) => (
    <FormField
      kit={kit}
      name={`${path}.${field}`}
      label={label}
      required={required}
      clean={sanitizeAmount}
      liveError={problems[field]}
      control={<Input inputMode="decimal" placeholder={placeholder} disabled={locked} />}
    />
  );
  return (
    <Row $removed={row.removed} aria-label={`Vendor price ${index + 1}`}>
      <FormField
        kit={kit}
        name={`${path}.vendor`}
        label="Vendor"
        required
        className="vendor"
        render={(props) => <VendorPicker {...props} value={row.vendor} taken={taken} disabled={locked} />}
      />
      {amount('price', 'Price (₹)', '0.00', true)}
      {amount('gst', 'GST (₹)', '0')}
      <Field label="Total Price" htmlFor={kit.fieldId(`${path}.total`)}>
        <Total id={kit.fieldId(`${path}.total`)} aria-live="polite">
          {total === null ? '—' : formatINR(total)}
        </Total>
      </Field>
      {amount('moq', 'MOQ', '0')}
      <Field label="Active" htmlFor={kit.fieldId(`${path}.active`)}>
        <SwitchCell>
          <Switch
            id={kit.fieldId(`${path}.active`)}
            checked={row.active}
            onCheckedChange={(active) => kit.set(`${path}.active`, active)}
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
          disabled={kit.saving}
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
          <Button variant="outline" size="sm" onClick={onRestore} disabled={kit.saving}>
            Undo
          </Button>
        </RemovedLine>
      ) : (
        <FormField
          kit={kit}
          name={`${path}.notes`}
          label="Notes"
          className="notes"
          control={
            <Input placeholder="Delivery terms, brand, validity..." maxLength={1000} disabled={locked} />
          }
        />
      )}
    </Row>
  );
}
