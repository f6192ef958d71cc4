import type { OverbillCase } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Pagination } from '@erp/ui';
import { DataTable, ListSkeleton } from '@erp/ui/remote';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { useOverbilling } from '../api/get-overbilling';
import { OVERBILL_PAGE_SIZE, type OverbillTab } from '../hooks/ledger-filters';
import { overbillingColumns } from './overbilling-columns';

const Footer = styled.div`
  margin-top: 1rem;
`;

export interface OverbillingBodyProps {
  query: ReturnType<typeof useOverbilling>;
  tab: OverbillTab;
  page: number;
  onPageChange: (next: number) => void;
  /** Approve and Reject on open cases, when the user decides and some are open. */
  actions: ((c: OverbillCase) => ReactNode) | undefined;
}

/** What a tab with no cases says. */
const emptyTitle = (tab: OverbillTab) =>
  tab === 'Open'
    ? 'No open overbilling cases'
    : tab === 'all'
      ? 'No overbilling cases'
      : `No ${tab.toLowerCase()} overbilling cases`;

/** The overbilling queue under its filters: loading, failure, none in this tab, or the cases and their pager. */
export function OverbillingBody({ query, tab, page, onPageChange, actions }: OverbillingBodyProps) {
  const rows = query.data?.result;
  if (query.isPending) return <ListSkeleton label="Loading overbilling cases" />;
  if (query.isError)
    return (
      <ErrorPanel
        title="Could not load overbilling cases"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!rows || rows.length === 0)
    return (
      <EmptyState
        icon="check"
        title={emptyTitle(tab)}
        description="A case opens when a goods receipt's invoice is above what its goods cost at the PO's locked prices."
      />
    );
  return (
    <>
      <DataTable
        caption="Overbilling cases"
        columns={overbillingColumns}
        rows={rows}
        rowKey={(c) => c._id}
        sortMode="server"
        actions={actions}
      />
      {query.data.totalItems > OVERBILL_PAGE_SIZE && (
        <Footer>
          <Pagination
            page={page}
            pageSize={OVERBILL_PAGE_SIZE}
            totalItems={query.data.totalItems}
            totalCapped={query.data.totalCapped}
            onPageChange={onPageChange}
          />
        </Footer>
      )}
    </>
  );
}
