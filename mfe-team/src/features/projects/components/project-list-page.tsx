import { can } from '@erp/contracts';
import { Icon, LinkButton } from '@erp/ui';
import { ListPage, useCurrentUser, useListSearch } from '@erp/ui/remote';
import { PROJECT_PAGE_SIZE, useProjectList } from '../api/get-project-list';
import { ProjectTable } from './project-table';
import { parseStatusFilter, StatusChips } from './status-chips';

/** /team/projects (SPEC §2 "Projects"): server-side search, status chips, table or cards. */
export function ProjectListPage() {
  const user = useCurrentUser();
  const allowed = can(user, 'team', 'projectList', 'read');
  const canAdd = can(user, 'team', 'addProject', 'write');
  const search = useListSearch(['status']);
  const status = parseStatusFilter(search.filter('status'));
  const list = useProjectList({ ...search.query, status }, allowed);
  const addProject = (label: string) => (
    <LinkButton to="/team/project-edit">
      <Icon name="plus" />
      {label}
    </LinkButton>
  );

  return (
    <ListPage
      title="Projects"
      description="Construction projects, their dates, status and assigned team"
      actions={canAdd && addProject('Add Project')}
      allowed={allowed}
      noun="projects"
      search={search}
      searchPlaceholder="Search projects, codes, locations"
      filters={
        <StatusChips value={status} onChange={(value) => search.setFilter('status', value ?? undefined)} />
      }
      filtersOnPhone={{ active: status ? 1 : 0 }}
      count={{ one: 'project', many: 'projects' }}
      query={list}
      page={list.data}
      pageSize={PROJECT_PAGE_SIZE}
      noMatchTitle="No projects match these filters"
      empty={{
        icon: 'clipboard',
        title: 'No projects found',
        description: canAdd
          ? 'Get started by creating your first project'
          : 'Projects you are assigned to will appear here.',
        action: canAdd ? addProject('Add Project') : undefined,
      }}
    >
      {list.data && <ProjectTable projects={list.data.result} canEdit={canAdd} />}
    </ListPage>
  );
}
