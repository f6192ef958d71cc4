import {
  lineAmount,
  toHundredths,
  toPaise,
  unitTotal,
  type IndentLine,
  type IndentStatus,
} from '@erp/contracts';
import { formatINR, theme, useIsMobile } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { OverBoqFlag } from '../../shared/components/over-boq';
import { formatQty, qtyWithUnit } from '../../shared/hooks/indent-format';

const Num = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Stack = styled.span`
  display: grid;
  gap: 0.125rem;
  justify-items: inherit;
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
    font-weight: 400;
  }
  ${theme.media.desktop} {
    &.item {
      min-width: 10rem;
    }
  }
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
`;

const Right = styled(Stack)`
  justify-items: end;
  text-align: right;
  & > small {
    white-space: nowrap;
  }
  ${theme.media.mobile} {
    justify-items: start;
    text-align: left;
  }
`;

/** The line's total at the locked price (price + GST per unit x quantity), or null before approval. */
export function lockedTotal(line: Pick<IndentLine, 'price' | 'gst' | 'quantity'>): number | null {
  if (line.price === null) return null;
  try {
    return (
      lineAmount(unitTotal(toPaise(line.price), toPaise(line.gst ?? 0)), toHundredths(line.quantity)) / 100
    );
  } catch {
    return null;
  }
}

const boqNote = (l: IndentLine) =>
  l.boq ? `BOQ balance: ${qtyWithUnit(l.boq.balanceQuantity, l.unit)}` : 'Not in the BOQ';

const item: Column<IndentLine> = {
  id: 'item',
  header: 'Item',
  primary: true,
  cell: (l) => (
    <Stack className="item">
      <strong>{l.itemName}</strong>
      <small>{boqNote(l)}</small>
    </Stack>
  ),
};
const unit: Column<IndentLine> = { id: 'unit', header: 'Unit', cell: (l) => l.unit };
const quantity: Column<IndentLine> = {
  id: 'quantity',
  header: 'Quantity',
  align: 'right',
  cell: (l) => (
    <Right>
      <Num>{formatQty(l.quantity)}</Num>
      <OverBoqFlag overBy={l.overBoq} unit={l.unit} />
    </Right>
  ),
};
const remark: Column<IndentLine> = {
  id: 'remark',
  header: 'Remark',
  cell: (l) => (l.remark ? l.remark : <Muted>—</Muted>),
};
const vendor: Column<IndentLine> = {
  id: 'vendor',
  header: 'Vendor',
  cell: (l) => l.vendorName ?? <Muted>—</Muted>,
};
const price: Column<IndentLine> = {
  id: 'price',
  header: 'Unit Price',
  align: 'right',
  cell: (l) =>
    l.price === null ? (
      <Muted>—</Muted>
    ) : (
      <Right>
        <Num>{formatINR(l.price)}</Num>
        <small>+ GST {formatINR(l.gst ?? 0)}</small>
      </Right>
    ),
};
const amount: Column<IndentLine> = {
  id: 'amount',
  header: 'Amount',
  align: 'right',
  cell: (l) => {
    const total = lockedTotal(l);
    return total === null ? <Muted>—</Muted> : <Num>{formatINR(total)}</Num>;
  },
};

/** On a phone's card the quantity reads with its unit ('120 bags'); there is no separate unit row. */
const phoneQuantity: Column<IndentLine> = {
  ...quantity,
  cell: (l) => (
    <Right>
      <Num>{qtyWithUnit(l.quantity, l.unit)}</Num>
      <OverBoqFlag overBy={l.overBoq} unit={l.unit} />
    </Right>
  ),
};

/**
 * An indent's lines (SPEC §2 "Indent detail": Item, Unit, Quantity) with the remark and the 'Over BOQ
 * by …' flag; once approved, the chosen vendor and the price locked on approval. DataTable virtualises
 * a long indent.
 */
export function IndentLinesTable({ lines, status }: { lines: IndentLine[]; status: IndentStatus }) {
  const phone = useIsMobile();
  const approved = status === 'approved';
  const columns = phone
    ? [item, phoneQuantity, ...(approved ? [vendor, price, amount] : []), remark]
    : [item, unit, quantity, ...(approved ? [vendor, price, amount] : []), remark];
  return <DataTable caption="Indent items" columns={columns} rows={lines} rowKey={(l) => l._id} />;
}
