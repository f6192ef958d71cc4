/** /po/{poId}/receipt: the goods receipt wizard (SPEC §2 "Goods receipt"). */
import { useParams } from '@erp/ui';
import { ReceiptPage } from '../features/receipt/components/receipt-page';

export default function PoReceiptRoute() {
  const { poId = '' } = useParams();
  return <ReceiptPage key={poId} poId={poId} />;
}
