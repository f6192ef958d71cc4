import type { PoLine } from '@erp/contracts';
import { formatINR, theme } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { formatQty, hasCancelled } from '../../shared/hooks/po-format';

const Num = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Pending = styled(Num)`
  font-weight: 600;
  &[data-none] {
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
`;

const Cancelled = styled(Num)`
  color: ${theme.color.destructive};
`;

const Price = styled.span`
  display: grid;
  justify-items: end;
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.75rem;
    white-space: nowrap;
  }
`;

const Name = styled.span`
  font-weight: 500;
  overflow-wrap: anywhere;
`;

const BASE: Column<PoLine>[] = [
  { id: 'item', header: 'Item', primary: true, cell: (l) => <Name>{l.item.name}</Name> },
  { id: 'unit', header: 'Unit', cell: (l) => l.item.unit },
  { id: 'ordered', header: 'Ordered', align: 'right', cell: (l) => <Num>{formatQty(l.totalOrdered)}</Num> },
  {
    id: 'received',
    header: 'Received',
    align: 'right',
    cell: (l) => <Num>{formatQty(l.totalReceived)}</Num>,
  },
  {
    id: 'pending',
    header: 'Pending',
    align: 'right',
    cell: (l) => <Pending data-none={l.pending === 0 ? '' : undefined}>{formatQty(l.pending)}</Pending>,
  },
];

const CANCELLED: Column<PoLine> = {
  id: 'cancelled',
  header: 'Cancelled',
  align: 'right',
  cell: (l) => (l.cancelled > 0 ? <Cancelled>{formatQty(l.cancelled)}</Cancelled> : <Num>0</Num>),
};

const PRICES: Column<PoLine>[] = [
  {
    id: 'price',
    header: 'Unit Price',
    align: 'right',
    cell: (l) => (
      <Price>
        <Num>{formatINR(l.price)}</Num>
        {l.gst > 0 && <small>+ {formatINR(l.gst)} GST</small>}
      </Price>
    ),
  },
  { id: 'value', header: 'Line Value', align: 'right', cell: (l) => <Num>{formatINR(l.totalPrice)}</Num> },
];

const WITHOUT_CANCELLED = [...BASE, ...PRICES];
const WITH_CANCELLED = [...BASE, CANCELLED, ...PRICES];

/**
 * SPEC §2 "PO details": the Ordered Items table (item, unit, ordered, received, pending, unit price,
 * line value), with Cancelled once a short-close cancelled something. Cards on phones; a long PO
 * (more than 60 lines) renders only the rows near the screen.
 */
export function PoLinesTable({ lines }: { lines: PoLine[] }) {
  return (
    <DataTable
      caption="Ordered items"
      columns={hasCancelled(lines) ? WITH_CANCELLED : WITHOUT_CANCELLED}
      rows={lines}
      rowKey={(l) => l._id}
    />
  );
}
