import { can } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, EmptyState, ErrorPanel, Icon, LinkButton, PageHeader, Pagination, SearchInput, Spinner, theme, useDebouncedValue, useQueryParams } from '@erp/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCurrentUser } from '@erp/ui/remote';
import { ITEM_PAGE_SIZE, useItemList } from '../api/get-item-list';
import { ExportButtons } from './export-buttons';
import { ImportDialog } from './import-dialog';
import { ItemListSkeleton } from './item-list-skeleton';
import { ItemTable } from './item-table';

const Bar = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  ${theme.media.mobile} {
    & > div:first-child { flex-basis: 100%; }
  }
`;

const Count = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  white-space: nowrap;
`;

const Footer = styled.div`
  margin-top: 1rem;
`;

const Refreshing = styled.span`
  display: inline-flex;
  margin-left: 0.5rem;
  vertical-align: middle;
`;

/** /items/list (SPEC §2 "Items"): server-side search, total count, import and export. */
export function ItemListPage() {
  const user = useCurrentUser();
  const canManage = can(user, 'items', 'add', 'write');
  const allowed = can(user, 'items', 'list', 'read') || canManage;
  const [params, setParams] = useQueryParams();
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [importOpen, setImportOpen] = useState(false);

  // Typing updates the box at once and the URL (and the server query) once typing pauses.
  const [input, setInput] = useState(keyword);
  const debounced = useDebouncedValue(input).trim();
  const latest = useRef({ keyword, debounced, setParams });
  useEffect(() => {
    latest.current = { keyword, debounced, setParams };
  });
  useEffect(() => {
    const { keyword: current, setParams: set } = latest.current;
    if (debounced !== current) set({ keyword: debounced || undefined, page: undefined }, { replace: true });
  }, [debounced]);
  // The URL changed without typing (back button, Clear Filters): show its keyword in the box.
  useEffect(() => {
    if (keyword !== latest.current.debounced) setInput(keyword);
  }, [keyword]);

  // The query follows the typing at once; the URL catches up (one render pass less per search).
  const list = useItemList({ page: debounced === keyword ? page : 1, keyword: debounced }, allowed);

  const clearFilters = () => {
    setInput('');
    setParams({ keyword: undefined, page: undefined });
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title="Items" />
        <EmptyState icon="lock" title="Access denied" description="You don't have permission to view items." />
      </>
    );
  }

  const actions = canManage ? (
    <>
      <Button variant="outline" onClick={() => setImportOpen(true)}>
        <Icon name="inbox" />
        Import
      </Button>
      <ExportButtons keyword={keyword} />
      <LinkButton to="/items/create">
        <Icon name="plus" />
        Add Item
      </LinkButton>
    </>
  ) : null;

  let body;
  if (list.isPending) body = <ItemListSkeleton />;
  else if (list.isError) body = <ErrorPanel title="Could not load items" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.result.length === 0)
    body = keyword ? (
      <EmptyState
        icon="search"
        title="No items match your search"
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="package"
        title="No items yet"
        description={canManage ? 'Add your first item with the vendors who supply it and their prices.' : 'Items added by a purchaser will appear here.'}
        action={
          canManage ? (
            <LinkButton to="/items/create">
              <Icon name="plus" />
              Add First Item
            </LinkButton>
          ) : undefined
        }
      />
    );
  else
    body = (
      <>
        <ItemTable items={list.data.result} canEdit={canManage} />
        {list.data.totalItems > ITEM_PAGE_SIZE && (
          <Footer>
            <Pagination
              page={page}
              pageSize={ITEM_PAGE_SIZE}
              totalItems={list.data.totalItems}
              onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
            />
          </Footer>
        )}
      </>
    );

  const total = list.data?.totalItems;
  return (
    <>
      <PageHeader
        title={
          <>
            Items
            {list.isFetching && !list.isPending && (
              <Refreshing>
                <Spinner label="Refreshing" />
              </Refreshing>
            )}
          </>
        }
        description="The item master: units and each vendor's price"
        actions={actions}
      />
      <Bar role="search">
        <SearchInput value={input} onValueChange={setInput} placeholder="Search items..." aria-label="Search items" />
        {total !== undefined && (
          <Count aria-live="polite">
            {total} {total === 1 ? 'item' : 'items'}
          </Count>
        )}
        {keyword && (
          <Button variant="ghost" onClick={clearFilters}>
            Clear Filters
          </Button>
        )}
      </Bar>
      {body}
      {canManage && <ImportDialog open={importOpen} onOpenChange={setImportOpen} />}
    </>
  );
}
