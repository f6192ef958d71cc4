import { LEDGER_MESSAGES, type OverbillCase, type OverbillStatus } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  Badge,
  Button,
  EmptyState,
  ErrorPanel,
  formatINR,
  Icon,
  Link,
  LinkButton,
  PageHeader,
  Pagination,
  Spinner,
  theme,
  useQueryParams,
} from '@erp/ui';
import { DataTable, ListSkeleton, Tabs, useCurrentUser, type Column } from '@erp/ui/remote';
import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useOverbilling } from '../api/get-overbilling';
import { canDecideOverbilling, canReadLedgers } from '../hooks/ledger-access';
import {
  OVERBILL_PAGE_SIZE,
  OVERBILL_TABS,
  overbillTabParam,
  parseId,
  parseOverbillTab,
} from '../hooks/ledger-filters';
import { formatLedgerDate, ledgerPath, poPath } from '../hooks/ledger-format';
import { ApproveDialog, RejectDialog } from './overbill-dialogs';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

const Count = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

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

const Footer = styled.div`
  margin-top: 1rem;
`;

/** Approve above Reject on desktop, so the queue fits 1280 px beside the sidebar; side by side on a phone card. */
const Decide = styled.div`
  display: grid;
  gap: 0.375rem;
  ${theme.media.mobile} {
    display: flex;
    gap: 0.5rem;
  }
`;

const STATUS_VARIANT: Record<OverbillStatus, 'destructive' | 'success' | 'secondary'> = {
  Open: 'destructive',
  Approved: 'success',
  Rejected: 'secondary',
};

/** Invoice amounts are compared to the paisa: this queue shows two decimals (the ledger itself shows whole rupees). */
const columns: Column<OverbillCase>[] = [
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

type Deciding = { kind: 'approve' | 'reject'; overbill: OverbillCase } | null;

/**
 * /vendors/overbilling (the accounts list's queue button; SPEC §2 "Shows the count of open
 * overbilling cases via a queue button"): receipts invoiced above what their goods cost at the PO's
 * locked prices, by status (Open first); ?vendor= narrows it to one vendor (a ledger's link). An
 * Admin approves (confirmation) or rejects (reason required), sending the version read: a case
 * decided meanwhile answers 409, whose message shows, and the queue is read again. Others read only.
 */
export function OverbillingPage() {
  const user = useCurrentUser();
  const allowed = canReadLedgers(user);
  const decides = canDecideOverbilling(user);
  const [params, setParams] = useQueryParams();
  const tab = parseOverbillTab(params.get('status'));
  const vendorId = parseId(params.get('vendor'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useOverbilling({ page, tab, vendorId }, allowed);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const close = useCallback(() => setDeciding(null), []);
  const refetch = query.refetch;
  const stale = useCallback(() => void refetch(), [refetch]);
  const rows = query.data?.result;
  const vendorName = vendorId ? rows?.find((c) => c.vendor._id === vendorId)?.vendor.name : undefined;

  const actions = useMemo(
    () =>
      decides && rows?.some((c) => c.status === 'Open')
        ? (c: OverbillCase) =>
            c.status === 'Open' ? (
              <Decide>
                <Button
                  size="sm"
                  onClick={() => setDeciding({ kind: 'approve', overbill: c })}
                  aria-label={`Approve overbilling on ${c.invoiceNumber}`}
                >
                  <Icon name="check" />
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDeciding({ kind: 'reject', overbill: c })}
                  aria-label={`Reject overbilling on ${c.invoiceNumber}`}
                >
                  <Icon name="x" />
                  Reject
                </Button>
              </Decide>
            ) : null
        : undefined,
    [decides, rows],
  );

  const back = (
    <LinkButton to={vendorId ? ledgerPath(vendorId) : '/vendors/account-ledger'} variant="outline">
      <Icon name="arrowLeft" />
      {vendorId ? 'Back to Ledger' : 'Back to Accounts'}
    </LinkButton>
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title="Overbilling Queue" />
        <EmptyState icon="lock" title="Access denied" description={LEDGER_MESSAGES.accessDenied} />
      </>
    );
  }

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading overbilling cases" />;
  else if (query.isError)
    body = (
      <ErrorPanel
        title="Could not load overbilling cases"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!rows || rows.length === 0)
    body = (
      <EmptyState
        icon="check"
        title={
          tab === 'Open'
            ? 'No open overbilling cases'
            : tab === 'all'
              ? 'No overbilling cases'
              : `No ${tab.toLowerCase()} overbilling cases`
        }
        description="A case opens when a goods receipt's invoice is above what its goods cost at the PO's locked prices."
      />
    );
  else
    body = (
      <>
        <DataTable
          caption="Overbilling cases"
          columns={columns}
          rows={rows}
          rowKey={(c) => c._id}
          sortMode="server"
          actions={actions}
        />
        {query.data.totalItems > OVERBILL_PAGE_SIZE && (
          <Footer>
            <Pagination
              page={page}
              pageSize={OVERBILL_PAGE_SIZE}
              totalItems={query.data.totalItems}
              totalCapped={query.data.totalCapped}
              onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
            />
          </Footer>
        )}
      </>
    );

  return (
    <>
      <PageHeader
        title={
          <>
            Overbilling Queue
            {query.isFetching && !query.isPending && <Spinner label="Refreshing" />}
          </>
        }
        description={
          decides
            ? 'Invoices above what the received goods cost at the PO’s locked prices: approve to add the difference to the vendor’s ledger, or reject it'
            : 'Invoices above what the received goods cost at the PO’s locked prices; an Admin approves or rejects each'
        }
        actions={back}
      />
      <Bar>
        <Tabs
          aria-label="Filter by status"
          value={tab}
          onValueChange={(next) =>
            setParams({ status: overbillTabParam(parseOverbillTab(next)), page: undefined })
          }
          tabs={OVERBILL_TABS.map((t) => ({ value: t.value, label: t.label }))}
        />
        {vendorId && (
          <Button variant="ghost" onClick={() => setParams({ vendor: undefined, page: undefined })}>
            <Icon name="x" />
            {vendorName ? `Only ${vendorName}` : 'Only one vendor'}: show all vendors
          </Button>
        )}
        {query.data && (
          <Count aria-live="polite">
            {query.data.totalItems}
            {query.data.totalCapped ? '+' : ''} {query.data.totalItems === 1 ? 'case' : 'cases'}
          </Count>
        )}
      </Bar>
      {body}
      {deciding?.kind === 'approve' && (
        <ApproveDialog overbill={deciding.overbill} onClose={close} onStale={stale} />
      )}
      {deciding?.kind === 'reject' && (
        <RejectDialog overbill={deciding.overbill} onClose={close} onStale={stale} />
      )}
    </>
  );
}
