import type { VendorItemLink } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, EmptyState, ErrorPanel, Pagination, Skeleton } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VENDOR_ITEMS_PAGE_SIZE } from '../api/get-vendor-items';
import type { LinkedItemsSearch } from '../hooks/use-linked-items-search';

const Pager = styled.div`
  margin-top: 1rem;
`;

export interface LinkedItemsBodyProps {
  list: LinkedItemsSearch;
  columns: Column<VendorItemLink>[];
  /** The row actions, when the user may edit prices. */
  actions: ((link: VendorItemLink) => ReactNode) | undefined;
}

/**
 * Under the filters: a placeholder while loading, the catalog's failure (the vendor's own details
 * are not affected), an empty state (with Clear Filters when filtered), or the table and its pager.
 */
export function LinkedItemsBody({ list: { search, sort, items }, columns, actions }: LinkedItemsBodyProps) {
  if (items.isPending) return <Skeleton $height="8rem" />;
  if (items.isError)
    return (
      <ErrorPanel
        title="Could not load this vendor's items"
        message={`${errorMessage(items.error)} The item prices come from the catalog service; the vendor's own details above are not affected.`}
        onRetry={() => void items.refetch()}
      />
    );
  if (items.data.result.length === 0)
    return search.filtered ? (
      <EmptyState
        icon="search"
        title="No items match these filters"
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={search.clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="package"
        title="No items linked yet"
        description="Prices this vendor gives for items in the item master appear here."
      />
    );
  return (
    <>
      <DataTable
        caption="Items from this vendor"
        columns={columns}
        rows={items.data.result}
        rowKey={(l) => l._id}
        sort={sort}
        onSortChange={search.setSort}
        sortMode="server"
        actions={actions}
      />
      {(items.data.totalItems > VENDOR_ITEMS_PAGE_SIZE || items.data.totalCapped) && (
        <Pager>
          <Pagination
            page={search.page}
            pageSize={VENDOR_ITEMS_PAGE_SIZE}
            totalItems={items.data.totalItems}
            totalCapped={items.data.totalCapped}
            onPageChange={search.setPage}
          />
        </Pager>
      )}
    </>
  );
}
