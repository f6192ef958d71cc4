import { PO_MESSAGES, type PoReceipt } from '@erp/contracts';
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
  formatDate,
  formatDateTime,
  Icon,
  LinkButton,
  PageHeader,
  theme,
  toast,
} from '@erp/ui';
import { PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useDownloadPoPdf } from '../api/download-po-pdf';
import { usePo } from '../../shared/api/get-po';
import { canReadPo, canReceive, canShortClose } from '../../shared/hooks/po-access';
import { actorName, isClosed, receiptPath } from '../../shared/hooks/po-format';
import { InvoicePhotoDialog } from './invoice-photo-dialog';
import { PoDeliveries } from './po-deliveries';
import { PoFacts } from './po-facts';
import { PoLinesTable } from './po-lines-table';
import { PoStatusBadge } from '../../shared/components/po-status-badge';
import { ShortCloseDialog } from './short-close-dialog';

const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

const Heading = styled(CardTitle)`
  scroll-margin-top: calc(${theme.layout.header} + 1rem);
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
`;

const Notice = styled.section`
  display: grid;
  gap: 0.25rem;
  margin: 0 0 1.25rem;
  padding: 0.875rem 1rem;
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${theme.color.destructive};
  border-radius: ${theme.radius.md};
  background: ${theme.color.card};
  font-size: 0.875rem;
  & > strong {
    display: flex;
    align-items: center;
    gap: 0.375rem;
  }
  & > p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  & > small {
    color: ${theme.color.mutedForeground};
  }
`;

/** A long PO number breaks rather than pushing the header wider than a phone. */
const Title = styled.span`
  overflow-wrap: anywhere;
`;

const backToList = (
  <LinkButton to="/po/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to PO List
  </LinkButton>
);

export interface PoDetailPageProps {
  id: string;
  /** 'history': opened as /po/{id}?tab=history, the deliveries brought into view and focused. */
  focus?: 'history';
}

/**
 * /po/{poId} (SPEC §2 "PO details"): the header (PO number, status, amount, 'Unit prices locked on
 * Admin approval', From BoQ, project, order date, approved by), the ordered items, the deliveries with
 * their invoice photos, and the actions: Record Receipt (not closed, Open POs write), Download PDF,
 * and Short-close (an Admin, not closed).
 */
export function PoDetailPage({ id, focus }: PoDetailPageProps) {
  const user = useCurrentUser();
  const allowed = canReadPo(user);
  const query = usePo(id, allowed);
  const pdf = useDownloadPoPdf();
  const [closing, setClosing] = useState(false);
  const [photoOf, setPhotoOf] = useState<PoReceipt | null>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);
  const showPhoto = useCallback((receipt: PoReceipt) => setPhotoOf(receipt), []);
  const closeDialog = useCallback(() => setClosing(false), []);
  const refetch = query.refetch;
  const stale = useCallback(() => void refetch(), [refetch]);

  // ?tab=history: once the page is drawn, the deliveries are what is on screen and focused.
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (focus !== 'history' || !loaded) return;
    const el = historyHeading.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [focus, loaded]);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Purchase Order" />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to view purchase orders."
        />
      </>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    // 400: the path's id is not an id at all (/po/xyz), as missing as a 404.
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <PageHeader title="Purchase Order" actions={backToList} />
        {notFound ? (
          <EmptyState
            icon="cart"
            title={PO_MESSAGES.notFound}
            description={PO_MESSAGES.notFoundDetail}
            action={backToList}
          />
        ) : (
          <ErrorPanel
            title="Could not load this purchase order"
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }

  const po = query.data;
  const closed = isClosed(po.status);
  const download = () =>
    pdf.mutate(
      { id: po._id, poNumber: po.poNumber },
      {
        onError: (error) =>
          toast({
            title: 'Could not download the PDF',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );

  return (
    <>
      <PageHeader
        title={<Title>{po.poNumber}</Title>}
        badge={<PoStatusBadge status={po.status} />}
        description={`${po.vendor.name} · ${po.itemCount} ${po.itemCount === 1 ? 'item' : 'items'}`}
        actions={
          <>
            {backToList}
            <Button
              variant="outline"
              onClick={download}
              disabled={pdf.isPending}
              aria-busy={pdf.isPending || undefined}
            >
              <Icon name="file" />
              {pdf.isPending ? 'Downloading...' : 'Download PDF'}
            </Button>
            {!closed && canShortClose(user) && (
              <Button variant="outline" onClick={() => setClosing(true)}>
                <Icon name="x" />
                Short-close
              </Button>
            )}
            {!closed && canReceive(user) && (
              <LinkButton to={receiptPath(po._id)}>
                <Icon name="truck" />
                Record Receipt
              </LinkButton>
            )}
          </>
        }
      />
      {po.shortClose && (
        <Notice aria-label="Short-closed">
          <strong>
            <Icon name="alert" size={16} aria-hidden="true" />
            Short-closed on {formatDate(po.shortClose.at)} by {actorName(po.shortClose.by)}
          </strong>
          <p>{po.shortClose.reason}</p>
          <small title={formatDateTime(po.shortClose.at)}>
            What was still pending was cancelled; nothing more can be received.
          </small>
        </Notice>
      )}
      <PoFacts po={po} />
      <Sections>
        <Card as="section" aria-labelledby="po-items">
          <CardHeader>
            <CardTitle id="po-items" as="h2">
              Ordered Items
            </CardTitle>
            <CardDescription>
              {po.items.length} {po.items.length === 1 ? 'line' : 'lines'} at the unit prices locked on
              approval
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PoLinesTable lines={po.items} />
          </CardContent>
        </Card>
        <Card as="section" aria-labelledby="po-deliveries">
          <CardHeader>
            <Heading id="po-deliveries" as="h2" ref={historyHeading} tabIndex={-1}>
              Deliveries
            </Heading>
            <CardDescription>
              Goods receipts recorded against this purchase order, newest first
            </CardDescription>
          </CardHeader>
          <CardContent>
            {po.receipts.length > 0 ? (
              <PoDeliveries receipts={po.receipts} onShowPhoto={showPhoto} />
            ) : (
              <EmptyState
                icon="truck"
                title="No deliveries yet"
                description={
                  closed
                    ? 'This purchase order was closed before any goods were received.'
                    : 'Receipts recorded against this purchase order will appear here.'
                }
                action={
                  !closed && canReceive(user) ? (
                    <LinkButton to={receiptPath(po._id)} variant="outline">
                      <Icon name="truck" />
                      Record Receipt
                    </LinkButton>
                  ) : undefined
                }
              />
            )}
          </CardContent>
        </Card>
      </Sections>
      <InvoicePhotoDialog poId={po._id} receipt={photoOf} onClose={() => setPhotoOf(null)} />
      {canShortClose(user) && (
        <ShortCloseDialog po={po} open={closing} onClose={closeDialog} onStale={stale} />
      )}
    </>
  );
}
