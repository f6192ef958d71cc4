import { ListPage, useCurrentUser, useListSearch } from '@erp/ui/remote';
import { usePoList } from '../api/get-po-list';
import { canListVendors, canReadPoList } from '../../shared/hooks/po-access';
import {
  activeFilterCount,
  LIST_STATUS_TABS,
  parseIdFilter,
  parseStatusTab,
  PO_LIST_PAGE_SIZE,
} from '../hooks/po-list-filters';
import { useSeenVendors } from '../hooks/use-seen-vendors';
import { ProjectFilter, StatusTabs, VendorFilter } from './po-filters';
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
  const search = useListSearch(['status', 'vendor', 'project']);
  const status = parseStatusTab(search.filter('status'), LIST_STATUS_TABS);
  const vendorId = parseIdFilter(search.filter('vendor'));
  const projectId = parseIdFilter(search.filter('project'));
  const list = usePoList(
    {
      scope: 'all',
      page: search.query.page,
      pageSize: PO_LIST_PAGE_SIZE,
      keyword: search.query.keyword,
      status,
      vendorId,
      projectId,
    },
    allowed,
  );
  const seenVendors = useSeenVendors(list.data?.result);

  return (
    <ListPage
      title="Purchase Orders"
      description="Purchase orders generated from approved indents, one per vendor, and where each one stands"
      allowed={allowed}
      noun="purchase orders"
      search={search}
      searchPlaceholder="Search PO ID, BoQ ID, Vendor ID, Vendor Name..."
      filters={
        <>
          <StatusTabs
            tabs={LIST_STATUS_TABS}
            value={status}
            onChange={(value) => search.setFilter('status', value)}
          />
          <VendorFilter
            value={vendorId}
            onChange={(value) => search.setFilter('vendor', value)}
            fromMaster={canListVendors(user)}
            present={[...seenVendors]}
          />
          <ProjectFilter value={projectId} onChange={(value) => search.setFilter('project', value)} />
        </>
      }
      filtersOnPhone={{ active: activeFilterCount({ status, vendorId, projectId }) }}
      count={{ one: 'PO', many: 'POs' }}
      query={list}
      page={list.data}
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
