/**
 * The pieces of /po/{poId} (po-detail-page.tsx): what is shown instead of the PO (no access, not
 * found, not loaded), the header's actions, the short-close notice, and the ordered items with the
 * deliveries.
 */
import { PO_MESSAGES, type PoReceipt, type PurchaseOrder } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  Button,
  EmptyState,
  formatDate,
  formatDateTime,
  Icon,
  LinkButton,
  PageHeader,
  theme,
  toast,
} from '@erp/ui';
import type { RefObject } from 'react';
import styled from 'styled-components';
import { useDownloadPoPdf } from '../api/download-po-pdf';
import { actorName, receiptPath } from '../../shared/hooks/po-format';
import { PoDeliveries } from './po-deliveries';
import { PoLinesTable } from './po-lines-table';
import { LoadFailure, SectionCard } from '@erp/ui/remote';

export const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

export const Notice = styled.section`
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
export const Title = styled.span`
  overflow-wrap: anywhere;
`;

export const backToList = (
  <LinkButton to="/po/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to PO List
  </LinkButton>
);

export function PoAccessDenied() {
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

/** The PO could not be read: not found (PO_MESSAGES.notFound), or an error with Retry. */
export function PoLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadFailure
      title="Purchase Order"
      back={backToList}
      error={error}
      icon="cart"
      notFound={{ title: PO_MESSAGES.notFound, description: PO_MESSAGES.notFoundDetail }}
      errorTitle="Could not load this purchase order"
      onRetry={onRetry}
    />
  );
}

export interface PoDetailActionsProps {
  po: PurchaseOrder;
  /** Short-close is offered (an Admin, the PO not closed). */
  shortClose: boolean;
  /** Record Receipt is offered (Open POs write, the PO not closed). */
  receive: boolean;
  onShortClose: () => void;
}

/** Back to PO List, Download PDF, Short-close and Record Receipt. */
export function PoDetailActions({ po, shortClose, receive, onShortClose }: PoDetailActionsProps) {
  const pdf = useDownloadPoPdf();
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
      {shortClose && (
        <Button variant="outline" onClick={onShortClose}>
          <Icon name="x" />
          Short-close
        </Button>
      )}
      {receive && (
        <LinkButton to={receiptPath(po._id)}>
          <Icon name="truck" />
          Record Receipt
        </LinkButton>
      )}
    </>
  );
}

/** When, by whom and why the PO was short-closed. */
export function ShortCloseNotice({ shortClose }: { shortClose: NonNullable<PurchaseOrder['shortClose']> }) {
  return (
    <Notice aria-label="Short-closed">
      <strong>
        <Icon name="alert" size={16} aria-hidden="true" />
        Short-closed on {formatDate(shortClose.at)} by {actorName(shortClose.by)}
      </strong>
      <p>{shortClose.reason}</p>
      <small title={formatDateTime(shortClose.at)}>
        What was still pending was cancelled; nothing more can be received.
      </small>
    </Notice>
  );
}

export interface PoDetailSectionsProps {
  po: PurchaseOrder;
  closed: boolean;
  /** Record Receipt is offered where there are no deliveries yet. */
  receive: boolean;
  /** The Deliveries heading (?tab=history brings it on screen and focuses it). */
  historyHeading: RefObject<HTMLHeadingElement | null>;
  onShowPhoto: (receipt: PoReceipt) => void;
}

/** The ordered items, and the deliveries with their invoice photos. */
export function PoDetailSections({
  po,
  closed,
  receive,
  historyHeading,
  onShowPhoto,
}: PoDetailSectionsProps) {
  return (
    <Sections>
      <SectionCard
        titleId="po-items"
        title="Ordered Items"
        description={
          <>
            {po.items.length} {po.items.length === 1 ? 'line' : 'lines'} at the unit prices locked on approval
          </>
        }
      >
        <PoLinesTable lines={po.items} />
      </SectionCard>
      <SectionCard
        titleId="po-deliveries"
        title="Deliveries"
        description="Goods receipts recorded against this purchase order, newest first"
        titleRef={historyHeading}
      >
        {po.receipts.length > 0 ? (
          <PoDeliveries receipts={po.receipts} onShowPhoto={onShowPhoto} />
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
              receive ? (
                <LinkButton to={receiptPath(po._id)} variant="outline">
                  <Icon name="truck" />
                  Record Receipt
                </LinkButton>
              ) : undefined
            }
          />
        )}
      </SectionCard>
    </Sections>
  );
}
