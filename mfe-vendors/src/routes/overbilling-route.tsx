import { OverbillingPage } from '../features/ledger/components/overbilling-page';

/** /vendors/overbilling: the overbilling queue the accounts list's queue button opens. */
export default function OverbillingRoute() {
  return <OverbillingPage />;
}
