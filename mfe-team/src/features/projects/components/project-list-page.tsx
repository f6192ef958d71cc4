import { can } from '@erp/contracts';
import { activeFilters, ListPage, useCurrentUser, useListFilters } from '@erp/ui/remote';
import { PROJECT_PAGE_SIZE, useProjectList } from '../api/get-project-list';
import { ProjectTable } from './project-table';
import { parseStatusFilter, StatusChips } from './status-chips';

/** /team/projects (SPEC §2 "Projects"): server-side search, status chips, table or cards. */
export function ProjectListPage() {
  const user = useCurrentUser();
  const allowed = can(user, 'team', 'projectList', 'read');
  const canAdd = can(user, 'team', 'addProject', 'write');
  const { search, values } = useListFilters({ status: parseStatusFilter });
  const list = useProjectList({ ...search.query, ...values }, allowed);

  return (
    <ListPage
      title="Projects"
      description="Construction projects, their dates, status and assigned team"
      create={canAdd && { to: '/team/project-edit', label: 'Add Project' }}
      allowed={allowed}
      noun="projects"
      search={search}
      searchPlaceholder="Search projects, codes, locations"
      filters={
        <StatusChips
          value={values.status}
          onChange={(value) => search.setFilter('status', value ?? undefined)}
        />
      }
      filtersOnPhone={{ active: activeFilters(values) }}
      count={{ one: 'project', many: 'projects' }}
      query={list}
      pageSize={PROJECT_PAGE_SIZE}
      noMatchTitle="No projects match these filters"
      empty={{
        icon: 'clipboard',
        title: 'No projects found',
        description: canAdd
          ? 'Get started by creating your first project'
          : 'Projects you are assigned to will appear here.',
      }}
    >
      {list.data && <ProjectTable projects={list.data.result} canEdit={canAdd} />}
    </ListPage>
  );
}
