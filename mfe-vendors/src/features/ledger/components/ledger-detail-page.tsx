import { LEDGER_MESSAGES, type LedgerEntry } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorPanel,
  Icon,
  loadDialogs,
  LinkButton,
  PageHeader,
  Pagination,
  Spinner,
  theme,
  useQueryParams,
} from '@erp/ui';
import { PageSkeleton, Tabs, useCurrentUser } from '@erp/ui/remote';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useVendorLedger } from '../api/get-ledger';
import { VendorStatusBadge } from '../../shared/components/vendor-status-badge';
import { canAddCreditNote, canAddPayment, canReadLedgers, canReverse } from '../hooks/ledger-access';
import { LEDGER_PAGE_SIZE, parseId, parseRange, rangeParam, RANGE_OPTIONS } from '../hooks/ledger-filters';
import type { PaymentVendor } from '../hooks/payment-form-values';
import { CreditNoteDialog } from './credit-note-dialog';
import { LedgerSummaryCards } from './ledger-summary';
import { LedgerTable } from './ledger-table';
import { PaymentDialog } from './payment-dialog';
import { ReverseDialog } from './reverse-dialog';
import { StatementDialog } from './statement-dialog';

const Title = styled.span`
  overflow-wrap: anywhere;
`;

const Facts = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  & > span {
    white-space: nowrap;
  }
  & code {
    font-family: ${theme.font.mono};
    font-size: 0.8125rem;
  }
`;

const TableHeader = styled(CardHeader)`
  && {
    flex-direction: row;
  }
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

const Footer = styled.div`
  margin-top: 1rem;
`;

const Refreshing = styled.span`
  display: inline-flex;
  margin-left: 0.5rem;
  vertical-align: middle;
`;

const ACCOUNTS = '/vendors/account-ledger';

const backToAccounts = (
  <LinkButton to={ACCOUNTS} variant="outline">
    <Icon name="arrowLeft" />
    Back to Accounts
  </LinkButton>
);

type Open =
  | { kind: 'payment' }
  | { kind: 'creditNote' }
  | { kind: 'statement' }
  | { kind: 'reverse'; entry: LedgerEntry }
  | null;

/**
 * /vendors/ledger-detail?id={vendor id} (SPEC §2 "Vendor ledger detail"): the vendor (name, display
 * id, GSTIN, payment terms), the summary cards, the date range filter (?range=), the transaction
 * table newest first with paging (?page=), and the actions: Add Payment (Admin, Accountant), Add
 * Credit Note (Purchaser, Admin), Reverse on a payment or credit note, Statement (PDF or Excel).
 */
export function LedgerDetailPage({ id: rawId }: { id: string | null }) {
  const user = useCurrentUser();
  const allowed = canReadLedgers(user);
  const id = parseId(rawId);
  const [params, setParams] = useQueryParams();
  const range = parseRange(params.get('range'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useVendorLedger(id, { page, range }, allowed);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const reversible = useCallback((entry: LedgerEntry) => canReverse(user, entry), [user]);
  const reverse = useCallback((entry: LedgerEntry) => setOpen({ kind: 'reverse', entry }), []);
  // The dialogs mount when opened (one request key per opening): fetch their code ahead, while the ledger loads.
  useEffect(() => {
    if (allowed) void loadDialogs().catch(() => undefined);
  }, [allowed]);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Vendor Ledger" />
        <EmptyState icon="lock" title="Access denied" description={LEDGER_MESSAGES.accessDeniedDetail} />
      </>
    );
  }
  // No id, or one that is not an id (/vendors/ledger-detail?id=xyz): as missing as an unknown vendor.
  const missing =
    !id ||
    (query.isError &&
      query.error instanceof ApiError &&
      (query.error.status === 404 || query.error.status === 400));
  if (missing) {
    return (
      <>
        <PageHeader title="Vendor Ledger" actions={backToAccounts} />
        <EmptyState
          icon="truck"
          title={LEDGER_MESSAGES.vendorNotFound}
          description="The requested vendor ledger could not be found. Please check the vendor and try again."
          action={backToAccounts}
        />
      </>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return (
      <>
        <PageHeader title="Vendor Ledger" actions={backToAccounts} />
        <ErrorPanel
          title="Could not load this ledger"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  const { vendor, summary, result: entries, totalItems, totalCapped } = query.data;
  const payee: PaymentVendor = {
    _id: vendor._id,
    name: vendor.name,
    vendorId: vendor.vendorId,
    outstanding: summary.outstanding,
  };
  const overbillingPath = `/vendors/overbilling?vendor=${encodeURIComponent(vendor._id)}`;
  const rangeLabel = RANGE_OPTIONS.find((r) => r.value === range)?.label ?? 'All';

  return (
    <>
      <PageHeader
        title={
          <>
            <Title>{vendor.name}</Title>
            {query.isFetching && (
              <Refreshing>
                <Spinner label="Refreshing" />
              </Refreshing>
            )}
          </>
        }
        badge={<VendorStatusBadge status={vendor.status} />}
        description={
          <Facts>
            <span>
              <code>{vendor.vendorId}</code>
            </span>
            <span>GSTIN {vendor.gstin ? <code>{vendor.gstin}</code> : 'not given'}</span>
            <span>
              Payment terms {vendor.paymentTerms} {vendor.paymentTerms === 1 ? 'day' : 'days'}
            </span>
          </Facts>
        }
        actions={
          <>
            {backToAccounts}
            <Button variant="outline" onClick={() => setOpen({ kind: 'statement' })}>
              <Icon name="file" />
              Statement
            </Button>
            {canAddCreditNote(user) && (
              <Button variant="outline" onClick={() => setOpen({ kind: 'creditNote' })}>
                <Icon name="plus" />
                Add Credit Note
              </Button>
            )}
            {canAddPayment(user) && (
              <Button onClick={() => setOpen({ kind: 'payment' })}>
                <Icon name="plus" />
                Add Payment
              </Button>
            )}
          </>
        }
      />
      <LedgerSummaryCards summary={summary} overbillingPath={overbillingPath} />
      <Card as="section" aria-labelledby="ledger-transactions">
        <TableHeader>
          <div>
            <CardTitle id="ledger-transactions" as="h2">
              Transactions
            </CardTitle>
            <CardDescription>
              {totalItems === 0
                ? 'No entries'
                : `${totalItems}${totalCapped ? '+' : ''} ${totalItems === 1 ? 'entry' : 'entries'}`}
              {range === 'all' ? '' : ` in ${rangeLabel.toLowerCase()}`}, newest first
            </CardDescription>
          </div>
          <Tabs
            aria-label="Date range"
            value={range}
            onValueChange={(next) => setParams({ range: rangeParam(parseRange(next)), page: undefined })}
            tabs={RANGE_OPTIONS.map((r) => ({ value: r.value, label: r.label }))}
          />
        </TableHeader>
        <CardContent>
          {entries.length === 0 ? (
            <EmptyState
              icon="inbox"
              title={range === 'all' ? 'No transactions yet' : 'No transactions in this period'}
              description={
                range === 'all'
                  ? 'Purchase orders, payments and credit notes with this vendor will appear here.'
                  : 'Choose a longer period to see earlier entries.'
              }
              action={
                range === 'all' ? undefined : (
                  <Button variant="outline" onClick={() => setParams({ range: undefined, page: undefined })}>
                    Show All
                  </Button>
                )
              }
            />
          ) : (
            <>
              <LedgerTable entries={entries} canReverse={reversible} onReverse={reverse} />
              {totalItems > LEDGER_PAGE_SIZE && (
                <Footer>
                  <Pagination
                    page={page}
                    pageSize={LEDGER_PAGE_SIZE}
                    totalItems={totalItems}
                    totalCapped={totalCapped}
                    onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
                  />
                </Footer>
              )}
            </>
          )}
        </CardContent>
      </Card>
      {open?.kind === 'payment' && <PaymentDialog vendor={payee} onClose={close} />}
      {open?.kind === 'creditNote' && <CreditNoteDialog vendor={payee} onClose={close} />}
      {open?.kind === 'statement' && (
        <StatementDialog
          vendorId={vendor._id}
          vendorCode={vendor.vendorId}
          vendorName={vendor.name}
          onClose={close}
        />
      )}
      {open?.kind === 'reverse' && <ReverseDialog vendorId={vendor._id} entry={open.entry} onClose={close} />}
    </>
  );
}
