import type { PoReceipt } from '@erp/contracts';
import { PageHeader } from '@erp/ui';
import { PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePo } from '../../shared/api/get-po';
import { canReadPo, canReceive, canShortClose } from '../../shared/hooks/po-access';
import { isClosed } from '../../shared/hooks/po-format';
import { InvoicePhotoDialog } from './invoice-photo-dialog';
import {
  PoAccessDenied,
  PoDetailActions,
  PoDetailSections,
  PoLoadError,
  ShortCloseNotice,
  Title,
} from './po-detail-parts';
import { PoFacts } from './po-facts';
import { PoStatusBadge } from '../../shared/components/po-status-badge';
import { ShortCloseDialog } from './short-close-dialog';

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

  if (!allowed) return <PoAccessDenied />;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PoLoadError error={query.error} onRetry={() => void query.refetch()} />;

  const po = query.data;
  const closed = isClosed(po.status);
  const receive = !closed && canReceive(user);
  return (
    <>
      <PageHeader
        title={<Title>{po.poNumber}</Title>}
        badge={<PoStatusBadge status={po.status} />}
        description={`${po.vendor.name} · ${po.itemCount} ${po.itemCount === 1 ? 'item' : 'items'}`}
        actions={
          <PoDetailActions
            po={po}
            shortClose={!closed && canShortClose(user)}
            receive={receive}
            onShortClose={() => setClosing(true)}
          />
        }
      />
      {po.shortClose && <ShortCloseNotice shortClose={po.shortClose} />}
      <PoFacts po={po} />
      <PoDetailSections
        po={po}
        closed={closed}
        receive={receive}
        historyHeading={historyHeading}
        onShowPhoto={showPhoto}
      />
      <InvoicePhotoDialog poId={po._id} receipt={photoOf} onClose={() => setPhotoOf(null)} />
      {canShortClose(user) && (
        <ShortCloseDialog po={po} open={closing} onClose={closeDialog} onStale={stale} />
      )}
    </>
  );
}
