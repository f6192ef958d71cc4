import { useParams } from '@erp/ui';
import { BoqDetailPage } from '../features/boq/components/boq-detail-page';

/** /boq/{boqId} (SPEC §5 "BOQ detail"). */
export default function BoqDetailRoute() {
  const { boqId = '' } = useParams();
  return <BoqDetailPage key={boqId} id={boqId} />;
}
