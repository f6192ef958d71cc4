import { VENDOR_ITEM_SORTS } from '@erp/contracts';
import { useListSearch, type ListSort } from '@erp/ui/remote';
import { useVendorItems, type VendorItemSort, type VendorItemStatus } from '../api/get-vendor-items';

/** SPEC §2: sorted by item name, price, MOQ or last updated; item name first. */
const DEFAULT_SORT: ListSort = { key: 'itemName', desc: false };
const STATUSES: readonly VendorItemStatus[] = ['active', 'inactive'];

/**
 * A vendor's linked items as the URL asks for them: search, status, sort and page are in the URL
 * (the list kit's useListSearch), the sort one of the catalog's.
 */
export function useLinkedItemsSearch(vendorId: string) {
  const search = useListSearch(['status'], { defaultSort: DEFAULT_SORT, sortKeys: VENDOR_ITEM_SORTS });
  const statusParam = search.filter('status');
  const status: VendorItemStatus = STATUSES.find((s) => s === statusParam) ?? 'all';
  const sort = search.sort ?? DEFAULT_SORT;
  const items = useVendorItems(vendorId, {
    keyword: search.query.keyword,
    status,
    sort: sort.key as VendorItemSort,
    order: sort.desc ? 'desc' : 'asc',
    page: search.query.page,
  });
  return { search, status, sort, items };
}

export type LinkedItemsSearch = ReturnType<typeof useLinkedItemsSearch>;
