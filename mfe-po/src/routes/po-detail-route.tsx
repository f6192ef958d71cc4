import { Navigate, useParams, useSearchParams } from '@erp/ui';
import { PoDetailPage } from '../features/orders/components/po-detail-page';
import { parseDetailTab, receiptPath } from '../features/shared/hooks/po-format';

/**
 * /po/{poId} (SPEC §2 "PO details"); ?tab=history opens it at the deliveries, ?tab=receive (the indent
 * detail's link) goes on to the goods receipt, /po/{poId}/receipt, in place of this entry.
 */
export default function PoDetailRoute() {
  const { poId = '' } = useParams();
  const [params] = useSearchParams();
  const tab = parseDetailTab(params.get('tab'));
  if (tab === 'receive') return <Navigate to={receiptPath(poId)} replace />;
  return <PoDetailPage key={poId} id={poId} focus={tab === 'history' ? 'history' : undefined} />;
}
