/**
 * Step 1's lines: DataTable (a table on desktops, cards on phones, window-virtualised above 60
 * lines) over the PO's pending lines. The table is memoised and its rows are the PO's lines, which
 * do not change while typing; the inputs are uncontrolled (the browser keeps what is typed) and write
 * into the receipt store, and only the cells that show something derived from a line (its errors, the
 * accepted quantity) subscribe to that line. A keystroke re-renders a few cells of one row.
 */
import { fromHundredths, RECEIPT_TEXT } from '@erp/contracts';
import { Input, theme, useIsMobile } from '@erp/ui';
import { LineEditor, lineContext, LineItemName, type Column } from '@erp/ui/remote';
import { memo, useEffect, useMemo, type FormEvent } from 'react';
import styled, { css } from 'styled-components';
import { useLineValues, type ReceiptStore } from '../hooks/receipt-store';
import {
  BAD_INPUT,
  checkLine,
  formatHundredths,
  hundredthsWithUnit,
  linePath,
  receiptFieldId,
  type ReceiptLineInfo,
  type ReceiptLineValues,
} from '../hooks/receipt-values';

interface LinesContextValue {
  store: ReceiptStore;
  disabled: boolean;
}

const [LinesContext, useLines] = lineContext<LinesContextValue>('Receipt line cells');

const Num = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const ErrorText = styled.p`
  margin-top: 0.25rem;
  font-size: 0.8125rem;
  line-height: 1.3;
  color: ${theme.color.destructive};
  white-space: normal;
  text-align: left;
`;

/** What a line's quantity input shows when it mounts (again, after scrolling back to it). */
const shown = (raw: string) => (raw === BAD_INPUT ? '' : raw);

function QuantityInput({
  line,
  field,
  label,
}: {
  line: ReceiptLineInfo;
  field: 'received' | 'rejected';
  label: string;
}) {
  const { store, disabled } = useLines();
  const values = useLineValues(store, line.itemId);
  const check = checkLine(values, line);
  const error = field === 'received' ? check.receivedError : check.rejectedError;
  const id = receiptFieldId(linePath(line.itemId, field));
  // Text the browser could not read is not shown again when the row comes back (scrolled away and
  // back): the field is empty then, and so is its value.
  useEffect(() => {
    if (store.line(line.itemId)[field] === BAD_INPUT)
      store.setLine(line.itemId, { [field]: '' } as Partial<ReceiptLineValues>);
  }, [store, line.itemId, field]);
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const el = event.currentTarget;
    // A number input says '' for text it cannot read ('1e'): keep that apart from nothing typed.
    store.setLine(line.itemId, {
      [field]: el.validity.badInput ? BAD_INPUT : el.value,
    } as Partial<ReceiptLineValues>);
  };
  return (
    <div className="qty">
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        max={field === 'received' ? fromHundredths(line.pending) : undefined}
        placeholder="0"
        autoComplete="off"
        enterKeyHint="next"
        defaultValue={shown(values[field])}
        onInput={onInput}
        // A wheel over a focused number input would change the quantity while the page scrolls.
        onWheel={(event) => event.currentTarget.blur()}
        disabled={disabled}
        aria-label={`${label}, ${line.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-msg` : undefined}
      />
      {error && (
        <ErrorText id={`${id}-msg`} role="alert">
          {error}
        </ErrorText>
      )}
    </div>
  );
}

function AcceptedCell({ line }: { line: ReceiptLineInfo }) {
  const { store } = useLines();
  const check = checkLine(useLineValues(store, line.itemId), line);
  if (check.accepted === null || check.receivedError || check.rejectedError)
    return <Num aria-label={`Accepted, ${line.name}: not known yet`}>—</Num>;
  return <Num>{hundredthsWithUnit(check.accepted, line.unit)}</Num>;
}

function RemarkInput({ line }: { line: ReceiptLineInfo }) {
  const { store, disabled } = useLines();
  const id = receiptFieldId(linePath(line.itemId, 'remark'));
  return (
    <Input
      id={id}
      className="remark"
      placeholder="Optional"
      autoComplete="off"
      maxLength={RECEIPT_TEXT.lineRemark}
      defaultValue={store.line(line.itemId).remark}
      onInput={(event) => store.setLine(line.itemId, { remark: event.currentTarget.value })}
      disabled={disabled}
      aria-label={`Remark, ${line.name}`}
    />
  );
}

const item: Column<ReceiptLineInfo> = {
  id: 'item',
  header: 'Item',
  primary: true,
  cell: (line) => (
    <LineItemName>
      <strong>{line.name}</strong>
    </LineItemName>
  ),
};
const unit: Column<ReceiptLineInfo> = { id: 'unit', header: 'Unit', cell: (line) => line.unit };
const pending: Column<ReceiptLineInfo> = {
  id: 'pending',
  header: 'Pending',
  align: 'right',
  cell: (line) => <Num>{formatHundredths(line.pending)}</Num>,
};
const pendingWithUnit: Column<ReceiptLineInfo> = {
  ...pending,
  cell: (line) => <Num>{hundredthsWithUnit(line.pending, line.unit)}</Num>,
};
const received: Column<ReceiptLineInfo> = {
  id: 'received',
  header: 'Received Qty',
  cell: (line) => <QuantityInput line={line} field="received" label="Received Qty" />,
};
const rejected: Column<ReceiptLineInfo> = {
  id: 'rejected',
  header: 'Rejected Qty',
  cell: (line) => <QuantityInput line={line} field="rejected" label="Rejected Qty" />,
};
const accepted: Column<ReceiptLineInfo> = {
  id: 'accepted',
  header: 'Accepted',
  align: 'right',
  cell: (line) => <AcceptedCell line={line} />,
};
const remark: Column<ReceiptLineInfo> = {
  id: 'remark',
  header: 'Remark',
  cell: (line) => <RemarkInput line={line} />,
};

/** Desktops: the unit has its column. Phones: the card's heading is the item, the unit goes with the pending quantity. */
const DESKTOP_COLUMNS = [item, unit, pending, received, rejected, accepted, remark];
const PHONE_COLUMNS = [item, pendingWithUnit, received, rejected, accepted, remark];

/** The read-only cells lined up with the inputs' text; the quantities right-aligned on desktops. */
const LAYOUT = css`
  ${theme.media.desktop} {
    & td:first-child {
      padding-top: 0.875rem;
      min-width: 11rem;
    }
    & td:nth-child(2),
    & td:nth-child(3),
    & td:nth-child(6) {
      padding-top: 0.875rem;
      white-space: nowrap;
    }
    & .qty {
      width: 8.5rem;
    }
    & .qty input {
      text-align: right;
      font-variant-numeric: tabular-nums;
    }
    & .remark {
      min-width: 10rem;
    }
  }
  ${theme.media.mobile} {
    & dl > div {
      align-items: flex-start;
    }
    & dt {
      padding-top: 0.625rem;
    }
    & dl > div:first-child dt,
    & dl > div:nth-child(4) dt {
      padding-top: 0;
    }
    & dd input {
      height: 2.75rem;
    }
  }
`;

export interface ReceiptLinesProps {
  store: ReceiptStore;
  lines: ReceiptLineInfo[];
  disabled: boolean;
}

/** The PO's pending lines with their inputs. Memoised: typing does not re-render it. */
export const ReceiptLines = memo(function ReceiptLines({ store, lines, disabled }: ReceiptLinesProps) {
  const isMobile = useIsMobile();
  const context = useMemo(() => ({ store, disabled }), [store, disabled]);
  return (
    <LinesContext.Provider value={context}>
      <LineEditor
        columns={isMobile ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        rows={lines}
        rowKey={(line) => line.itemId}
        caption="Items pending on this purchase order"
        hideLabels={false}
        termWidth="6.5rem"
        layout={LAYOUT}
      />
    </LinesContext.Provider>
  );
});
