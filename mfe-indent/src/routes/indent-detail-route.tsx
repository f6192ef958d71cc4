import { useLocation, useParams } from '@erp/ui';
import { IndentDetailPage } from '../features/indents/components/indent-detail-page';

/** /indent/{id} and /indent/{id}/pos (SPEC §2 "Indent detail", "BoQ detail with generated POs"): one screen. */
export default function IndentDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const focus = /\/pos\/?$/.test(pathname) ? 'pos' : undefined;
  return <IndentDetailPage key={id} id={id} focus={focus} />;
}
