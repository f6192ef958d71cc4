/**
 * The 'Indent Items' lines: DataTable (a table on desktops, cards on phones, window-virtualised above
 * 60 lines) over stable row handles ({ key, index, last }). The table itself is memoised and only sees
 * new rows when lines come, go or move; each cell reads its own field from the form (FormField, or a
 * subscription to one path). Typing a quantity re-renders that quantity and its 'Over BOQ' flag, not
 * the other lines, and not the table: a 300-line indent stays quick on a phone.
 */
import type { BoqItemBalance } from '@erp/contracts';
import { Button, Icon, Input, theme } from '@erp/ui';
import { LineEditor, lineContext, LineItemName, type Column } from '@erp/ui/remote';
import { FormField, LineRemarkField, useFieldValue, type FormKit } from '@erp/ui/remote-form';
import { memo } from 'react';
import { css } from 'styled-components';
import { OverBoqFlag } from '../../shared/components/over-boq';
import { overBoqBy, qtyWithUnit } from '../../shared/hooks/indent-format';
import { parseQuantity, sanitizeQuantity, type IndentFormValues } from '../hooks/indent-form-values';

export interface LinesContextValue {
  kit: FormKit<IndentFormValues>;
  /** The chosen BOQ's lines by item id; undefined while there is no BOQ or it is loading. */
  balances: ReadonlyMap<string, BoqItemBalance> | undefined;
  move: (index: number, delta: -1 | 1) => void;
  remove: (index: number) => void;
  disabled: boolean;
}

const [LinesContext, useLines] = lineContext<LinesContextValue>('Indent line cells');

/** A line of the table: which line it is. The same object while lines are only typed in. */
export interface LineRow {
  key: string;
  index: number;
  last: boolean;
}

const path = <F extends 'item' | 'quantity' | 'remark'>(index: number, field: F) =>
  `items.${index}.${field}` as const;

/** The DOM id of a line's action button (found again after the line moves). */
export const lineButtonId = (key: string, action: 'up' | 'down' | 'remove') => `indent-line-${key}-${action}`;

function ItemCell({ index }: { index: number }) {
  const { kit, balances } = useLines();
  const item = useFieldValue(kit, path(index, 'item')) as
    IndentFormValues['items'][number]['item'] | undefined;
  if (!item) return null;
  const line = balances?.get(item._id);
  return (
    <LineItemName>
      <strong>{item.name}</strong>
      {balances && (
        <small>
          {line ? `Balance: ${qtyWithUnit(line.balanceQuantity, line.unit || item.unit)}` : 'Not in this BOQ'}
        </small>
      )}
    </LineItemName>
  );
}

function UnitCell({ index }: { index: number }) {
  const { kit } = useLines();
  const item = useFieldValue(kit, path(index, 'item')) as { unit: string } | undefined;
  return <span>{item?.unit ?? ''}</span>;
}

function OverBoqCell({ index }: { index: number }) {
  const { kit, balances } = useLines();
  const quantity = String(useFieldValue(kit, path(index, 'quantity')) ?? '');
  const item = useFieldValue(kit, path(index, 'item')) as { _id: string; unit: string } | undefined;
  if (!balances || !item) return null;
  const line = balances.get(item._id);
  return (
    <OverBoqFlag
      overBy={overBoqBy(parseQuantity(quantity), line ? line.balanceQuantity : null)}
      unit={item.unit}
      className="over"
    />
  );
}

function QuantityCell({ index }: { index: number }) {
  const { kit } = useLines();
  const item = useFieldValue(kit, path(index, 'item')) as { name: string } | undefined;
  return (
    <div className="qty-cell">
      <FormField
        kit={kit}
        name={path(index, 'quantity')}
        label={`Quantity of ${item?.name ?? `line ${index + 1}`}`}
        required
        className="qty"
        clean={sanitizeQuantity}
        control={
          <Input
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            aria-required="true"
            enterKeyHint="next"
          />
        }
      />
      <OverBoqCell index={index} />
    </div>
  );
}

function RemarkCell({ index }: { index: number }) {
  const { kit } = useLines();
  return <LineRemarkField kit={kit} name={path(index, 'remark')} index={index} />;
}

/** A line's buttons, in order: move up, move down, remove. */
const LINE_BUTTONS = [
  { action: 'up', icon: 'chevronUp', label: (n: number) => `Move line ${n} up`, title: 'Move up' },
  { action: 'down', icon: 'chevronDown', label: (n: number) => `Move line ${n} down`, title: 'Move down' },
  { action: 'remove', icon: 'trash', label: (n: number) => `Remove line ${n}`, title: 'Remove' },
] as const;

function LineActions({ row }: { row: LineRow }) {
  const { move, remove, disabled } = useLines();
  const press = {
    up: () => move(row.index, -1),
    down: () => move(row.index, 1),
    remove: () => remove(row.index),
  };
  const atEdge = { up: row.index === 0, down: row.last, remove: false };
  return (
    <>
      {LINE_BUTTONS.map((b) => (
        <Button
          key={b.action}
          id={lineButtonId(row.key, b.action)}
          className={b.action === 'remove' ? 'remove' : undefined}
          variant="ghost"
          size="icon"
          onClick={press[b.action]}
          disabled={disabled || atEdge[b.action]}
          aria-label={b.label(row.index + 1)}
          title={b.title}
        >
          <Icon name={b.icon} />
        </Button>
      ))}
    </>
  );
}

const COLUMNS: Column<LineRow>[] = [
  { id: 'item', header: 'Item Name', primary: true, cell: (row) => <ItemCell index={row.index} /> },
  { id: 'unit', header: 'Unit', cell: (row) => <UnitCell index={row.index} /> },
  { id: 'quantity', header: 'Quantity', cell: (row) => <QuantityCell index={row.index} /> },
  { id: 'remark', header: 'Remark', cell: (row) => <RemarkCell index={row.index} /> },
];

const actions = (row: LineRow) => <LineActions row={row} />;

/** Widths on desktops; the quantity with its 'Over BOQ' flag under it. */
const LAYOUT = css`
  & .qty-cell {
    display: grid;
    gap: 0.25rem;
  }
  & .over {
    white-space: normal;
  }
  ${theme.media.desktop} {
    & td:first-child {
      padding-top: 0.625rem;
      min-width: 12rem;
    }
    & td:nth-child(2) {
      padding-top: 1rem;
      white-space: nowrap;
    }
    & .qty {
      width: 8rem;
    }
    & .qty input {
      text-align: right;
      font-variant-numeric: tabular-nums;
    }
    & .remark {
      min-width: 10rem;
    }
    & td:last-child {
      white-space: nowrap;
    }
  }
`;

export interface IndentLinesProps {
  context: LinesContextValue;
  rows: LineRow[];
}

/** The lines as rows. Memoised: the form re-renders on every keystroke, this does not unless its context or rows change. */
export const IndentLines = memo(function IndentLines({ context, rows }: IndentLinesProps) {
  return (
    <LinesContext.Provider value={context}>
      <LineEditor
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.key}
        actions={actions}
        caption="Indent items"
        termWidth="5.5rem"
        layout={LAYOUT}
      />
    </LinesContext.Provider>
  );
});
