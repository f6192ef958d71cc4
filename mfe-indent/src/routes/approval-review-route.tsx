import { useParams } from '@erp/ui';
import { ApprovalReviewPage } from '../features/approval/components/approval-page';

/** /indent/approval/{id} (SPEC §2 "Approval review"). */
export default function ApprovalReviewRoute() {
  const { id = '' } = useParams();
  return <ApprovalReviewPage key={id} id={id} />;
}
