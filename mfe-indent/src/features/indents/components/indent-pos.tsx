import type { IndentPo } from '@erp/contracts';
import { Badge, formatDate, formatINR, formatNumber, Icon, Link, LinkButton, theme } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { isClosedPo, poStatusLabel } from '../../shared/hooks/indent-format';

const PoLink = styled(Link)`
  font-weight: 600;
  color: ${theme.color.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
  white-space: nowrap;
`;

const Num = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const poPath = (po: IndentPo) => `/po/${encodeURIComponent(po._id || po.id)}`;

function poVariant(status: string): 'default' | 'secondary' | 'outline' {
  const s = status.toLowerCase();
  return s === 'closed' ? 'secondary' : s === 'partial' ? 'outline' : 'default';
}

const columns: Column<IndentPo>[] = [
  {
    id: 'po',
    header: 'PO Number',
    primary: true,
    cell: (po) => <PoLink to={poPath(po)}>{po.poNumber}</PoLink>,
  },
  { id: 'vendor', header: 'Vendor', cell: (po) => po.vendor },
  { id: 'items', header: 'Items', align: 'right', cell: (po) => <Num>{formatNumber(po.items)}</Num> },
  { id: 'amount', header: 'Amount', align: 'right', cell: (po) => <Num>{formatINR(po.amount)}</Num> },
  {
    id: 'status',
    header: 'Status',
    cell: (po) => <Badge variant={poVariant(po.status)}>{poStatusLabel(po.status)}</Badge>,
  },
  { id: 'orderDate', header: 'Order Date', cell: (po) => <Num>{formatDate(po.orderDate)}</Num> },
];

export interface IndentPosTableProps {
  pos: IndentPo[];
  /** May record goods receipts ('Receive'); without it an open PO offers its details. */
  canReceive: boolean;
}

/**
 * SPEC §2 "Indent detail": the POs generated on approval, with 'History' (to the PO) for a closed one
 * and 'Receive' (to its goods receipt) otherwise.
 */
export function IndentPosTable({ pos, canReceive }: IndentPosTableProps) {
  return (
    <DataTable
      caption="Purchase orders generated from this indent"
      columns={columns}
      rows={pos}
      rowKey={(po) => po._id || po.id}
      actions={(po) =>
        isClosedPo(po.status) ? (
          <LinkButton to={poPath(po)} variant="outline" size="sm" aria-label={`History of ${po.poNumber}`}>
            <Icon name="file" />
            History
          </LinkButton>
        ) : canReceive ? (
          <LinkButton to={`${poPath(po)}/receipt`} size="sm" aria-label={`Receive ${po.poNumber}`}>
            <Icon name="truck" />
            Receive
          </LinkButton>
        ) : (
          <LinkButton to={poPath(po)} variant="outline" size="sm" aria-label={`Details of ${po.poNumber}`}>
            <Icon name="eye" />
            Details
          </LinkButton>
        )
      }
    />
  );
}
