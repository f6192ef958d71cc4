import { matchPath, useLocation, useSearchParams } from '@erp/ui';
import { VendorDetailPage } from '../features/vendors/components/vendor-detail-page';

/** /vendors/detail?id={id}; the path form /vendors/detail/{id} is read too (SPEC §2 route table). */
export default function VendorDetailRoute() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? matchPath('/vendors/detail/:id', pathname.replace(/\/+$/, ''))?.id ?? null;
  return <VendorDetailPage key={id ?? ''} id={id} />;
}
