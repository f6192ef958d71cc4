/**
 * /po/{poId}/receipt: who may record a receipt, the PO loaded, and what to say when the wizard cannot
 * be shown (SPEC §2 "Goods receipt"; §8 'PO Not Found'; a closed PO is history only, SPEC §4).
 */
import { PO_MESSAGES, type PurchaseOrder } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Icon, LinkButton, PageHeader } from '@erp/ui';
import { isMissing, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useDeferredValue, useEffect, useState } from 'react';
import { usePo } from '../../shared/api/get-po';
import { PoStatusBadge } from '../../shared/components/po-status-badge';
import { canReceive } from '../../shared/hooks/po-access';
import { isClosed, poPath } from '../../shared/hooks/po-format';
import { draftText, forgetDraft } from '../hooks/receipt-draft';
import { receivableLines } from '../hooks/receipt-values';
import { ReceiptWizard } from './receipt-wizard';

const LIST = '/po/list';
const TITLE = 'Goods Receipt';

const toList = (
  <LinkButton to={LIST} variant="outline">
    <Icon name="arrowLeft" />
    Back to PO List
  </LinkButton>
);

const toPo = (po: PurchaseOrder, variant: 'outline' | 'default' = 'outline') => (
  <LinkButton to={poPath(po._id)} variant={variant}>
    <Icon name="eye" />
    View PO
  </LinkButton>
);

function Header({ po }: { po?: PurchaseOrder }) {
  return (
    <PageHeader
      title={TITLE}
      badge={po ? <PoStatusBadge status={po.status} /> : undefined}
      description={po ? `${po.poNumber} · ${po.vendor.name} · ${po.projectId.name}` : undefined}
      actions={
        po ? (
          <LinkButton to={poPath(po._id)} variant="outline">
            <Icon name="arrowLeft" />
            Back to PO
          </LinkButton>
        ) : undefined
      }
    />
  );
}

/** A closed PO takes no receipt: said so, with the way to its page; a receipt left on this device for it is dropped. */
function ClosedPo({ po }: { po: PurchaseOrder }) {
  const [hadDraft, setHadDraft] = useState(false);
  useEffect(() => {
    if (!draftText.read(po._id)) return;
    forgetDraft(po._id);
    setHadDraft(true);
  }, [po._id]);
  return (
    <>
      <Header po={po} />
      <EmptyState
        icon="lock"
        title={`${po.poNumber} is closed`}
        description={`${PO_MESSAGES.closed}.${hadDraft ? ' The receipt you had started on this device for it was removed.' : ''}`}
        action={
          <>
            {toPo(po, 'default')} {toList}
          </>
        }
      />
    </>
  );
}

export function ReceiptPage({ poId }: { poId: string }) {
  const user = useCurrentUser();
  const allowed = canReceive(user);
  const query = usePo(poId, allowed);
  // The wizard renders in the background once the PO arrives (a transition React interrupts every few
  // ms) rather than in the query's synchronous update, which held a phone's main thread (decision 0042).
  const po = useDeferredValue(query.data);

  if (!allowed) {
    return (
      <>
        <Header />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to record goods receipts. Ask an Admin for write access to Open POs."
          action={
            <>
              <LinkButton to={poPath(poId)} variant="outline">
                <Icon name="eye" />
                View PO
              </LinkButton>{' '}
              {toList}
            </>
          }
        />
      </>
    );
  }

  if (!po) {
    if (query.isPending || query.data) return <PageSkeleton />;
    const notFound = isMissing(query.error);
    return (
      <>
        <Header />
        {notFound ? (
          <EmptyState
            icon="cart"
            title={PO_MESSAGES.notFound}
            description={PO_MESSAGES.notFoundDetail}
            action={toList}
          />
        ) : (
          <ErrorPanel
            title="Could not load this purchase order"
            message={`${errorMessage(query.error)} Anything you entered for this receipt is kept on this device.`}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }

  if (isClosed(po.status)) return <ClosedPo po={po} />;

  if (receivableLines(po).length === 0) {
    return (
      <>
        <Header po={po} />
        <EmptyState
          icon="check"
          title="Nothing is pending"
          description="Every item of this purchase order has been received."
          action={
            <>
              {toPo(po, 'default')} {toList}
            </>
          }
        />
      </>
    );
  }

  return (
    <>
      <Header po={po} />
      <ReceiptWizard key={po._id} po={po} refetch={query.refetch} />
    </>
  );
}
