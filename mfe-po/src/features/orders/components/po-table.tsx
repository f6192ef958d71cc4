import type { Member, PoSummary } from '@erp/contracts';
import { formatDate, formatINR, formatNumber, Link, theme } from '@erp/ui';
import { DataTable, Figure, RowAction, TwoLines, type Column, type ListSort } from '@erp/ui/remote';
import styled from 'styled-components';
import { canReceive } from '../../shared/hooks/po-access';
import { isClosed, poPath, receiptPath } from '../../shared/hooks/po-format';
import { PoStatusBadge } from '../../shared/components/po-status-badge';

const Stack = styled(TwoLines)`
  ${theme.media.desktop} {
    &.wide {
      min-width: 7rem;
    }
    /* A long BOQ name takes two lines at most (the whole name on hover). */
    &.clamp {
      min-width: 6rem;
    }
    &.clamp > small {
      overflow-wrap: normal;
      display: -webkit-box;
      -webkit-line-clamp: 2;
      -webkit-box-orient: vertical;
      overflow: hidden;
    }
  }
`;

const PoLink = styled(Link)`
  font-weight: 600;
  color: ${theme.color.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
  white-space: nowrap;
`;

const poNumber: Column<PoSummary> = {
  id: 'poNumber',
  header: 'PO #',
  primary: true,
  cell: (po) => <PoLink to={poPath(po._id)}>{po.poNumber}</PoLink>,
};
const vendor: Column<PoSummary> = {
  id: 'vendor',
  header: 'Vendor',
  cell: (po) => <Stack className="wide">{po.vendor.name}</Stack>,
};
const project: Column<PoSummary> = {
  id: 'project',
  header: 'Project',
  cell: (po) => (
    <Stack className="wide">
      <span>{po.projectId.name}</span>
      <small>{po.projectId.projectCode}</small>
    </Stack>
  ),
};
const items: Column<PoSummary> = {
  id: 'items',
  header: 'Items',
  align: 'right',
  cell: (po) => <Figure>{formatNumber(po.itemCount)}</Figure>,
};
const orderDate: Column<PoSummary> = {
  id: 'orderDate',
  header: 'Order Date',
  cell: (po) => <Figure>{formatDate(po.orderDate)}</Figure>,
};
const status: Column<PoSummary> = {
  id: 'status',
  header: 'Status',
  cell: (po) => <PoStatusBadge status={po.status} />,
};
const amount = (header: string): Column<PoSummary> => ({
  id: 'amount',
  header,
  align: 'right',
  cell: (po) => <Figure>{formatINR(po.amount)}</Figure>,
});

/** SPEC §2 "PO list": PO #, Indent ID (to the indent), Vendor, Project, Items, Order Date, Amount, Status. */
const LIST_COLUMNS: Column<PoSummary>[] = [
  poNumber,
  {
    id: 'indent',
    header: 'Indent ID',
    cell: (po) => (
      <PoLink to={`/indent/${encodeURIComponent(po.indentId._id)}`} title={po.indentId.title || undefined}>
        {po.indentId.indentId}
      </PoLink>
    ),
  },
  vendor,
  project,
  items,
  orderDate,
  amount('Amount'),
  status,
];

/**
 * SPEC §2 "Active PO list for receiving": PO #, BoQ ID, Vendor, Project, Items, Order Date, Total
 * Amount, Status; sorted on the server by Order Date, Status, Vendor, Project or PO Number.
 */
export const OPEN_COLUMNS: Column<PoSummary>[] = [
  { ...poNumber, sortKey: 'poNumber' },
  {
    id: 'boq',
    header: 'BoQ ID',
    cell: (po) => (
      <Stack className="clamp">
        <Figure>{po.boqId.boqId}</Figure>
        {po.boqId.name && <small title={po.boqId.name}>{po.boqId.name}</small>}
      </Stack>
    ),
  },
  { ...vendor, sortKey: 'vendor' },
  { ...project, sortKey: 'project' },
  items,
  { ...orderDate, sortKey: 'orderDate', sortDescFirst: true },
  amount('Total Amount'),
  { ...status, sortKey: 'status' },
];

type Who = Pick<Member, 'role' | 'permissions'>;

function HistoryAction({ po, to }: { po: PoSummary; to: string }) {
  return <RowAction to={to} icon="file" label="History" aria-label={`History of ${po.poNumber}`} />;
}

function DetailsAction({ po }: { po: PoSummary }) {
  return (
    <RowAction to={poPath(po._id)} icon="eye" label="Details" aria-label={`Details of ${po.poNumber}`} />
  );
}

/** /po/list: 'History' (to the deliveries) for a closed PO, 'Details' for an open or partial one. */
export function PoListTable({ pos }: { pos: PoSummary[] }) {
  return (
    // Nine columns fit a laptop's width.
    <DataTable
      caption="Purchase orders"
      columns={LIST_COLUMNS}
      rows={pos}
      dense
      actions={(po) =>
        isClosed(po.status) ? (
          <HistoryAction po={po} to={poPath(po._id, 'history')} />
        ) : (
          <DetailsAction po={po} />
        )
      }
    />
  );
}

export interface OpenPoTableProps {
  pos: PoSummary[];
  user: Who;
  sort: ListSort | null;
  onSortChange: (sort: ListSort) => void;
}

/**
 * /po/open: 'Receive' (to the goods receipt) for whoever records receipts, else 'Details'; a closed
 * row (closed since the page loaded) offers its 'History'. The rows arrive sorted by the server.
 */
export function OpenPoTable({ pos, user, sort, onSortChange }: OpenPoTableProps) {
  const receive = canReceive(user);
  return (
    <DataTable
      caption="Purchase orders open for receiving"
      columns={OPEN_COLUMNS}
      rows={pos}
      sort={sort}
      onSortChange={onSortChange}
      sortMode="server"
      dense
      actions={(po) =>
        isClosed(po.status) ? (
          <HistoryAction po={po} to={poPath(po._id)} />
        ) : receive ? (
          <RowAction
            to={receiptPath(po._id)}
            variant="default"
            icon="truck"
            label="Receive"
            name={po.poNumber}
          />
        ) : (
          <DetailsAction po={po} />
        )
      }
    />
  );
}
