import { can } from '@erp/contracts';
import { ListPage, useCurrentUser, useListSearch } from '@erp/ui/remote';
import { useVendorList, VENDOR_PAGE_SIZE } from '../api/get-vendor-list';
import { VendorTable } from './vendor-table';

/** /vendors/list (SPEC §2 "Vendors"): server-side search, Open to the detail screen. */
export function VendorListPage() {
  const user = useCurrentUser();
  const canCreate = can(user, 'vendors', 'create', 'write');
  const allowed = can(user, 'vendors', 'list', 'read') || canCreate;
  const search = useListSearch();
  const list = useVendorList(search.query, allowed);

  return (
    <ListPage
      title="Vendors"
      description="Suppliers, their terms and what you owe them"
      create={
        canCreate && { to: '/vendors/create', label: 'Create Vendor', firstLabel: 'Create First Vendor' }
      }
      allowed={allowed}
      noun="vendors"
      search={search}
      searchPlaceholder="Search by vendor name, ID or contact..."
      count={{ one: 'vendor', many: 'vendors' }}
      query={list}
      rows={list.data?.vendors.length}
      total={list.data?.totalVendor}
      totalCapped={list.data?.totalCapped}
      pageSize={VENDOR_PAGE_SIZE}
      noMatchTitle="No vendors match your search"
      empty={{
        icon: 'truck',
        title: 'No vendors yet',
        description: canCreate
          ? 'Create your first vendor to start recording their prices.'
          : 'Vendors created by a purchaser will appear here.',
      }}
    >
      {list.data && <VendorTable vendors={list.data.vendors} />}
    </ListPage>
  );
}
