import type { VendorItemLink } from '@erp/contracts';
import { SearchInput, Select } from '@erp/ui';
import { FilterBar, SortSelect, type Column } from '@erp/ui/remote';
import type { LinkedItemsSearch } from '../hooks/use-linked-items-search';

export interface LinkedItemsFiltersProps {
  list: LinkedItemsSearch;
  columns: Column<VendorItemLink>[];
  /** Desktop: the table's headers sort, so no sort select. */
  compact: boolean;
}

/** The linked items' search, status filter and (on phones) sort select. */
export function LinkedItemsFilters({
  list: { search, status, sort },
  columns,
  compact,
}: LinkedItemsFiltersProps) {
  return (
    <FilterBar role="search">
      <SearchInput
        value={search.input}
        onValueChange={search.setInput}
        placeholder="Search items..."
        aria-label="Search this vendor's items"
      />
      <Select
        value={status}
        onChange={(e) => search.setFilter('status', e.target.value === 'all' ? undefined : e.target.value)}
        aria-label="Filter by status"
      >
        <option value="all">All Status</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </Select>
      {/* Desktops sort by the table's headers; cards have none. */}
      {!compact && <SortSelect columns={columns} sort={sort} onSortChange={search.setSort} />}
    </FilterBar>
  );
}
