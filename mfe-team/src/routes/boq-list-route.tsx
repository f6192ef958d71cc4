import { BoqListPage } from '../features/boq/components/boq-list-page';

/** /boq/list (SPEC §5 "BOQ list"). */
export default function BoqListRoute() {
  return <BoqListPage />;
}
