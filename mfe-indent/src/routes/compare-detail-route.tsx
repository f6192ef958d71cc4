import { useParams } from '@erp/ui';
import { CompareDetailPage } from '../features/compare/components/compare-page';

/** /indent/compare/{id} (SPEC §2 "Compare detail"). */
export default function CompareDetailRoute() {
  const { id = '' } = useParams();
  return <CompareDetailPage key={id} id={id} />;
}
