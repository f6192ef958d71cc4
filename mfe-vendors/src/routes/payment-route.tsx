import { useSearchParams } from '@erp/ui';
import { PaymentPage } from '../features/ledger/components/payment-page';

/** /vendors/payment (SPEC §2 route table), optionally ?id={vendor id} to start with that vendor chosen. */
export default function PaymentRoute() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('vendor');
  return <PaymentPage key={id ?? ''} vendorId={id} />;
}
