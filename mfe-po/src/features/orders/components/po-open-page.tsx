import { theme } from '@erp/ui';
import { ListPage, SortSelect, useCurrentUser } from '@erp/ui/remote';
import { useIsMobile } from '@erp/ui';
import styled from 'styled-components';
import { usePoList } from '../api/get-po-list';
import { canListVendors, canReadOpenPos } from '../../shared/hooks/po-access';
import {
  DEFAULT_OPEN_SORT,
  OPEN_PO_PAGE_SIZE,
  OPEN_STATUS_TABS,
  SORT_KEYS,
  toPoSort,
} from '../hooks/po-list-filters';
import { useSeenVendors } from '../hooks/use-seen-vendors';
import { PoListFilterBar, poFiltersOnPhone, poListQuery, usePoListFilters } from './po-filters';
import { OPEN_COLUMNS, OpenPoTable } from './po-table';

export const OPEN_SEARCH_PLACEHOLDER = {
  desktop: 'Search PO ID, BoQ ID, Vendor ID, Vendor Name...',
  phone: 'Search PO, BoQ, vendor...',
} as const;

/** The phone's sort: the select and the direction button side by side, a row of their own. */
const SortRow = styled.div`
  display: flex;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-basis: 100%;
    & > select {
      flex: 1;
    }
  }
`;

/**
 * /po/open (SPEC §2 "Active PO list for receiving"): only Open and Partial POs (status 'active'),
 * with the search, a status filter (All, Open, Partial), vendor and project filters, and the sort by
 * Order Date, Status, Vendor, Project or PO Number, all on the server; 25 per page with up to 5 page
 * buttons. 'Receive' goes to the goods receipt.
 */
export function PoOpenPage() {
  const user = useCurrentUser();
  const phone = useIsMobile();
  const allowed = canReadOpenPos(user);
  const filters = usePoListFilters(OPEN_STATUS_TABS, { defaultSort: DEFAULT_OPEN_SORT, sortKeys: SORT_KEYS });
  const { search } = filters;
  const list = usePoList(
    { scope: 'active', pageSize: OPEN_PO_PAGE_SIZE, ...poListQuery(filters), sort: toPoSort(search.sort) },
    allowed,
  );
  const seenVendors = useSeenVendors(list.data?.result);

  return (
    <ListPage
      title="Open Purchase Orders"
      description="Open and partly received purchase orders, ready for goods receipt"
      allowed={allowed}
      noun="open purchase orders"
      search={search}
      // A phone's search box (beside the Filters button) holds about 25 characters: the PO list's long
      // words were cut off there (decision 0037); the box's label names everything it searches.
      searchPlaceholder={phone ? OPEN_SEARCH_PLACEHOLDER.phone : OPEN_SEARCH_PLACEHOLDER.desktop}
      searchLabel="Search open purchase orders by PO ID, BoQ ID, vendor ID or vendor name"
      filters={
        <PoListFilterBar
          filters={filters}
          tabs={OPEN_STATUS_TABS}
          fromMaster={canListVendors(user)}
          seenVendors={seenVendors}
        >
          {phone && (
            <SortRow>
              <SortSelect columns={OPEN_COLUMNS} sort={search.sort} onSortChange={search.setSort} />
            </SortRow>
          )}
        </PoListFilterBar>
      }
      filtersOnPhone={poFiltersOnPhone(filters)}
      count={{ one: 'PO', many: 'POs' }}
      query={list}
      pageSize={OPEN_PO_PAGE_SIZE}
      noMatchTitle="No Active Purchase Orders"
      empty={{
        icon: 'truck',
        title: 'No Active Purchase Orders',
        description: 'Purchase orders waiting for goods appear here once an indent is approved.',
      }}
    >
      {list.data && (
        <OpenPoTable pos={list.data.result} user={user} sort={search.sort} onSortChange={search.setSort} />
      )}
    </ListPage>
  );
}
