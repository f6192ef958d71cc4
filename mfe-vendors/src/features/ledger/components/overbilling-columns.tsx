import type { OverbillCase, OverbillStatus } from '@erp/contracts';
import { Badge, formatINR, Link, theme } from '@erp/ui';
import type { Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { formatLedgerDate, ledgerPath, poPath } from '../hooks/ledger-format';

const Money = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Delta = styled(Money)`
  font-weight: 600;
  color: ${theme.color.destructive};
`;

const Stack = styled.span`
  display: grid;
  gap: 0.125rem;
  & > a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.75rem;
    overflow-wrap: anywhere;
  }
`;

const VendorName = styled(Stack)`
  min-width: 8rem;
  ${theme.media.mobile} {
    min-width: 0;
  }
`;

const STATUS_VARIANT: Record<OverbillStatus, 'destructive' | 'success' | 'secondary'> = {
  Open: 'destructive',
  Approved: 'success',
  Rejected: 'secondary',
};

/** Invoice amounts are compared to the paisa: this queue shows two decimals (the ledger itself shows whole rupees). */
export const overbillingColumns: Column<OverbillCase>[] = [
  {
    id: 'vendor',
    header: 'Vendor',
    primary: true,
    cell: (c) => (
      <VendorName>
        <Link to={ledgerPath(c.vendor._id)}>{c.vendor.name}</Link>
      </VendorName>
    ),
  },
  // The PO number (a link to the PO) over the vendor's invoice number: the table keeps to the page's width.
  {
    id: 'po',
    header: 'PO / Invoice',
    cell: (c) => (
      <Stack>
        <Link to={poPath(c.po._id)}>{c.po.poNumber}</Link>
        <small style={{ whiteSpace: 'nowrap' }}>Invoice {c.invoiceNumber}</small>
      </Stack>
    ),
  },
  {
    id: 'invoiceAmount',
    header: 'Invoiced',
    align: 'right',
    cell: (c) => <Money>{formatINR(c.invoiceAmount)}</Money>,
  },
  {
    id: 'expected',
    header: 'Expected',
    align: 'right',
    cell: (c) => <Money>{formatINR(c.expectedAmount)}</Money>,
  },
  { id: 'delta', header: 'Delta', align: 'right', cell: (c) => <Delta>+{formatINR(c.delta)}</Delta> },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <Stack>
        <span>
          <Badge variant={STATUS_VARIANT[c.status]}>{c.status}</Badge>
        </span>
        <small style={{ whiteSpace: 'nowrap' }}>Opened {formatLedgerDate(c.openedAt)}</small>
        {c.status !== 'Open' && (
          <small>
            {c.status} {formatLedgerDate(c.decidedAt)}
            {c.decidedBy ? ` by ${c.decidedBy.name}` : ''}
            {c.rejectReason ? `: ${c.rejectReason}` : ''}
          </small>
        )}
      </Stack>
    ),
  },
];
