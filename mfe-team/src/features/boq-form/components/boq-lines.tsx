/**
 * Step 3's estimate lines: DataTable (a table on desktops, cards on phones, window-virtualised above
 * 60 lines) over stable row handles ({ key, index }), so typing in one line re-renders that field and
 * its amount only: the rows are memoised and each cell reads its own field from the form. 2,000 lines
 * keep about 30 rows in the DOM.
 */
import { UNITS } from '@erp/contracts';
import { Button, formatINR, Icon, Input, Select, theme } from '@erp/ui';
import { LineEditor, lineContext, type Column } from '@erp/ui/remote';
import { FormField, LineRemarkField, useFieldValue, type FormKit } from '@erp/ui/remote-form';
import { useMemo, type RefObject } from 'react';
import type { FieldPath } from 'react-hook-form';
import styled, { css } from 'styled-components';
import { linePaise, sanitizeDecimal, type BoqFormValues, type BoqItemOption } from '../hooks/boq-form-values';
import { ItemPicker } from './pickers';

export interface LinesContextValue {
  kit: FormKit<BoqFormValues>;
  /** How many lines hold each item id (kept current by the form on every render). */
  taken: RefObject<Map<string, number>>;
  remove: (index: number) => void;
}

const [LinesContext, useLines] = lineContext<LinesContextValue>('BOQ line cells');

/** One field's current value as text (the rows themselves are memoised). */
function useFieldText(kit: FormKit<BoqFormValues>, name: FieldPath<BoqFormValues>): string {
  return String(useFieldValue(kit, name) ?? '');
}

/** A line of the table: which line it is. Stable while lines are only typed in. */
export interface LineRow {
  key: string;
  index: number;
}

const path = <F extends 'item' | 'plannedQty' | 'unit' | 'rate' | 'remark'>(index: number, field: F) =>
  `items.${index}.${field}` as const;

function ItemCell({ index }: { index: number }) {
  const { kit, taken } = useLines();
  return (
    <FormField
      kit={kit}
      name={path(index, 'item')}
      label={`Item, line ${index + 1}`}
      required
      className="item"
      render={({ value, onChange, ...props }) => (
        <ItemPicker
          {...props}
          value={(value || null) as BoqItemOption | null}
          isTaken={(id) => (taken.current.get(id) ?? 0) > 0}
          onChange={(item) => {
            const before = kit.form.getValues(path(index, 'item'));
            const unit = kit.form.getValues(path(index, 'unit'));
            onChange(item);
            // The item's unit is the default; a unit the user chose for this line stays.
            if (item.unit && (!unit.trim() || unit === before?.unit)) kit.set(path(index, 'unit'), item.unit);
          }}
        />
      )}
    />
  );
}

function QuantityCell({ index }: { index: number }) {
  const { kit } = useLines();
  return (
    <FormField
      kit={kit}
      name={path(index, 'plannedQty')}
      label={`Planned quantity, line ${index + 1}`}
      required
      className="qty"
      clean={sanitizeDecimal}
      control={<Input inputMode="decimal" placeholder="0.00" autoComplete="off" aria-required="true" />}
    />
  );
}

function UnitCell({ index }: { index: number }) {
  const { kit } = useLines();
  const unit = useFieldText(kit, path(index, 'unit'));
  return (
    <FormField
      kit={kit}
      name={path(index, 'unit')}
      label={`Unit, line ${index + 1}`}
      required
      className="unit"
      control={
        <Select aria-required="true">
          <option value="">Unit</option>
          {/* An item's own unit outside the list (an imported one) stays selectable. */}
          {unit && !(UNITS as readonly string[]).includes(unit) && <option value={unit}>{unit}</option>}
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
      }
    />
  );
}

function RateCell({ index }: { index: number }) {
  const { kit } = useLines();
  return (
    <FormField
      kit={kit}
      name={path(index, 'rate')}
      label={`Rate in rupees, line ${index + 1}`}
      required
      className="rate"
      clean={sanitizeDecimal}
      control={<Input inputMode="decimal" placeholder="0.00" autoComplete="off" aria-required="true" />}
    />
  );
}

const Amount = styled.output`
  display: block;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  font-weight: 500;
`;

function AmountCell({ index }: { index: number }) {
  const { kit } = useLines();
  const plannedQty = useFieldText(kit, path(index, 'plannedQty'));
  const rate = useFieldText(kit, path(index, 'rate'));
  const paise = linePaise({ plannedQty, rate });
  return (
    <Amount aria-label={`Amount, line ${index + 1}`}>{paise === null ? '—' : formatINR(paise / 100)}</Amount>
  );
}

function RemarkCell({ index }: { index: number }) {
  const { kit } = useLines();
  return <LineRemarkField kit={kit} name={path(index, 'remark')} index={index} />;
}

function RemoveButton({ index }: { index: number }) {
  const { kit, remove } = useLines();
  return (
    <Button
      className="remove"
      variant="ghost"
      size="icon"
      onClick={() => remove(index)}
      disabled={kit.saving}
      aria-label={`Remove line ${index + 1}`}
      title="Remove line"
    >
      <Icon name="x" />
      <span className="remove-text">Remove line</span>
    </Button>
  );
}

const COLUMNS: Column<LineRow>[] = [
  // On a phone's card the number heads the card ('Line 3', above the item) instead of a '#' row.
  { id: 'line', header: '#', primary: true, cell: (row) => <span className="line-no">{row.index + 1}</span> },
  { id: 'item', header: 'Item', primary: true, cell: (row) => <ItemCell index={row.index} /> },
  { id: 'plannedQty', header: 'Planned Qty', cell: (row) => <QuantityCell index={row.index} /> },
  { id: 'unit', header: 'Unit', cell: (row) => <UnitCell index={row.index} /> },
  { id: 'rate', header: 'Rate (₹)', cell: (row) => <RateCell index={row.index} /> },
  { id: 'amount', header: 'Amount', align: 'right', cell: (row) => <AmountCell index={row.index} /> },
  { id: 'remark', header: 'Remark', cell: (row) => <RemarkCell index={row.index} /> },
];

const actions = (row: LineRow) => <RemoveButton index={row.index} />;

/** The line number muted on desktops ('Line 3' heading a phone's card); the fields' widths. */
const LAYOUT = css`
  & td > output {
    padding-top: 0.5rem;
  }
  ${theme.media.desktop} {
    & td:first-child {
      padding-top: 1rem;
      color: ${theme.color.mutedForeground};
      font-variant-numeric: tabular-nums;
    }
    & .item {
      min-width: 12rem;
    }
    & .qty {
      min-width: 5.5rem;
    }
    & .unit {
      min-width: 6.5rem;
    }
    & .rate {
      min-width: 6rem;
    }
    & .remark {
      min-width: 8rem;
    }
    & .remove-text {
      display: none;
    }
  }
  ${theme.media.mobile} {
    & .line-no {
      font-size: 0.8125rem;
      font-weight: 500;
      color: ${theme.color.mutedForeground};
    }
    & .line-no::before {
      content: 'Line ';
    }
    & .remove {
      width: 100%;
    }
  }
`;

export interface BoqLinesProps {
  context: LinesContextValue;
  keys: readonly string[];
}

/** The lines as rows; `keys` are the lines' keys in order (the rows change only when lines come or go). */
export function BoqLines({ context, keys }: BoqLinesProps) {
  const signature = keys.join('\n');
  // The rows follow the keys' order, not the array's identity (a new array on every keystroke).
  const rows = useMemo(() => keys.map((key, index) => ({ key, index })), [signature]);
  return (
    <LinesContext.Provider value={context}>
      <LineEditor
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.key}
        actions={actions}
        caption="Estimate items"
        termWidth="6rem"
        layout={LAYOUT}
      />
    </LinesContext.Provider>
  );
}
