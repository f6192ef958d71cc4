import { useParams, useSearchParams } from '@erp/ui';
import { VendorDetailPage } from '../features/vendors/components/vendor-detail-page';

/** /vendors/detail?id={id}, or /vendors/detail/{id} (SPEC §2 route table). */
export default function VendorDetailRoute() {
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id') ?? pathId ?? null;
  return <VendorDetailPage key={id ?? ''} id={id} />;
}
