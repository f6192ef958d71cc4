import { can, isAdmin } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, EmptyState, ErrorPanel, Icon, LinkButton, PageHeader, Pagination, Spinner, useDebouncedValue, useQueryParams } from '@erp/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCurrentUser } from '@erp/ui/remote';
import { TEAM_PAGE_SIZE, useTeamList, type TeamStatusFilter } from '../api/get-team-list';
import { STATUS_OPTIONS, TeamFilters } from './team-filters';
import { TeamListSkeleton } from './team-list-skeleton';
import { TeamTable } from './team-table';

const Footer = styled.div`
  margin-top: 1rem;
`;

const Refreshing = styled.span`
  display: inline-flex;
  margin-left: 0.5rem;
  vertical-align: middle;
`;

function parseStatus(value: string | null): TeamStatusFilter {
  return STATUS_OPTIONS.some((o) => o.value === value) ? (value as TeamStatusFilter) : 'all';
}

/** /team/list (SPEC §2 "Team"): server-side search, status filter, 10 per page. */
export function TeamListPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const [params, setParams] = useQueryParams();
  const keyword = params.get('keyword') ?? '';
  const status = parseStatus(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  // Typing updates the box at once and the URL (and the server query) once typing pauses.
  const [input, setInput] = useState(keyword);
  const debounced = useDebouncedValue(input).trim();
  const latest = useRef({ keyword, debounced, setParams });
  useEffect(() => {
    latest.current = { keyword, debounced, setParams };
  });
  useEffect(() => {
    const { keyword: current, setParams: set } = latest.current;
    if (debounced !== current) set({ keyword: debounced || undefined, page: undefined });
  }, [debounced]);
  // The URL changed without typing (back button, Clear Filters): show its keyword in the box.
  useEffect(() => {
    if (keyword !== latest.current.debounced) setInput(keyword);
  }, [keyword]);

  const allowed = can(user, 'team', 'teamList', 'read');
  const list = useTeamList({ page, keyword, status }, allowed);
  const filtered = keyword !== '' || status !== 'all';

  const clearFilters = () => {
    setInput('');
    setParams({ keyword: undefined, status: undefined, page: undefined });
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title="Team Members" />
        <EmptyState icon="lock" title="Access denied" description="You don't have permission to view team members." />
      </>
    );
  }

  const addButton = admin ? (
    <LinkButton to="/team/edit">
      <Icon name="plus" />
      Add Member
    </LinkButton>
  ) : null;

  let body;
  if (list.isPending) body = <TeamListSkeleton />;
  else if (list.isError)
    body = <ErrorPanel title="Could not load team members" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (list.data.result.length === 0)
    body = filtered ? (
      <EmptyState
        icon="search"
        title="No members match these filters"
        description="Try adjusting your search or filters"
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="users"
        title="No team members yet"
        description={admin ? 'Add your first team member to give them access to the system.' : 'Team members added by an Admin will appear here.'}
        action={
          admin ? (
            <LinkButton to="/team/edit">
              <Icon name="plus" />
              Add First Member
            </LinkButton>
          ) : undefined
        }
      />
    );
  else
    body = (
      <>
        <TeamTable members={list.data.result} canEdit={admin} />
        <Footer>
          <Pagination
            page={page}
            pageSize={TEAM_PAGE_SIZE}
            totalItems={list.data.totalItems}
            onPageChange={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
          />
        </Footer>
      </>
    );

  return (
    <>
      <PageHeader
        title={
          <>
            Team Members
            {list.isFetching && !list.isPending && (
              <Refreshing>
                <Spinner label="Refreshing" />
              </Refreshing>
            )}
          </>
        }
        description="Manage team members, their roles and what they can access"
        actions={addButton}
      />
      <TeamFilters
        keyword={input}
        onKeywordChange={setInput}
        status={status}
        onStatusChange={(next) => setParams({ status: next === 'all' ? undefined : next, page: undefined })}
        onClear={clearFilters}
      />
      {body}
    </>
  );
}
