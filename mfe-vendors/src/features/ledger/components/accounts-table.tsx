import type { VendorAccount } from '@erp/contracts';
import { Badge, theme } from '@erp/ui';
import { DataTable, MutedText, RowAction, Strong, type Column, type ListSort } from '@erp/ui/remote';
import styled from 'styled-components';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';
import { formatLedgerDate, ledgerPath } from '../hooks/ledger-format';
import { Balance, Rupees } from './rupees';

const Name = styled.span`
  display: grid;
  gap: 0.25rem;
  min-width: 12rem;
  font-weight: 500;
  & > small {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    font-size: 0.75rem;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
  & code {
    font-family: ${theme.font.mono};
  }
  ${theme.media.mobile} {
    min-width: 0;
  }
`;

export const ACCOUNT_COLUMNS: Column<VendorAccount>[] = [
  {
    id: 'name',
    header: 'Vendor',
    primary: true,
    sortable: true,
    sortKey: 'name',
    // The status goes with the name (SPEC §2 "vendors with status"): the table keeps to the page's width.
    cell: (a) => (
      <Name>
        {a.name}
        <small>
          <code>{a.vendorId}</code>
          <VendorStatusBadge status={a.status} />
        </small>
      </Name>
    ),
  },
  {
    id: 'outstanding',
    header: 'Outstanding',
    align: 'right',
    sortable: true,
    sortKey: 'outstanding',
    sortDescFirst: true,
    cell: (a) => (
      <Strong>
        <Balance value={a.outstanding} />
      </Strong>
    ),
  },
  { id: 'paid', header: 'Paid', align: 'right', cell: (a) => <Rupees value={a.paid} /> },
  {
    id: 'creditNotes',
    header: 'Credit Notes',
    align: 'right',
    cell: (a) => <Rupees value={a.creditNotes} />,
  },
  {
    id: 'lastActivity',
    header: 'Last Activity',
    sortable: true,
    sortKey: 'lastActivity',
    sortDescFirst: true,
    cell: (a) => <MutedText>{a.lastActivity ? formatLedgerDate(a.lastActivity) : 'No activity'}</MutedText>,
  },
  {
    id: 'overbilling',
    header: 'Overbilling',
    align: 'right',
    cell: (a) =>
      a.openOverbilling > 0 ? (
        <Badge variant="destructive">{a.openOverbilling} open</Badge>
      ) : (
        <MutedText>None</MutedText>
      ),
  },
];

export interface AccountsTableProps {
  accounts: VendorAccount[];
  sort: ListSort | null;
  onSortChange: (sort: ListSort) => void;
}

/** The vendor accounts as a table on desktops (sortable headers, sorted on the server) and cards on phones, each with 'View Ledger'. */
export function AccountsTable({ accounts, sort, onSortChange }: AccountsTableProps) {
  return (
    <DataTable
      caption="Vendor accounts"
      columns={ACCOUNT_COLUMNS}
      rows={accounts}
      sort={sort}
      onSortChange={onSortChange}
      sortMode="server"
      actions={(a) => (
        <RowAction
          to={ledgerPath(a._id)}
          icon="chevronRight"
          iconAfter
          label="View Ledger"
          aria-label={`View ledger of ${a.name}`}
        />
      )}
    />
  );
}
