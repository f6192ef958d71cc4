/**
 * A queue of indents waiting for someone (SPEC §2 "Compare queue", "Approval queue"): the first 100
 * from the server, a table on desktops and cards on phones, one action per row. No search or
 * filters: the spec's queues have none (ListPage always draws a search bar, so it is not used here).
 */
import type { IndentListResponse, IndentSummary } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  EmptyState,
  ErrorPanel,
  formatDate,
  formatNumber,
  PageHeader,
  Spinner,
  theme,
  type IconName,
} from '@erp/ui';
import { DataTable, ListSkeleton, NameWithCode, type Column } from '@erp/ui/remote';
import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { actorName, unitTotalsText } from '../hooks/indent-format';

export const Stacked = styled(NameWithCode)`
  & > small > .unit {
    white-space: nowrap;
  }
`;

/**
 * The queues' columns (SPEC §2): Indent #, Project, who sent it and when (`person` says which), and
 * Items (SPEC: 'Items (total quantity)') as the line count with the total per unit; a queue adds its own after them.
 */
export function queueColumns(person: {
  header: string;
  who: (r: IndentSummary) => IndentSummary['createdBy'];
  when: (r: IndentSummary) => string | null;
}): Column<IndentSummary>[] {
  return [
    {
      id: 'indent',
      header: 'Indent #',
      primary: true,
      cell: (r) => (
        <Stacked>
          {r.indentId}
          <small>{r.title}</small>
        </Stacked>
      ),
    },
    {
      id: 'project',
      header: 'Project',
      cell: (r) => (
        <Stacked>
          {r.projectId.name}
          <small>{r.projectId.projectCode}</small>
        </Stacked>
      ),
    },
    {
      id: 'person',
      header: person.header,
      cell: (r) => (
        <Stacked>
          {actorName(person.who(r))}
          <small>{formatDate(person.when(r))}</small>
        </Stacked>
      ),
    },
    {
      id: 'items',
      header: 'Items',
      align: 'right',
      // Quantities per unit, never added across units (decision 0037): '3 items' over '250 bags · 45 CBM · 4,800 pcs'.
      cell: (r) => {
        const units = unitTotalsText(r.items.byUnit, 3);
        return (
          <Stacked>
            {r.items.count} {r.items.count === 1 ? 'item' : 'items'}
            {units.all && (
              <small className="units" title={units.shown === units.all ? undefined : units.all}>
                {units.shown.split(' · ').map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 && ' · '}
                    <span className="unit">{part}</span>
                  </Fragment>
                ))}
              </small>
            )}
          </Stacked>
        );
      },
    },
  ];
}

const Count = styled.p`
  margin: -0.75rem 0 1rem;
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
`;

export interface QueuePageProps {
  title: string;
  description: string;
  allowed: boolean;
  deniedText: string;
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    data: IndentListResponse | undefined;
    refetch: () => unknown;
  };
  columns: Column<IndentSummary>[];
  actions: (row: IndentSummary) => ReactNode;
  empty: { icon: IconName; title: string; description?: string };
}

export function QueuePage({
  title,
  description,
  allowed,
  deniedText,
  query,
  columns,
  actions,
  empty,
}: QueuePageProps) {
  if (!allowed) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState icon="lock" title="Access denied" description={deniedText} />
      </>
    );
  }
  const rows = query.data?.result ?? [];
  const total = query.data?.totalItems ?? 0;
  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton label={`Loading ${title.toLowerCase()}`} />;
  else if (query.isError)
    body = (
      <ErrorPanel
        title="Could not load the queue"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (rows.length === 0)
    body = <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  else
    body = (
      <>
        <Count aria-live="polite">
          {total > rows.length
            ? `Showing the first ${formatNumber(rows.length)} of ${formatNumber(total)}${query.data?.totalCapped ? '+' : ''} indents`
            : `${formatNumber(total)} ${total === 1 ? 'indent' : 'indents'} waiting`}
        </Count>
        <DataTable caption={title} columns={columns} rows={rows} actions={actions} />
      </>
    );
  return (
    <>
      <PageHeader
        title={
          <>
            {title}
            {query.isFetching && !query.isPending && <Spinner label="Refreshing" />}
          </>
        }
        description={description}
      />
      {body}
    </>
  );
}
