import { LEDGER_MESSAGES, type OverbillCase } from '@erp/contracts';
import { EmptyState, Icon, LinkButton, PageHeader, Spinner, useQueryParams } from '@erp/ui';
import { useCurrentUser } from '@erp/ui/remote';
import { useCallback, useMemo, useState } from 'react';
import { useOverbilling } from '../api/get-overbilling';
import { canDecideOverbilling, canReadLedgers } from '../hooks/ledger-access';
import { overbillTabParam, parseId, parseOverbillTab } from '../hooks/ledger-filters';
import { ledgerPath } from '../hooks/ledger-format';
import { ApproveDialog, RejectDialog } from './overbill-dialogs';
import { OverbillDecideButtons, type Deciding } from './overbill-decide-buttons';
import { OverbillingBody } from './overbilling-body';
import { OverbillingFilters } from './overbilling-filters';

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
            c.status === 'Open' ? <OverbillDecideButtons overbill={c} onDecide={setDeciding} /> : null
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
      <OverbillingFilters
        tab={tab}
        onTabChange={(next) =>
          setParams({ status: overbillTabParam(parseOverbillTab(next)), page: undefined })
        }
        vendorId={vendorId}
        vendorName={vendorName}
        onAllVendors={() => setParams({ vendor: undefined, page: undefined })}
        total={query.data}
      />
      <OverbillingBody
        query={query}
        tab={tab}
        page={page}
        onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
        actions={actions}
      />
      {deciding?.kind === 'approve' && (
        <ApproveDialog overbill={deciding.overbill} onClose={close} onStale={stale} />
      )}
      {deciding?.kind === 'reject' && (
        <RejectDialog overbill={deciding.overbill} onClose={close} onStale={stale} />
      )}
    </>
  );
}
