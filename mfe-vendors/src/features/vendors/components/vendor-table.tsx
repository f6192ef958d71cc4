import type { Vendor } from '@erp/contracts';
import { formatDate, formatINR, Icon, LinkButton, theme } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';

const Name = styled.span`
  font-weight: 500;
`;

const Code = styled.span`
  font-family: ${theme.font.mono};
  font-size: 0.8125rem;
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

const Money = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const columns: Column<Vendor>[] = [
  { id: 'vendorId', header: 'Vendor ID', cell: (v) => <Code>{v.vendorId}</Code> },
  { id: 'name', header: 'Name', primary: true, cell: (v) => <Name>{v.name}</Name> },
  { id: 'created', header: 'Created Date', cell: (v) => <Muted>{formatDate(v.createdAt)}</Muted> },
  { id: 'status', header: 'Status', cell: (v) => <VendorStatusBadge status={v.status} /> },
  { id: 'items', header: 'Items', align: 'right', cell: (v) => v.totalItems },
  { id: 'totalPO', header: 'Total POs', align: 'right', cell: (v) => v.totalPO },
  { id: 'openPO', header: 'Open POs', align: 'right', cell: (v) => v.openPO },
  // SPEC §9: ledger amounts show no decimals.
  {
    id: 'wallet',
    header: 'Outstanding',
    align: 'right',
    cell: (v) => <Money>{formatINR(v.wallet, 0)}</Money>,
  },
];

/** Vendors as a table on desktops and cards on phones, each with Open. */
export function VendorTable({ vendors }: { vendors: Vendor[] }) {
  return (
    <DataTable
      caption="Vendors"
      columns={columns}
      rows={vendors}
      rowKey={(v) => v._id}
      actions={(v) => (
        <LinkButton
          to={`/vendors/detail?id=${encodeURIComponent(v._id)}`}
          variant="outline"
          size="sm"
          aria-label={`Open ${v.name}`}
        >
          Open
          <Icon name="chevronRight" />
        </LinkButton>
      )}
    />
  );
}
