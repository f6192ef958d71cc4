import { PoOpenPage } from '../features/orders/components/po-open-page';

/** /po/open (SPEC §2 "Active PO list for receiving"). */
export default function PoOpenRoute() {
  return <PoOpenPage />;
}
