import { can } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, EmptyState, ErrorPanel, Icon, LinkButton, PageHeader, Pagination, SearchInput, Spinner, theme, useDebouncedValue, useQueryParams } from '@erp/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCurrentUser } from '@erp/ui/remote';
import { useVendorList, VENDOR_PAGE_SIZE } from '../api/get-vendor-list';
import { VendorListSkeleton } from './vendor-list-skeleton';
import { VendorTable } from './vendor-table';

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

/** /vendors/list (SPEC §2 "Vendors"): server-side search, Open to the detail screen. */
export function VendorListPage() {
  const user = useCurrentUser();
  const canCreate = can(user, 'vendors', 'create', 'write');
  const allowed = can(user, 'vendors', 'list', 'read') || canCreate;
  const [params, setParams] = useQueryParams();
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

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
  useEffect(() => {
    if (keyword !== latest.current.debounced) setInput(keyword);
  }, [keyword]);

  const list = useVendorList({ page, keyword }, allowed);

  const clearFilters = () => {
    setInput('');
    setParams({ keyword: undefined, page: undefined });
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title="Vendors" />
        <EmptyState icon="lock" title="Access denied" description="You don't have permission to view vendors." />
      </>
    );
  }

  const createButton = canCreate ? (
    <LinkButton to="/vendors/create">
      <Icon name="plus" />
      Create Vendor
    </LinkButton>
  ) : null;

  let body;
  if (list.isPending) body = <VendorListSkeleton />;
  else if (list.isError) body = <ErrorPanel title="Could not load vendors" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.vendors.length === 0)
    body = keyword ? (
      <EmptyState
        icon="search"
        title="No vendors match your search"
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="truck"
        title="No vendors yet"
        description={canCreate ? 'Create your first vendor to start recording their prices.' : 'Vendors created by a purchaser will appear here.'}
        action={
          canCreate ? (
            <LinkButton to="/vendors/create">
              <Icon name="plus" />
              Create First Vendor
            </LinkButton>
          ) : undefined
        }
      />
    );
  else
    body = (
      <>
        <VendorTable vendors={list.data.vendors} />
        {list.data.totalVendor > VENDOR_PAGE_SIZE && (
          <Footer>
            <Pagination
              page={page}
              pageSize={VENDOR_PAGE_SIZE}
              totalItems={list.data.totalVendor}
              onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
            />
          </Footer>
        )}
      </>
    );

  const total = list.data?.totalVendor;
  return (
    <>
      <PageHeader
        title={
          <>
            Vendors
            {list.isFetching && !list.isPending && (
              <Refreshing>
                <Spinner label="Refreshing" />
              </Refreshing>
            )}
          </>
        }
        description="Suppliers, their terms and what you owe them"
        actions={createButton}
      />
      <Bar role="search">
        <SearchInput value={input} onValueChange={setInput} placeholder="Search by vendor name, ID or contact..." aria-label="Search vendors" />
        {total !== undefined && (
          <Count aria-live="polite">
            {total} {total === 1 ? 'vendor' : 'vendors'}
          </Count>
        )}
        {keyword && (
          <Button variant="ghost" onClick={clearFilters}>
            Clear Filters
          </Button>
        )}
      </Bar>
      {body}
    </>
  );
}
