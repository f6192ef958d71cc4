import type { Vendor } from '@erp/contracts';
import { formatDate, formatINR } from '@erp/ui';
import { CodeText, DataTable, Figure, MutedText, RowAction, RowName, type Column } from '@erp/ui/remote';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';

const columns: Column<Vendor>[] = [
  { id: 'vendorId', header: 'Vendor ID', cell: (v) => <CodeText>{v.vendorId}</CodeText> },
  { id: 'name', header: 'Name', primary: true, cell: (v) => <RowName>{v.name}</RowName> },
  { id: 'created', header: 'Created Date', cell: (v) => <MutedText>{formatDate(v.createdAt)}</MutedText> },
  { id: 'status', header: 'Status', cell: (v) => <VendorStatusBadge status={v.status} /> },
  { id: 'items', header: 'Items', align: 'right', cell: (v) => v.totalItems },
  { id: 'totalPO', header: 'Total POs', align: 'right', cell: (v) => v.totalPO },
  { id: 'openPO', header: 'Open POs', align: 'right', cell: (v) => v.openPO },
  // SPEC §9: ledger amounts show no decimals.
  {
    id: 'wallet',
    header: 'Outstanding',
    align: 'right',
    cell: (v) => <Figure>{formatINR(v.wallet, 0)}</Figure>,
  },
];

/** Vendors as a table on desktops and cards on phones, each with Open. */
export function VendorTable({ vendors }: { vendors: Vendor[] }) {
  return (
    <DataTable
      caption="Vendors"
      columns={columns}
      rows={vendors}
      actions={(v) => (
        <RowAction
          to={`/vendors/detail?id=${encodeURIComponent(v._id)}`}
          icon="chevronRight"
          iconAfter
          label="Open"
          name={v.name}
        />
      )}
    />
  );
}
