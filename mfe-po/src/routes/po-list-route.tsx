import { PoListPage } from '../features/orders/components/po-list-page';

/** /po and /po/list (SPEC §2 "PO list"). */
export default function PoListRoute() {
  return <PoListPage />;
}
