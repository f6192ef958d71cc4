import { can, isAdmin } from '@erp/contracts';
import { ListPage, parseChoice, Tabs, useCurrentUser, useListFilters } from '@erp/ui/remote';
import { TEAM_PAGE_SIZE, useTeamList, type TeamStatusFilter } from '../api/get-team-list';
import { TeamTable } from './team-table';

export const STATUS_OPTIONS: { value: TeamStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inActive', label: 'Inactive' },
];

function parseStatus(value: string | null): TeamStatusFilter {
  return parseChoice(value, STATUS_OPTIONS) ?? 'all';
}

/** /team/list (SPEC §2 "Team"): server-side search, status filter, 10 per page. */
export function TeamListPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const allowed = can(user, 'team', 'teamList', 'read');
  const { search, values } = useListFilters({ status: parseStatus });
  const list = useTeamList({ ...search.query, ...values }, allowed);

  return (
    <ListPage
      title="Team Members"
      description="Manage team members, their roles and what they can access"
      create={admin && { to: '/team/edit', label: 'Add Member', firstLabel: 'Add First Member' }}
      allowed={allowed}
      noun="team members"
      search={search}
      searchPlaceholder="Search by name, email or phone..."
      filters={
        <Tabs
          aria-label="Filter by status"
          value={values.status}
          onValueChange={(value) => search.setFilter('status', value === 'all' ? undefined : value)}
          tabs={STATUS_OPTIONS}
        />
      }
      query={list}
      pageSize={TEAM_PAGE_SIZE}
      alwaysPaginate
      noMatchTitle="No members match these filters"
      empty={{
        icon: 'users',
        title: 'No team members yet',
        description: admin
          ? 'Add your first team member to give them access to the system.'
          : 'Team members added by an Admin will appear here.',
      }}
    >
      {list.data && <TeamTable members={list.data.result} canEdit={admin} />}
    </ListPage>
  );
}
