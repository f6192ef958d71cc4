import { ListPage, useCurrentUser } from '@erp/ui/remote';
import { usePoList } from '../api/get-po-list';
import { canListVendors, canReadPoList } from '../../shared/hooks/po-access';
import { LIST_STATUS_TABS, PO_LIST_PAGE_SIZE } from '../hooks/po-list-filters';
import { useSeenVendors } from '../hooks/use-seen-vendors';
import { PoListFilterBar, poFiltersOnPhone, poListQuery, usePoListFilters } from './po-filters';
import { PoListTable } from './po-table';
import { ReceiptRecordedNotice } from '../../shared/components/receipt-recorded-notice';

/**
 * /po and /po/list (SPEC §2 "PO list"): search on the server (PO, BoQ, vendor id or name), the Status,
 * Vendor and Project filters (?project= preselects the project, as the project screens link it),
 * 10 per page; a table on desktops, cards with the filters in a side panel on phones.
 */
export function PoListPage() {
  const user = useCurrentUser();
  const allowed = canReadPoList(user);
  const filters = usePoListFilters(LIST_STATUS_TABS);
  const list = usePoList({ scope: 'all', pageSize: PO_LIST_PAGE_SIZE, ...poListQuery(filters) }, allowed);
  const seenVendors = useSeenVendors(list.data?.result);

  return (
    <ListPage
      title="Purchase Orders"
      description="Purchase orders generated from approved indents, one per vendor, and where each one stands"
      allowed={allowed}
      noun="purchase orders"
      search={filters.search}
      searchPlaceholder="Search PO ID, BoQ ID, Vendor ID, Vendor Name..."
      filters={
        <PoListFilterBar
          filters={filters}
          tabs={LIST_STATUS_TABS}
          fromMaster={canListVendors(user)}
          seenVendors={seenVendors}
        />
      }
      filtersOnPhone={poFiltersOnPhone(filters)}
      count={{ one: 'PO', many: 'POs' }}
      query={list}
      pageSize={PO_LIST_PAGE_SIZE}
      noMatchTitle="No Purchase Orders found"
      empty={{
        icon: 'cart',
        title: 'No Purchase Orders found',
        description: 'Purchase orders are generated, one per vendor, when an indent is approved.',
      }}
    >
      <ReceiptRecordedNotice />
      {list.data && <PoListTable pos={list.data.result} />}
    </ListPage>
  );
}
