import { ApprovalQueuePage } from '../features/approval/components/approval-queue-page';

/** /indent/approval (SPEC §2 "Approval queue"). */
export default function ApprovalQueueRoute() {
  return <ApprovalQueuePage />;
}
