import { VendorCreatePage } from '../features/vendors/components/vendor-create-page';

export default function VendorCreateRoute() {
  return <VendorCreatePage />;
}
