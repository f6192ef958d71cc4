import { VendorListPage } from '../features/vendors/components/vendor-list-page';

export default function VendorListRoute() {
  return <VendorListPage />;
}
