import { CompareQueuePage } from '../features/compare/components/compare-queue-page';

/** /indent/compare (SPEC §2 "Compare queue"). */
export default function CompareQueueRoute() {
  return <CompareQueuePage />;
}
