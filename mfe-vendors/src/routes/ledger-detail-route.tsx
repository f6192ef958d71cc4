import { useParams, useSearchParams } from '@erp/ui';
import { LedgerDetailPage } from '../features/ledger/components/ledger-detail-page';

/** /vendors/ledger-detail?id={vendor id} (SPEC §2 route table); the path forms /vendors/ledger-detail/{id} and /vendors/ledger/{id} too. */
export default function LedgerDetailRoute() {
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id') ?? pathId ?? null;
  return <LedgerDetailPage key={id ?? ''} id={id} />;
}
