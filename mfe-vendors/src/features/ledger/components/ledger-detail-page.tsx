import { LEDGER_MESSAGES, type LedgerEntry } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, loadDialogs, PageHeader, useQueryParams } from '@erp/ui';
import { isMissing, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useCallback, useEffect, useState } from 'react';
import { useVendorLedger } from '../api/get-ledger';
import { canAddCreditNote, canAddPayment, canReadLedgers, canReverse } from '../hooks/ledger-access';
import { parseId, parseRange, rangeParam } from '../hooks/ledger-filters';
import type { PaymentVendor } from '../hooks/payment-form-values';
import { BackToAccounts } from './back-to-accounts';
import { LedgerDialogs, type OpenLedgerDialog } from './ledger-dialogs';
import { LedgerHeader } from './ledger-header';
import { LedgerSummaryCards } from './ledger-summary';
import { LedgerTransactions } from './ledger-transactions';

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
  const [open, setOpen] = useState<OpenLedgerDialog>(null);
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
  const missing = !id || (query.isError && isMissing(query.error));
  if (missing) {
    return (
      <>
        <PageHeader title="Vendor Ledger" actions={<BackToAccounts />} />
        <EmptyState
          icon="truck"
          title={LEDGER_MESSAGES.vendorNotFound}
          description="The requested vendor ledger could not be found. Please check the vendor and try again."
          action={<BackToAccounts />}
        />
      </>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return (
      <>
        <PageHeader title="Vendor Ledger" actions={<BackToAccounts />} />
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

  return (
    <>
      <LedgerHeader
        vendor={vendor}
        refreshing={query.isFetching}
        onStatement={() => setOpen({ kind: 'statement' })}
        onCreditNote={canAddCreditNote(user) ? () => setOpen({ kind: 'creditNote' }) : undefined}
        onPayment={canAddPayment(user) ? () => setOpen({ kind: 'payment' }) : undefined}
      />
      <LedgerSummaryCards summary={summary} overbillingPath={overbillingPath} />
      <LedgerTransactions
        entries={entries}
        totalItems={totalItems}
        totalCapped={totalCapped}
        range={range}
        page={page}
        onRangeChange={(next) => setParams({ range: rangeParam(parseRange(next)), page: undefined })}
        onShowAll={() => setParams({ range: undefined, page: undefined })}
        onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
        reversible={reversible}
        onReverse={reverse}
      />
      <LedgerDialogs open={open} vendor={vendor} payee={payee} onClose={close} />
    </>
  );
}
