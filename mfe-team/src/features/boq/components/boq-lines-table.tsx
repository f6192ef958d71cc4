import type { BoqLine } from '@erp/contracts';
import { formatINR, Icon, theme, useIsMobile } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { formatQty, isOverConsumed } from '../../shared/hooks/boq-format';

const Num = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** A negative balance (more received than planned) in the warning colour, with an icon for those who do not see colours. */
const Over = styled(Num)`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  color: ${theme.color.destructive};
  font-weight: 600;
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
`;

const ItemName = styled.span`
  font-weight: 500;
`;

function Balance({ line, withUnit }: { line: BoqLine; withUnit?: boolean }) {
  const text = `${formatQty(line.balanceQuantity)}${withUnit ? ` ${line.unit}` : ''}`;
  if (!isOverConsumed(line.balanceQuantity)) return <Num>{text}</Num>;
  return (
    <Over title="More received than planned">
      <Icon name="alert" size={14} />
      {text}
      <Hidden> (more received than planned)</Hidden>
    </Over>
  );
}

const remark = (l: BoqLine) => (l.remark ? l.remark : <Muted>—</Muted>);

/** Desktop: every figure of the line (SPEC §5 "BOQ detail" plus rate and amount). */
const desktopColumns: Column<BoqLine>[] = [
  { id: 'name', header: 'Item Name', primary: true, cell: (l) => <ItemName>{l.name}</ItemName> },
  { id: 'planned', header: 'Planned', align: 'right', cell: (l) => <Num>{formatQty(l.plannedQty)}</Num> },
  {
    id: 'consumed',
    header: 'Consumed',
    align: 'right',
    cell: (l) => <Num>{formatQty(l.consumedQuantity)}</Num>,
  },
  { id: 'balance', header: 'Balance', align: 'right', cell: (l) => <Balance line={l} /> },
  { id: 'unit', header: 'Unit', cell: (l) => l.unit },
  { id: 'rate', header: 'Rate', align: 'right', cell: (l) => <Num>{formatINR(l.rate)}</Num> },
  { id: 'amount', header: 'Amount', align: 'right', cell: (l) => <Num>{formatINR(l.amount)}</Num> },
  { id: 'remark', header: 'Remark', cell: remark },
];

/** Phone cards: Planned, Consumed, Balance (with the unit) and Remark, with the line's real figures. */
const phoneColumns: Column<BoqLine>[] = [
  { id: 'name', header: 'Item Name', primary: true, cell: (l) => <ItemName>{l.name}</ItemName> },
  { id: 'planned', header: 'Planned', cell: (l) => <Num>{`${formatQty(l.plannedQty)} ${l.unit}`}</Num> },
  {
    id: 'consumed',
    header: 'Consumed',
    cell: (l) => <Num>{`${formatQty(l.consumedQuantity)} ${l.unit}`}</Num>,
  },
  { id: 'balance', header: 'Balance', cell: (l) => <Balance line={l} withUnit /> },
  { id: 'remark', header: 'Remark', cell: remark },
];

/** The BOQ's lines; DataTable virtualises a long BOQ (above 60 lines), so 500 lines scroll smoothly. */
export function BoqLinesTable({ lines }: { lines: BoqLine[] }) {
  const phone = useIsMobile();
  return (
    <DataTable
      caption="BOQ items"
      columns={phone ? phoneColumns : desktopColumns}
      rows={lines}
      rowKey={(l) => l._id}
    />
  );
}
